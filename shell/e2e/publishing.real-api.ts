import { expect, request as playwrightRequest, test, type APIRequestContext, type TestInfo } from '@playwright/test';
import type { EditorEntry, EntryAnswer, AreaContent } from '@wpc/shared/team/content-schemas';
import { rawHtmlWhen, remoteContentStatus, structuredData, withoutScripts } from '../../test-support/e2e/content';
import { E2E_SITE_ORIGIN } from '../../test-support/spec/public-web';
import { axeViolations, presenterPhoto, scrollsSideways, signInToConsole } from '../../test-support/e2e/team';
import { recordViolations } from '../../test-support/e2e/violations';
import { imageFacts, pngOf } from '../../test-support/e2e/images';
import { e2ePublishingAdminEmail, mailTo } from '../../test-support/e2e/mail';
import { apiClock, moveApiClock, siteProcess } from '../../test-support/site/control';
import { REMOTE_NAMES } from '@wpc/shared/ports';

// Issue 28 against the real API (playwright.real-api.config.ts): the partner edits a presenter
// through the editor's API, previews it, publishes it, and the raw HTML shows it (bench:publish measures the 5 s target) at
// each edge; the partner is refused the inbox and scorecard content; restoring the seed's
// version brings the old text back to the page. A lead schedules a press release for tomorrow
// 09:00 in the editor and the test moves the API's clock past it (TEST_CLOCK); the API is stopped
// (the config's launcher, test-support/site) and every page keeps serving, a restarted remote too.
test.describe.configure({ mode: 'serial' });

const PARTNER = 'presenter.desk@showcase-partner.test';
const SESSION_ID = 'session-2025-07-16-consortium-update';

interface Signed {
  readonly api: APIRequestContext;
  readonly csrf: string;
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;
/** Sessions of this worker, reused: an address gets at most three sign-in links in 15 minutes. */
const sessions = new Map<string, { state: StorageState; csrf: string }>();

/** A sign-in as the console does it: a link by email, its token for a session cookie. */
async function signIn(baseURL: string, email: string): Promise<Signed> {
  const cached = sessions.get(email);
  if (cached) {
    // Cookies of localhost go to every port: the session serves both edges.
    const reused = await playwrightRequest.newContext({ baseURL, storageState: cached.state });
    const current = (await (await reused.get('/api/team/session')).json()) as { signedIn: boolean };
    if (current.signedIn) return { api: reused, csrf: cached.csrf };
    await reused.dispose();
  }
  const api = await playwrightRequest.newContext({ baseURL });
  const before = Math.max(0, ...(await mailTo(api, email)).map((mail) => mail.seq));
  expect((await api.post('/api/team/sign-in', { data: { email } })).status()).toBe(202);
  let token = '';
  await expect
    .poll(async () => {
      const mail = (await mailTo(api, email)).find((candidate) => candidate.seq > before);
      token = /\/team\/sign-in#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const session = await api.post('/api/team/session', { data: { token } });
  expect(session.status()).toBe(201);
  const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
  sessions.set(email, { state: await api.storageState(), csrf });
  return { api, csrf };
}

const post = (who: Signed, url: string, data: object) =>
  who.api.post(url, { data, headers: { 'X-CSRF-Token': who.csrf } });

/** Makes `email` a console member with the showcase content role. */
async function addShowcaseEditor(admin: Signed, email: string): Promise<void> {
  expect([200, 201]).toContain(
    (await post(admin, '/api/team/members', { email, roles: ['content:showcase'] })).status(),
  );
}

/** A partner of this project's own (`<name>.<project>@showcase-partner.test`), made a showcase editor by an admin. */
async function partnerOfThisProject(baseURL: string, name: string, testInfo: TestInfo) {
  const partnerEmail = `${name}.${testInfo.project.name}@showcase-partner.test`;
  const admin = await signIn(baseURL, e2ePublishingAdminEmail('members', testInfo));
  await addShowcaseEditor(admin, partnerEmail);
  return { admin, partnerEmail };
}

test('the partner edits a presenter, previews and publishes it: the page shows it; restore brings the old text back', async ({
  baseURL,
}, testInfo) => {
  const admin = await signIn(baseURL!, e2ePublishingAdminEmail('members', testInfo));
  await addShowcaseEditor(admin, PARTNER);
  const partner = await signIn(baseURL!, PARTNER);

  // The API loads the showcase's seed from its remote once both are up.
  await expect
    .poll(
      async () => {
        const res = await partner.api.get('/api/team/content/showcase');
        return res.ok() && ((await res.json()) as AreaContent).entries.some((entry) => entry.id === SESSION_ID);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  const opened = (await (
    await partner.api.get(`/api/team/content/showcase/entries/${SESSION_ID}`)
  ).json()) as EntryAnswer;
  const presenters = opened.entry.draft.data.presenters as { name: string; role: string }[];
  const oldRole = presenters[0]!.role;
  const role = `Partnerships Lead ${testInfo.project.name}`;
  const saved = await post(partner, `/api/team/content/showcase/entries/${SESSION_ID}`, {
    version: opened.entry.version,
    slug: opened.entry.draft.slug,
    data: { ...opened.entry.draft.data, presenters: [{ ...presenters[0]!, role }, ...presenters.slice(1)] },
  });
  expect(saved.status()).toBe(200);
  const draft = ((await saved.json()) as { entry: EditorEntry }).entry;

  // The preview: the area renders the draft in its page, private and noindex.
  const preview = await post(partner, `/api/team/content/showcase/entries/${SESSION_ID}/preview`, {});
  expect(preview.status()).toBe(201);
  const previewPage = await partner.api.get(((await preview.json()) as { path: string }).path);
  expect(previewPage.status()).toBe(200);
  expect(previewPage.headers()['x-robots-tag']).toContain('noindex');
  expect(withoutScripts(await previewPage.text())).toContain(role);

  const published = await post(partner, `/api/team/content/showcase/entries/${SESSION_ID}/publish`, {
    version: draft.version,
  });
  expect(published.status()).toBe(200);
  const live = await rawHtmlWhen(partner.api, '/showcase/presentations', (html) => withoutScripts(html).includes(role));
  testInfo.annotations.push({ type: 'publish-to-live', description: `${live.milliseconds} ms` });

  // Never the inbox, never another area's content.
  expect((await partner.api.get('/api/team/submissions')).status()).toBe(403);
  expect((await partner.api.get('/api/team/content/scorecard')).status()).toBe(403);
  expect(
    (
      await post(partner, '/api/team/content/scorecard/entries/press-release-2024-02-19/unpublish', { version: 1 })
    ).status(),
  ).toBe(403);

  // Restoring the version before the edit brings the old text back to the page.
  const history = (await (
    await partner.api.get(`/api/team/content/showcase/entries/${SESSION_ID}`)
  ).json()) as EntryAnswer;
  const before = history.versions.find((version) => version.version === opened.entry.version)!;
  expect((before.data.presenters as { role: string }[])[0]!.role).toBe(oldRole);
  const restored = await post(partner, `/api/team/content/showcase/entries/${SESSION_ID}/restore`, {
    version: history.entry.version,
    to: before.version,
  });
  expect(restored.status()).toBe(200);
  await rawHtmlWhen(partner.api, '/showcase/presentations', (html) => !withoutScripts(html).includes(role));

  await admin.api.dispose();
  await partner.api.dispose();
});

/** The lead's zone in these tests: the editor takes a time in the browser's zone and shows it. */
const LEAD_ZONE = 'America/Los_Angeles';

/** The day of `at` in `zone`, YYYY-MM-DD, and its time there, HH:MM. */
function inZone(at: Date, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test.describe('with the API’s clock moved by the test (TEST_CLOCK)', () => {
  test.use({ timezoneId: LEAD_ZONE });

  test('a lead schedules a press release for tomorrow 09:00 in the editor: not public before, then its own page, head and sitemap entry', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const leadEmail = `lead.${testInfo.project.name}@consortium.test`;
    const admin = await signIn(baseURL!, e2ePublishingAdminEmail('scheduler', testInfo));
    expect([200, 201]).toContain(
      (await post(admin, '/api/team/members', { email: leadEmail, roles: ['content:scorecard'] })).status(),
    );
    // Tomorrow in the lead's zone, by the API's clock (an earlier test of this run may have moved it).
    const tomorrow = inZone(new Date((await apiClock(admin.api)).getTime() + 24 * 60 * 60 * 1000), LEAD_ZONE).day;
    const slug = `scheduled-${testInfo.project.name}-${Date.now().toString(36)}`;
    const title = `Scheduled results from the pilot communities (${testInfo.project.name})`;
    const path = `/scorecard/news/${slug}`;
    const created = await post(admin, '/api/team/content/scorecard/entries', {
      type: 'pressRelease',
      slug,
      data: {
        title,
        headline: 'The pilot communities share their first scores on the day we scheduled',
        // Dated the day it goes out, which is still ahead of the remotes' own clocks.
        date: tomorrow,
        place: 'Boise, Idaho',
        summary: 'Three pilot communities share what the scorecard showed them, published at a time set in advance.',
        body: 'The results are in.\n\n## What changed\n\nEach community found **one** essential to work on.',
      },
    });
    expect(created.status()).toBe(201);
    const entry = ((await created.json()) as { entry: EditorEntry }).entry;
    expect(entry.issues).toEqual([]);

    // A time in the past (by the API's clock) is refused with a clear message.
    const past = await post(admin, `/api/team/content/scorecard/entries/${entry.id}/schedule`, {
      version: entry.version,
      at: new Date((await apiClock(admin.api)).getTime() - 60_000).toISOString(),
    });
    expect(past.status()).toBe(400);
    expect(((await past.json()) as { fields: Record<string, string> }).fields.at).toBe('Choose a time in the future.');

    await signInToConsole(page, leadEmail, baseURL);
    await page.goto(`/team/content/scorecard/${entry.id}`);
    await expect(page.getByRole('heading', { level: 2, name: `Press release: ${title}` })).toBeVisible();
    // The lead schedules it in the editor, in the browser's zone, which the form names; a first
    // schedule is cancelled (its own action, not Unpublish), then set again.
    const when = page.getByLabel(`Date and time (${LEAD_ZONE})`);
    await when.fill(`${tomorrow}T08:00`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Scheduled for' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel schedule' }).click();
    await expect(page.getByText('Schedule cancelled. The entry stays a draft.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel schedule' })).toHaveCount(0);
    await when.fill(`${tomorrow}T09:00`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Scheduled for' })).toBeVisible();

    const opened = (await (
      await admin.api.get(`/api/team/content/scorecard/entries/${entry.id}`)
    ).json()) as EntryAnswer;
    expect(opened.entry.status).toBe('scheduled');
    const at = new Date(opened.entry.scheduled!.at);
    expect(inZone(at, LEAD_ZONE)).toEqual({ day: tomorrow, time: '09:00' });

    // A minute before its time, the scheduler (it runs whenever a remote asks) leaves it unpublished.
    await moveApiClock(admin.api, new Date(at.getTime() - 60_000));
    const before = (await (await admin.api.get('/api/content/published?area=scorecard')).json()) as {
      entries: { id: string }[];
    };
    expect(before.entries.map((published) => published.id)).not.toContain(entry.id);
    expect((await admin.api.get(path, { headers: { Accept: 'text/html' } })).status()).toBe(404);
    expect(await (await admin.api.get('/sitemap.xml')).text()).not.toContain(`${E2E_SITE_ORIGIN}${path}`);

    // A minute after, it is live: page, head, list and sitemap.
    await moveApiClock(admin.api, new Date(at.getTime() + 60_000));
    const { html } = await rawHtmlWhen(admin.api, path, (text, status) => status === 200 && text.includes(title));
    expect(html).toContain(`<title>${title} | Wildfire Prevention Consortium</title>`);
    expect(html).toContain(`<link rel="canonical" href="${E2E_SITE_ORIGIN}${path}">`);
    expect(structuredData(html).find((data) => data['@type'] === 'NewsArticle')).toMatchObject({
      headline: title,
      datePublished: tomorrow,
    });
    await rawHtmlWhen(admin.api, '/scorecard/news', (text) => withoutScripts(text).includes(title));
    await expect
      .poll(async () => (await (await admin.api.get('/sitemap.xml')).text()).includes(`${E2E_SITE_ORIGIN}${path}`))
      .toBe(true);

    // A day and more later every session of before has lapsed: the admin signs in again.
    const again = await signIn(baseURL!, e2ePublishingAdminEmail('scheduler', testInfo));
    const done = (await (await again.api.get(`/api/team/content/scorecard/entries/${entry.id}`)).json()) as EntryAnswer;
    expect(done.entry.status).toBe('published');
    expect(done.versions.map((version) => version.action)).toEqual([
      'scheduled-publish',
      'schedule',
      'unschedule',
      'schedule',
      'create',
    ]);
    expect(done.versions[0]!.by).toBe(leadEmail);
    await post(again, `/api/team/content/scorecard/entries/${entry.id}/unpublish`, { version: done.entry.version });
    await admin.api.dispose();
    await again.api.dispose();
  });
});

test('in the browser, the partner edits a presenter in the editor, previews, publishes and restores; every editor page axe clean, 320 px wide, no CSP violation', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { admin, partnerEmail } = await partnerOfThisProject(baseURL!, 'editor', testInfo);
  const violations = await recordViolations(page);
  await signInToConsole(page, partnerEmail, baseURL);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Content of the showcase area' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Search titles and slugs').fill('2025-07-16-consortium');
  await expect(page.getByText('1 of ', { exact: false })).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.locator('#entry-heading')).toBeVisible();
  const presenters = page.getByRole('group', { name: 'Presenters' });
  const role = presenters.getByLabel('Role', { exact: true }).first();
  const oldRole = await role.inputValue();
  const newRole = `Head of Partnerships (${testInfo.project.name})`;
  expect(await axeViolations(page)).toEqual([]);

  await role.fill(newRole);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const previewLink = page.getByRole('link', { name: 'Open the preview of this draft (new tab)' });
  const previewHtml = await (await page.request.get((await previewLink.getAttribute('href'))!)).text();
  expect(withoutScripts(previewHtml)).toContain(newRole);

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published. The site shows it within a few seconds.')).toBeVisible();
  const live = await rawHtmlWhen(page.request, '/showcase/presentations', (html) =>
    withoutScripts(html).includes(newRole),
  );
  testInfo.annotations.push({ type: 'publish-to-live', description: `${live.milliseconds} ms` });

  // The seed's version back: the old text is on the page again.
  await page.getByRole('button', { name: 'Restore version 1', exact: true }).click();
  await expect(page.getByText('Version 1 restored and published.')).toBeVisible();
  await expect(role).toHaveValue(oldRole);
  await rawHtmlWhen(page.request, '/showcase/presentations', (html) => !withoutScripts(html).includes(newRole));

  await page.setViewportSize({ width: 320, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);
  expect(violations).toEqual([]);
  await admin.api.dispose();
});

test('in the browser, the partner uploads a presenter’s photo (PNG): alt text is required, and the page serves it resized as WebP', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const { admin, partnerEmail } = await partnerOfThisProject(baseURL!, 'photos', testInfo);
  const before = (await (
    await admin.api.get(`/api/team/content/showcase/entries/${SESSION_ID}`)
  ).json()) as EntryAnswer;
  const violations = await recordViolations(page);
  await signInToConsole(page, partnerEmail, baseURL);
  await page.goto(`/team/content/showcase/${SESSION_ID}`);
  await expect(page.locator('#entry-heading')).toBeVisible();

  const { field: photo, upload } = presenterPhoto(page);
  await upload.setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: await pngOf(400, 400),
  });
  await expect(photo.getByText('Current image: 400×400 pixels.')).toBeVisible();
  const alt = photo.getByLabel('Alternative text: what the image shows');
  await expect(alt).toHaveValue('');

  // Without its alternative text the photo is refused, at its field.
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please check these fields:' })).toContainText(
    'presenters.0.avatar',
  );
  await alt.fill('Portrait of the presenter in a field');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published. The site shows it within a few seconds.')).toBeVisible();

  // The page shows the API's copy at the width it draws (144 px for a 72 px avatar), as WebP.
  const { html } = await rawHtmlWhen(page.request, '/showcase/presentations', (text) =>
    /\/api\/content\/images\/[A-Za-z0-9_-]+\/\d+\.webp/.test(withoutScripts(text)),
  );
  const src = /\/api\/content\/images\/[A-Za-z0-9_-]+\/144\.webp/.exec(withoutScripts(html))?.[0];
  expect(src).toBeTruthy();
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(await imageFacts(await image.body())).toEqual({ format: 'webp', width: 144, height: 144 });
  expect(violations).toEqual([]);

  // The presenter as before, for the next test.
  const now = (await (await admin.api.get(`/api/team/content/showcase/entries/${SESSION_ID}`)).json()) as EntryAnswer;
  const restored = await post(admin, `/api/team/content/showcase/entries/${SESSION_ID}/restore`, {
    version: now.entry.version,
    to: before.entry.version,
  });
  expect(restored.status()).toBe(200);
  await admin.api.dispose();
});

test('with the API stopped, the pages keep serving their last published content, a remote restarted meanwhile too; restarted, the API publishes again', async ({
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await signIn(baseURL!, e2ePublishingAdminEmail('outage', testInfo));
  const slug = `before-the-outage-${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `Published just before the outage (${testInfo.project.name})`;
  const path = `/scorecard/news/${slug}`;
  const created = await post(admin, '/api/team/content/scorecard/entries', {
    type: 'pressRelease',
    slug,
    data: {
      title,
      headline: 'The last change before the API stopped stays on the site',
      // Older than the launch release, so /scorecard/news still opens on the launch.
      date: '2023-04-01',
      place: 'Boise, Idaho',
      summary: 'A press release published moments before the content API went down.',
      body: 'It stays on the site while the API is down.',
    },
  });
  expect(created.status()).toBe(201);
  const entry = ((await created.json()) as { entry: EditorEntry }).entry;
  expect(
    (await post(admin, `/api/team/content/scorecard/entries/${entry.id}/publish`, { version: entry.version })).status(),
  ).toBe(200);
  await rawHtmlWhen(request, path, (html, status) => status === 200 && html.includes(title));
  const clock = await apiClock(request);

  await siteProcess(request, 'api', 'stop');
  try {
    expect((await request.get('/api/health')).ok()).toBe(false);
    // Every remote has asked the API since and found it down, before the pages are read.
    for (const area of REMOTE_NAMES) {
      await expect.poll(async () => (await remoteContentStatus(request, area)).api).toBe('down');
    }
    const pages = async () => {
      for (const page of [
        path,
        '/scorecard/news',
        '/scorecard/faq',
        '/showcase/presentations',
        '/map',
        '/about',
        '/',
      ]) {
        const response = await request.get(page, { headers: { Accept: 'text/html' } });
        expect(response.status(), page).toBe(200);
        expect(await response.text(), page).toMatch(/data-ssr-build="[^"]+"/);
      }
      expect(withoutScripts(await (await request.get(path, { headers: { Accept: 'text/html' } })).text())).toContain(
        title,
      );
    };
    await pages();

    // A remote restarted while the API is down serves what it last rendered, not its build's seed.
    await siteProcess(request, 'scorecard', 'stop');
    await siteProcess(request, 'scorecard', 'start');
    const status = await remoteContentStatus(request, 'scorecard');
    expect(status).toMatchObject({ api: 'down', serving: 'published' });
    await pages();
  } finally {
    await siteProcess(request, 'api', 'start');
    // Time goes on from where the test clock was, not back to the system's.
    await moveApiClock(request, clock);
  }

  // The API back, publishing goes on: unpublished, the release leaves the site.
  const again = await signIn(baseURL!, e2ePublishingAdminEmail('outage', testInfo));
  const opened = (await (await again.api.get(`/api/team/content/scorecard/entries/${entry.id}`)).json()) as EntryAnswer;
  expect(
    (
      await post(again, `/api/team/content/scorecard/entries/${entry.id}/unpublish`, { version: opened.entry.version })
    ).status(),
  ).toBe(200);
  await rawHtmlWhen(request, path, (_html, status) => status === 404);
  await admin.api.dispose();
  await again.api.dispose();
});
