import { expect, test } from '@playwright/test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { confirmedSubscriber, e2eArchiveAdminEmail, mailTo } from '../../test-support/e2e/mail';
import { browserPost, csrfOf, onTestOrigin, signInToConsole } from '../../test-support/e2e/team';
import { E2E_SITE_ORIGIN } from '../../test-support/spec/public-web';
import {
  PRESS_RELEASES_FEED_PATH,
  UPDATE_PAGE_ADDRESS,
  UPDATES_ARCHIVE_PAGE,
  UPDATES_FEED_PATH,
} from '../../test-support/spec/routes';

// Issue 38 item 2, against the real API and the real SMTP test server (playwright.real-api.config.ts),
// through each edge: an update sent from the console appears at /updates and at its own address
// with its text in the raw HTML, also with JavaScript off; the feeds parse as Atom; the email's
// List-Archive and web-version links answer 200; the old web-version link redirects; a withdrawn
// update is gone from the archive.

function parsedAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const feed = parseFeed(xml);
  expect(feed.meta.type).toBe('atom');
  return feed;
}

test('a sent update is in the archive and at its own address, in the raw HTML, and in the feed and sitemap', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const run = `${project}-${Date.now().toString(36)}`;
  const reader = `reader.${run}@example.org`;
  await confirmedSubscriber(page.request, reader, project.endsWith('nginx') ? '203.0.113.92' : '203.0.113.91');

  await signInToConsole(page, e2eArchiveAdminEmail(project), baseURL);
  const csrf = await csrfOf(page);
  const subject = `Archive check ${run}: <fire> & "ice"`;
  const sentence = `The archive keeps every update of run ${run}.`;
  const created = await browserPost(page, '/api/team/updates', csrf, {
    subject,
    body: `${sentence}\n\nRead **the instructions** first.`,
    list: 'scorecard',
  });
  expect(created.status).toBe(201);
  const id = String(created.body.id);
  expect((await browserPost(page, `/api/team/updates/${id}/send`, csrf, {})).status).toBe(200);

  // The email: its web-version link is the update's own page, and List-Archive the archive.
  let mail: Awaited<ReturnType<typeof mailTo>>[number] | undefined;
  await expect
    .poll(async () => {
      mail = (await mailTo(page.request, reader)).find((candidate) => candidate.subject === subject);
      return mail !== undefined;
    })
    .toBe(true);
  const web = /Read it on the web: (\S+)/.exec(mail!.text ?? '')?.[1] ?? '';
  expect(web.startsWith(`${E2E_SITE_ORIGIN}/updates/`)).toBe(true);
  // Its query is the update's campaign (issue 40: utm_source, utm_medium, the id as utm_campaign).
  const address = new URL(web).pathname;
  expect(new URL(web).searchParams.get('utm_medium')).toBe('email');
  expect(address).toMatch(UPDATE_PAGE_ADDRESS);
  expect(mail!.headers['list-archive']).toBe(`<${E2E_SITE_ORIGIN}${UPDATES_ARCHIVE_PAGE}>`);
  for (const link of [web, `${E2E_SITE_ORIGIN}${UPDATES_ARCHIVE_PAGE}`]) {
    const answer = await page.request.get(onTestOrigin(link, baseURL));
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  }

  // The raw HTML carries the update and its head: title, description, canonical, Open Graph, Article, the feeds.
  const html = await (await page.request.get(address)).text();
  expect(html).toContain(sentence);
  expect(html).toContain('<strong>the instructions</strong>');
  expect(html).toContain('Archive check');
  expect(html).not.toContain('<fire>');
  expect(html).toContain(`<link rel="canonical" href="${E2E_SITE_ORIGIN}${address}">`);
  expect(html).toMatch(/<meta property="og:type" content="article">/);
  expect(html).toContain(`<meta property="og:url" content="${E2E_SITE_ORIGIN}${address}">`);
  expect(html).toMatch(new RegExp(`<meta name="description" content="[^"]*${sentence.replace(/\./g, '\\.')}`));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  expect(jsonLd).toContainEqual(
    expect.objectContaining({ '@type': 'Article', headline: subject, url: `${E2E_SITE_ORIGIN}${address}` }),
  );
  expect(html).toContain(`<link rel="alternate" type="application/atom+xml"`);
  expect(html).toContain(`href="${UPDATES_FEED_PATH}"`);
  expect(html).not.toMatch(/<script(?![^>]*type="application\/ld\+json")/);

  // With JavaScript off: the archive lists it first, and its page reads whole.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const reading = await noScript.newPage();
  await reading.goto(UPDATES_ARCHIVE_PAGE);
  await expect(reading.getByRole('heading', { level: 1 })).toHaveText('Updates From the Consortium');
  const newest = reading.getByRole('list', { name: 'Updates, newest first' }).getByRole('listitem').first();
  await expect(newest.getByRole('link', { name: subject })).toBeVisible();
  await newest.getByRole('link', { name: subject }).click();
  await expect(reading).toHaveURL(new RegExp(`${address}$`));
  await expect(reading.getByRole('heading', { level: 1 })).toHaveText(subject);
  await expect(reading.getByText(sentence)).toBeVisible();
  await noScript.close();

  // The old web-version link leads there for good.
  const old = await page.request.get(`/updates/web?id=${id}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(address);

  // The feed has it (a feed parser reads it as Atom); the press releases' feed parses too; the sitemap lists it.
  const feed = parsedAtom(await (await page.request.get(UPDATES_FEED_PATH)).text());
  expect(feed.items.find((item) => item.url === `${E2E_SITE_ORIGIN}${address}`)?.title).toBe(subject);
  const releases = parsedAtom(await (await page.request.get(PRESS_RELEASES_FEED_PATH)).text());
  expect(releases.items.length).toBeGreaterThan(0);
  expect(releases.items.every((item) => item.url?.startsWith(`${E2E_SITE_ORIGIN}/scorecard/news/`))).toBe(true);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${E2E_SITE_ORIGIN}${address}</loc>`);
  expect(sitemap).toContain(`<loc>${E2E_SITE_ORIGIN}${UPDATES_ARCHIVE_PAGE}</loc>`);

  // Withdrawn: its page is the 404 page, and the archive, the feed and the sitemap no longer name it.
  expect((await browserPost(page, `/api/team/updates/${id}/withdraw`, csrf, {})).status).toBe(200);
  expect((await page.request.get(address)).status()).toBe(404);
  expect(await (await page.request.get(UPDATES_ARCHIVE_PAGE)).text()).not.toContain(address);
  expect(await (await page.request.get(UPDATES_FEED_PATH)).text()).not.toContain(address);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(address);
});
