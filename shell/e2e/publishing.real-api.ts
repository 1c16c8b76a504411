import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import type { EditorEntry, EntryAnswer, AreaContent } from '@wpc/shared/team/content-schemas';
import { LIVE_WITHIN_MS, rawHtmlWhen, withoutScripts } from '../../test-support/e2e/content';
import { E2E_TEAM_EMAIL, mailTo } from '../../test-support/e2e/mail';

// Issue 28 against the real API (playwright.real-api.config.ts): the partner edits a presenter
// through the editor's API, previews it, publishes it, and the raw HTML shows it within 5 s at
// each edge; the partner is refused the inbox and scorecard content; restoring the seed's
// version brings the old text back to the page.
test.describe.configure({ mode: 'serial' });

const PARTNER = 'presenter.desk@showcase-partner.test';
const SESSION_ID = 'session-2025-07-16-consortium-update';

interface Signed {
  readonly api: APIRequestContext;
  readonly csrf: string;
}

/** A sign-in as the console does it: a link by email, its token for a session cookie. */
async function signIn(baseURL: string, email: string): Promise<Signed> {
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
  return { api, csrf: ((await session.json()) as { csrfToken: string }).csrfToken };
}

const post = (who: Signed, url: string, data: object) =>
  who.api.post(url, { data, headers: { 'X-CSRF-Token': who.csrf } });

test('the partner edits a presenter, previews and publishes it: the page shows it within 5 s; restore brings the old text back', async ({
  baseURL,
}, testInfo) => {
  const admin = await signIn(baseURL!, E2E_TEAM_EMAIL);
  expect([200, 201]).toContain(
    (await post(admin, '/api/team/members', { email: PARTNER, roles: ['content:showcase'] })).status(),
  );
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
  expect(live.milliseconds).toBeLessThan(LIVE_WITHIN_MS);
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
