import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { e2eUpdatesAdminEmail, e2eUpdatesComposerEmail, mailTo } from '../../test-support/e2e/mail';
import { signInToConsole } from '../../test-support/e2e/team';
import type { ReceivedMail } from '../../test-support/smtp/server';
import { UPDATE_PAGE_ADDRESS } from '../../test-support/spec/routes';

// Issue 27, updates that reach people, in Chromium against the real API and the local SMTP
// server (playwright.config.ts): every link is read from the email the server received.

/** The address part of an emailed link (emails carry SITE_ORIGIN; the test's edge serves the path). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

async function newMail(request: APIRequestContext, address: string, match: (mail: ReceivedMail) => boolean) {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(request, address)).find(match);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

const linkIn = (mail: ReceivedMail, page: string) => {
  const link = new RegExp(`https?://\\S+${page}\\?token=[A-Za-z0-9._-]+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${page} link in: ${mail.text}`);
  return link;
};

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

/** A subscriber of "Scorecard updates" who confirmed (the form and the button are the first test's). */
async function confirmedSubscriber(request: APIRequestContext, email: string) {
  const sent = await request.post('/api/submit-subscribe-form', {
    data: { firstName: 'Lena', lastName: 'Park', email, zipCode: '95969' },
  });
  expect(sent.status()).toBe(200);
  const mail = await newMail(request, email, (candidate) => /Please confirm/.test(candidate.subject ?? ''));
  const token = new URL(linkIn(mail, '/updates/confirm')).searchParams.get('token');
  expect((await request.post('/api/updates/confirm', { data: { token } })).status()).toBe(200);
}

/** Signs the team in from the emailed link (once per test: sign-in links per address are limited). */
async function signInTeam(page: Page): Promise<Record<string, string>> {
  const admin = e2eUpdatesAdminEmail(test.info());
  const started = Math.max(0, ...(await mailTo(page.request, admin)).map((mail) => mail.seq));
  const asked = await page.request.post('/api/team/sign-in', { data: { email: admin } });
  expect(asked.status()).toBe(202);
  const mail = await newMail(page.request, admin, (candidate) => candidate.seq > started);
  const token = /\/team\/sign-in#token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  expect((await page.request.post('/api/team/session', { data: { token } })).status()).toBe(201);
  const { csrfToken } = (await (await page.request.get('/api/team/session')).json()) as { csrfToken: string };
  return { 'X-CSRF-Token': csrfToken };
}

/** Writes an update and sends it through the console's API; answers its id. */
async function teamSends(page: Page, headers: Record<string, string>, subject: string): Promise<string> {
  const draft = await page.request.post('/api/team/updates', {
    headers,
    data: { subject, body: `## ${subject}\n\nThe 2027 Scorecard opens in March.`, list: 'scorecard' },
  });
  expect(draft.status()).toBe(201);
  const { id } = (await draft.json()) as { id: string };
  expect((await page.request.post(`/api/team/updates/${id}/send`, { headers, data: {} })).status()).toBe(200);
  return id;
}

/** Waits until every delivery of the update is settled; answers its counts. */
async function settled(page: Page, id: string): Promise<Record<string, number>> {
  let counts: Record<string, number> = {};
  await expect
    .poll(async () => {
      const update = (await (await page.request.get(`/api/team/updates/${id}`)).json()) as {
        state: string;
        counts: Record<string, number>;
      };
      counts = update.counts;
      return update.state;
    })
    .toBe('sent');
  return counts;
}

// An update goes to every confirmed subscriber of the run, at UPDATES_RATE, and is marked sent at
// the update sender's next round (every 5 s): a test that sends two takes longer than most.
const SENDING_TIMEOUT_MS = 120_000;

const stamp = () => `${Date.now()}-${Math.round(Math.random() * 1e6)}`;

test('a visitor ticks the updates box, receives the confirmation, and confirms through the button', async ({
  page,
}) => {
  const email = `rosa.${stamp()}@example.org`;
  await page.goto('/dev/forms');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Open the Contact (pop-up and /contact-us) form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Marquez');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Zip / postal code').fill('95814');
  await dialog.getByLabel('Subscribe to updates').check();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(/Thank you for contacting us!/)).toBeVisible();

  const mail = await newMail(page.request, email, (candidate) => /Please confirm/.test(candidate.subject ?? ''));
  const link = pathOf(linkIn(mail, '/updates/confirm'));
  // Opening the link changes nothing (mail scanners follow links): twice, still waiting.
  for (let i = 0; i < 2; i += 1) {
    await page.goto(link);
    await waitForHydration(page);
    await expect(page.getByText(email)).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Scorecard updates');
  expect(await axeViolations(page)).toEqual([]);
  // Confirming twice is harmless: the link now says so.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
});

test('confirms without JavaScript: the button posts the form and lands on a page that says so', async ({
  browser,
  request,
}) => {
  const email = `noscript.${stamp()}@example.org`;
  expect(
    (
      await request.post('/api/submit-subscribe-form', {
        data: { firstName: 'Ada', lastName: 'Okafor', email, zipCode: '95969' },
      })
    ).status(),
  ).toBe(200);
  const mail = await newMail(request, email, (candidate) => /Please confirm/.test(candidate.subject ?? ''));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(pathOf(linkIn(mail, '/updates/confirm')));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/updates\/confirmed$/);
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  await context.close();
});

test('the team sends an update with List-Unsubscribe headers; one-click and the preferences page each stop the next', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(SENDING_TIMEOUT_MS);
  const tag = stamp();
  const oneClick = `one-click.${tag}@example.org`;
  const viaPage = `preferences.${tag}@example.org`;
  const stays = `stays.${tag}@example.org`;
  for (const email of [oneClick, viaPage, stays]) await confirmedSubscriber(page.request, email);
  const team = await signInTeam(page);

  const first = `Scorecard news ${tag}`;
  expect(await settled(page, await teamSends(page, team, first))).toMatchObject({ failed: 0 });
  const received = await newMail(page.request, oneClick, (mail) => mail.subject === first);
  expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const listUnsubscribe = String(received.headers['list-unsubscribe']);
  expect(listUnsubscribe).toMatch(/<mailto:[^>]+>/);
  const https = /<(https:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1];
  expect(https).toBeDefined();
  // No tracking: no image in the email, and its links are the site's own.
  expect(received.html).not.toMatch(/<img/i);

  // The one-click POST as a mail provider sends it: no cookie, no session. Again is harmless.
  const provider = await playwright.request.newContext({ baseURL });
  for (let i = 0; i < 2; i += 1) {
    const left = await provider.post(pathOf(https!), { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(left.status()).toBe(200);
  }
  await provider.dispose();

  // The web version of the update, from the link in its footer: its page in the public archive
  // (issue 38 item 2), read by anyone, whole without scripts (it has none to hydrate).
  const web = /Read it on the web: (\S+)/.exec(received.text ?? '')?.[1];
  expect(new URL(web!).pathname).toMatch(UPDATE_PAGE_ADDRESS);
  await page.goto(pathOf(web!));
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await expect(page.getByText('The 2027 Scorecard opens in March.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The preferences page from the update's footer: leave every list.
  const viaPageMail = await newMail(page.request, viaPage, (mail) => mail.subject === first);
  await page.goto(pathOf(linkIn(viaPageMail, '/updates/preferences')));
  await waitForHydration(page);
  await expect(page.getByText(viaPage)).toBeVisible();
  await expect(page.getByLabel(/Scorecard updates/)).toBeChecked();
  await expect(page.getByText(/no tracking/i)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Leave every list' }).click();
  await expect(page.getByText('You have left every list. We will send you nothing more.')).toBeVisible();
  await expect(page.getByLabel(/Scorecard updates/)).not.toBeChecked();

  const second = `More scorecard news ${tag}`;
  await settled(page, await teamSends(page, team, second));
  await newMail(page.request, stays, (mail) => mail.subject === second);
  for (const email of [oneClick, viaPage]) {
    expect((await mailTo(page.request, email)).filter((mail) => mail.subject === second)).toEqual([]);
  }
});

test('erasure keeps the address suppressed: signing up again without confirming brings no update', async ({ page }) => {
  test.setTimeout(SENDING_TIMEOUT_MS);
  const tag = stamp();
  const erased = `erased.${tag}@example.org`;
  const control = `control.${tag}@example.org`;
  for (const email of [erased, control]) await confirmedSubscriber(page.request, email);
  const team = await signInTeam(page);
  const before = `Before erasure ${tag}`;
  await settled(page, await teamSends(page, team, before));
  await newMail(page.request, erased, (mail) => mail.subject === before);
  const suppressed = async () =>
    (await (await page.request.get(`/api/team/subscribers?q=${encodeURIComponent(erased)}`)).json()) as {
      suppressed: number;
      rows: unknown[];
    };
  const listed = await suppressed();
  expect(listed.rows).toHaveLength(1);
  const erasure = await page.request.post('/api/team/erase', {
    headers: team,
    data: { email: erased },
  });
  expect(erasure.status()).toBe(200);
  // The subscription is gone; only the address's hash stays, on the suppression list.
  const afterErasure = await suppressed();
  expect(afterErasure.rows).toEqual([]);
  expect(afterErasure.suppressed).toBe(listed.suppressed + 1);
  // A new sign-up is only pending until confirmed: the suppression holds.
  const again = await page.request.post('/api/submit-subscribe-form', {
    data: { firstName: 'Lena', lastName: 'Park', email: erased, zipCode: '95969' },
  });
  expect(again.status()).toBe(200);
  const after = `After erasure ${tag}`;
  await settled(page, await teamSends(page, team, after));
  await newMail(page.request, control, (mail) => mail.subject === after);
  expect((await mailTo(page.request, erased)).filter((mail) => mail.subject === after)).toEqual([]);
});

test('the team starts an update from the published press release in the console, by keyboard', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(SENDING_TIMEOUT_MS);
  // The release of 19 February 2024 (spec §2, §9), published from the scorecard area's seed.
  const title = 'Community Wildfire Resilience Scorecard Launched';
  const releasePage = '/scorecard/news/community-wildfire-resilience-scorecard-launched';
  await signInToConsole(page, e2eUpdatesComposerEmail(test.info()), baseURL);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Updates' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Updates' })).toBeVisible();

  const choice = page.getByLabel('Start from a press release');
  await expect(choice.getByRole('option', { name: `${title} (2024-02-19)` })).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);
  await choice.focus();
  await choice.selectOption({ label: `${title} (2024-02-19)` });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Start a draft from it' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText(`A draft from the press release “${title}” is open in the form`)).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue(title);
  const body = await page.getByLabel(/^Message/).inputValue();
  expect(body).toContain('$394 to $893 billion a year');
  expect(body).toMatch(new RegExp(`\\(https?://[^)]+${releasePage}\\)$`));
  await expect(page.getByRole('heading', { name: 'Change the draft' })).toBeVisible();
  const draft = page.getByRole('row').filter({ hasText: title }).first();
  await expect(draft.getByRole('cell', { name: 'Draft' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The preview is the email: the link to the release's page, with the campaign a sent update's
  // id takes (issue 40; "preview" until it is sent). (axe stays out of the preview: its frame is
  // sandboxed without scripts, so axe cannot run in it and waits for ever.)
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator(`iframe[title="Preview: ${title}"]`);
  await expect(preview.getByRole('link', { name: 'Read the press release on our website' })).toHaveAttribute(
    'href',
    new RegExp(`${releasePage}\\?utm_source=updates&utm_medium=email&utm_campaign=preview$`),
  );
});
