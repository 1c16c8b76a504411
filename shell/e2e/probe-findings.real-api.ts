import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { AreaContent, EditorEntry, EntryAnswer } from '@wpc/shared/team/content-schemas';
import { e2eProbeAdminEmail } from '../../test-support/e2e/mail';
import {
  browserPost,
  csrfOf,
  emailedLink,
  onTestOrigin,
  presenterPhoto,
  signInToConsole,
} from '../../test-support/e2e/team';
import { waitForHydration } from '../../test-support/e2e/hydration';

// Issue 38, the hostile probe's findings (items 3, 4, 6, 7 and 8), in Chromium against the real
// API (playwright.real-api.config.ts): an earlier unused sign-in link answers 401 once a newer one
// is issued; a session whose showcase names a press release is refused on publish, naming the
// field, and unpublishing a showcase that sessions name asks first; an SVG that starts with an XML
// declaration uploads; NUL in a content field answers 400 naming it; and the API refuses to start
// in production at an http origin unless told that is meant.
test.describe.configure({ mode: 'serial' });

const SESSION_ID = 'session-2025-07-16-consortium-update';

test('an earlier unused sign-in link answers 401 once a newer one is issued; the newer one signs in', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = e2eProbeAdminEmail('links', testInfo);
  const earlier = await emailedLink(page, email);
  const newer = await emailedLink(page, email);
  expect(newer).not.toBe(earlier);

  await page.goto(onTestOrigin(earlier, baseURL));
  await waitForHydration(page);
  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/team/session') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await refused).status()).toBe(401);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This sign-in link has expired or was already used.' }),
  ).toBeVisible();
  expect(await (await page.request.get('/api/team/session')).json()).toEqual({ signedIn: false });

  // A new document: the links differ only after '#', which would not load the page again.
  await page.goto('about:blank');
  await page.goto(onTestOrigin(newer, baseURL));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
});

test('in the console: a session naming a press release as its showcase is refused on publish, NUL in its title answers 400 naming the field, an SVG with an XML declaration uploads, and unpublishing a named showcase asks first', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  await signInToConsole(page, e2eProbeAdminEmail('editor', testInfo), baseURL);
  const csrf = await csrfOf(page);
  const seed = (
    (await (await page.request.get(`/api/team/content/showcase/entries/${SESSION_ID}`)).json()) as EntryAnswer
  ).entry;
  const scorecard = (await (await page.request.get('/api/team/content/scorecard')).json()) as AreaContent;
  const release = scorecard.entries.find((entry) => entry.type === 'pressRelease' && entry.status === 'published')!;
  expect(release).toBeTruthy();

  // The hostile probe's request: a copy of a real session whose showcase names a press release.
  const slug = `probe-${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await browserPost(page, '/api/team/content/showcase/entries', csrf, {
    type: 'session',
    slug,
    data: { ...seed.draft.data, showcase: release.id, title: `Probe ${testInfo.project.name}` },
  });
  expect(created.status).toBe(201);
  const draft = created.body.entry as EditorEntry;
  const direct = await browserPost(page, `/api/team/content/showcase/entries/${draft.id}/publish`, csrf, {
    version: draft.version,
  });
  expect(direct.status).toBe(400);
  expect(direct.body.fields).toEqual({
    showcase: 'Choose a published showcase: this one is not published, or is not a showcase.',
  });

  // The same in the editor: the refusal is shown at the field, and nothing reaches the site.
  await page.goto(`/team/content/showcase/${draft.id}`);
  await expect(page.locator('#entry-heading')).toBeVisible();
  await page.getByRole('button', { name: 'Publish now' }).click();
  const checks = page.getByRole('alert').filter({ hasText: 'Please check these fields:' });
  await expect(checks).toContainText('showcase: Choose a published showcase');
  const published = async () =>
    ((await (await page.request.get('/api/content/published?area=showcase')).json()) as { entries: { id: string }[] })
      .entries;
  expect((await published()).some((entry) => entry.id === draft.id)).toBe(false);

  // NUL in the title, sent by the browser: 400 naming the field.
  const saved = await browserPost(page, `/api/team/content/showcase/entries/${draft.id}`, csrf, {
    version: draft.version,
    slug,
    data: { ...seed.draft.data, title: 'Probe\u0000title' },
  });
  expect(saved.status).toBe(200);
  const withNul = await browserPost(page, `/api/team/content/showcase/entries/${draft.id}/publish`, csrf, {
    version: (saved.body.entry as EditorEntry).version,
  });
  expect(withNul.status).toBe(400);
  expect(withNul.body.fields).toEqual({
    title: 'Title may not contain control characters, line breaks or text-direction overrides.',
  });

  // An SVG as design tools export it, XML declaration first, uploads as a presenter's photo.
  await page.reload();
  await expect(page.locator('#entry-heading')).toBeVisible();
  const { field: photo, upload } = presenterPhoto(page);
  await upload.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Generator: a design tool -->\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160"><rect width="240" height="160" fill="#15803d"/></svg>\n',
    ),
  });
  await expect(photo.getByText('Current image: 240×160 pixels.')).toBeVisible();

  // Unpublishing the showcase the seed session names asks first, listing it; Escape keeps it.
  const showcaseId = String(seed.draft.data.showcase);
  await page.goto(`/team/content/showcase/${showcaseId}`);
  await expect(page.locator('#entry-heading')).toBeVisible();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish an entry others name?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: String(seed.draft.data.title) })).toBeVisible();
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await published()).some((entry) => entry.id === showcaseId)).toBe(true);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The API as `npm start -w api` runs it, in production, on a port and folder of its own. */
function startApi(env: Record<string, string>) {
  const { MONGODB_URI: _shared, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(__dirname, '..', '..', 'api'),
    env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test('the API refuses to start in production at an http:// SITE_ORIGIN, saying why, unless ALLOW_HTTP_SITE_ORIGIN=1', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-e2e-http-origin-'));
  const port = await freePort();
  const env = { API_PORT: String(port), DATA_DIR: dataDir, SITE_ORIGIN: 'http://www.wildfire-consortium.example' };
  try {
    const refused = startApi(env);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('it must be https: RFC 8058 one-click unsubscribe needs an https URL');
    expect(refused.output()).toMatch(/HSTS/);
    expect(refused.output()).toMatch(/Secure/);
    expect(refused.output()).not.toContain('API listening');

    const allowed = startApi({ ...env, ALLOW_HTTP_SITE_ORIGIN: '1' });
    try {
      await expect.poll(() => allowed.output(), { timeout: 90_000, intervals: [500] }).toContain('API listening');
      const health = await page.goto(`http://127.0.0.1:${port}/api/health`);
      expect(health?.status()).toBe(200);
      expect(await health?.json()).toMatchObject({ status: 'ok' });
    } finally {
      allowed.child.kill('SIGTERM');
      await allowed.exited;
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
