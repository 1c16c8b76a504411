import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { E2E_NOTIFY_TO, E2E_TEAM_EMAIL, mailTo } from '../../test-support/e2e/mail';
import { axeViolations, emailedLink, onTestOrigin } from '../../test-support/e2e/team';
import { E2E_SITE_ORIGIN } from '../../test-support/spec/public-web';

// Issue 20, the team console, in Chromium against the real API and the local SMTP server
// (playwright.config.ts): the sign-in link is read from the email the server received.

/** A 1x1 PNG: the API checks that an upload's bytes match its extension. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A visitor's submission with a file, sent as the feedback form sends it (multipart). */
async function submitFeedback(page: Page, marker: string): Promise<void> {
  const response = await page.request.post('/api/submit-feedback-form', {
    multipart: {
      firstName: 'Ines',
      lastName: `Okafor ${marker}`,
      email: `ines.${marker}@example.org`,
      organization: 'Cedar Hollow Firewise Group',
      zipCode: '95969',
      message: 'Our scorecard is attached.',
      files: { name: `map-${marker}.png`, mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(response.status()).toBe(200);
}

test('a team member signs in from the email, finds the submission, changes its status, downloads its file and exports', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const marker = `e2e${Date.now().toString(36)}`;
  await submitFeedback(page, marker);

  const response = await page.goto('/team');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const emailed = await emailedLink(page, E2E_TEAM_EMAIL);
  // The email names the public origin (SITE_ORIGIN); the test follows it on the address it reaches the site on.
  expect(emailed.startsWith(`${E2E_SITE_ORIGIN}/team/sign-in#token=`)).toBe(true);
  const link = onTestOrigin(emailed, baseURL);
  expect(await axeViolations(page)).toEqual([]);

  // Opening the link signs nobody in (a mail scanner opening it would use it up): the button does.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Finish signing in' })).toBeVisible();
  await waitForHydration(page);
  expect(await (await page.request.get('/api/team/session')).json()).toEqual({ signedIn: false });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team inbox' })).toBeVisible();
  await expect(page).toHaveURL(/\/team$/);
  await page.getByLabel('Name, email or organisation').fill(marker);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: `ines.${marker}@example.org` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Feedback and uploads' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Cedar Hollow Firewise Group' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'New', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The export of the current filter, as CSV and as a workbook.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^submissions-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = await readFile(await csv.path(), 'utf8');
  expect(csvText.split('\r\n').filter(Boolean)).toHaveLength(2);
  expect(csvText).toContain(`"ines.${marker}@example.org"`);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export as Excel' }).click(),
  ]);
  const [sheet] = await readXlsxFile(await readFile(await xlsx.path()));
  const [header, ...rows] = sheet!.data;
  expect(rows).toHaveLength(1);
  expect(rows[0]![header!.indexOf('email')]).toBe(`ines.${marker}@example.org`);

  // The notification email about this submission links to its page in the console.
  let consoleLink = '';
  await expect
    .poll(async () => {
      const mails = await mailTo(page.request, E2E_NOTIFY_TO);
      const mail = mails.find((candidate) => candidate.text?.includes(`ines.${marker}@example.org`));
      consoleLink = /https?:\/\/\S+\/team\/submissions\/[A-Za-z0-9]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return consoleLink;
    })
    .not.toBe('');

  await row.getByRole('link', { name: `Ines Okafor ${marker}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Feedback and uploads from Ines Okafor ${marker}` }),
  ).toBeVisible();
  const submissionUrl = page.url();
  expect(submissionUrl).toMatch(/\/team\/submissions\/[A-Za-z0-9]+$/);
  expect(new URL(consoleLink).origin).toBe(E2E_SITE_ORIGIN);
  expect(new URL(consoleLink).pathname).toBe(new URL(submissionUrl).pathname);
  await expect(page.getByText('Organization', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download map-${marker}.png` }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`map-${marker}.png`);
  expect((await readFile(await file.path())).equals(PNG_1X1)).toBe(true);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('in-progress');
  await page.getByLabel('Private note (only the team sees it)').fill('Called back on Monday.');
  await page.getByRole('button', { name: 'Save status and note' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('in-progress');
  await expect(page.getByLabel('Private note (only the team sees it)')).toHaveValue('Called back on Monday.');
  await expect(
    page.getByRole('listitem').filter({ hasText: `${E2E_TEAM_EMAIL} changed the status from New to In progress` }),
  ).toBeVisible();

  // On a phone: no sideways scrolling, the inbox rows become cards.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.goto(`/team?q=${marker}`);
  await expect(page.getByRole('link', { name: `Ines Okafor ${marker}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // While the team's emails wait for an unreachable mail server, the inbox says so and when the next
  // attempt is. The API's side runs against a stopped SMTP server in api/test/notify-outbox.test.ts;
  // stopping this run's shared one would hold up every other spec's email, so here the inbox's real
  // answer gets the state the API sends then.
  const isInbox = (url: URL) => url.pathname === '/api/team/submissions';
  const nextAttemptAt = new Date(Date.now() + 4000).toISOString();
  await page.route(isInbox, async (route) => {
    const answer = await route.fetch();
    const json = { ...((await answer.json()) as object), mail: { pending: 2, failed: 1, nextAttemptAt } };
    await route.fulfill({ response: answer, json });
  });
  await page.reload();
  const mailStatus = page.getByRole('status').filter({ hasText: 'Email to the team' });
  await expect(mailStatus).toContainText('2 emails waiting: the mail server cannot be reached, next attempt at');
  await expect(mailStatus).toContainText('1 email could not be delivered: read those submissions here.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute(isInbox);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The used link is refused, also in a browser that has never signed in.
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  await other.goto(link);
  await waitForHydration(other);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('alert')).toContainText('expired or was already used');
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeVisible();
  await stranger.close();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeVisible();
  await page.goto(submissionUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeVisible();
});

test('an address not on the team gets the same answer and no email', async ({ page }) => {
  const stranger = `stranger.${Date.now().toString(36)}@consortium.test`;
  await page.goto('/team');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(stranger);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If this address belongs to the team' })).toBeVisible();
  // A later email, a submission's notification sent after the stranger's request was answered,
  // arrives after any link for the stranger would have.
  const later = `Later ${Date.now().toString(36)}`;
  const sent = await page.request.post('/api/submit-notifyme-form', {
    data: { firstName: 'Nadia', lastName: later, email: 'nadia@example.org', zipCode: '95969' },
  });
  expect(sent.status()).toBe(200);
  await expect
    .poll(async () => (await mailTo(page.request, E2E_NOTIFY_TO)).some((mail) => mail.text?.includes(later)))
    .toBe(true);
  expect(await mailTo(page.request, stranger)).toEqual([]);
});

test('the console works on a 320px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('no public page links to the console', async ({ page }) => {
  for (const path of ['/', '/about', '/scorecard', '/map']) {
    await page.goto(path);
    await expect(page.locator('a[href^="/team"]')).toHaveCount(0);
  }
});
