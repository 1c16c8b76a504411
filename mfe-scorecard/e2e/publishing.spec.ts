import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  contentApiOutage,
  pageProblems,
  previewToken,
  publishEntry,
  rawHtmlWhen,
  structuredData,
  unpublishEntry,
} from '../../test-support/e2e/content';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { E2E_SITE_ORIGIN } from '../../test-support/spec/public-web';

// Issue 28 through both edges (its own Playwright projects, after every other test: it changes
// what the site shows): a press release published, edited and unpublished reaches the raw HTML,
// the head and the sitemap (how fast: bench:publish), and the pages keep serving while the API is down.
test.describe.configure({ mode: 'serial' });

const slugFor = (project: string) => `e2e-${project}-${Date.now().toString(36)}`;
const TITLE = 'Pilot communities publish their first results';

function release(slug: string, changes: Record<string, unknown> = {}) {
  return {
    type: 'pressRelease',
    id: `press-${slug}`,
    slug,
    data: {
      title: TITLE,
      headline: 'Three pilot communities share what the scorecard showed them',
      // Older than the launch release, so /scorecard/news still opens on the launch.
      date: '2023-06-01',
      place: 'Boise, Idaho',
      summary:
        'Three communities that piloted the scorecard share what they scored, what surprised them and what they will do first.',
      body: 'The first results are in.\n\n## What changed\n\nEach community found **one** essential it had never discussed.',
      ...changes,
    },
  };
}

/** The release these tests publish, edit and take down, one per edge. */
let slug = '';

test('a published press release has its own page, head and sitemap entry, and is in the list', async ({
  request,
}, testInfo) => {
  slug = slugFor(testInfo.project.name);
  const path = `/scorecard/news/${slug}`;
  expect((await request.get(path, { headers: { Accept: 'text/html' } })).status()).toBe(404);

  await publishEntry(request, 'scorecard', release(slug));
  const { html, milliseconds } = await rawHtmlWhen(
    request,
    path,
    (text, status) => status === 200 && text.includes(TITLE),
  );
  testInfo.annotations.push({ type: 'publish-to-live', description: `${milliseconds} ms` });

  // The page itself, in the raw HTML: heading, the Markdown rendered, the data island.
  expect(html).toContain(`Press Release: ${TITLE}`);
  expect(html).toContain('<h3>What changed</h3>');
  expect(html).toContain('<strong>one</strong>');
  expect(html).toContain(`data-wpc-page-data="${path}"`);
  // Its head follows the release: title, description, canonical URL, share image and NewsArticle.
  expect(html).toContain(`<title>${TITLE} | Wildfire Prevention Consortium</title>`);
  expect(html).toContain(
    '<meta name="description" content="Three communities that piloted the scorecard share what they scored, what surprised them and what they will do first.">',
  );
  expect(html).toContain(`<link rel="canonical" href="${E2E_SITE_ORIGIN}${path}">`);
  const article = structuredData(html).find((data) => data['@type'] === 'NewsArticle');
  expect(article).toMatchObject({ headline: TITLE, datePublished: '2023-06-01', url: `${E2E_SITE_ORIGIN}${path}` });
  const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
  const png = await request.get(image.replace(E2E_SITE_ORIGIN, ''));
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');

  // The list on /scorecard/news and the sitemap, with the day it changed.
  await rawHtmlWhen(request, '/scorecard/news', (text) => text.includes(`href="${path}"`));
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const today = new Date().toISOString().slice(0, 10);
  expect(sitemap).toContain(`<loc>${E2E_SITE_ORIGIN}${path}</loc>\n    <lastmod>${today}</lastmod>`);
});

test('an edit is in the raw HTML and the head, with a share image drawn for the new title', async ({
  request,
}, testInfo) => {
  const path = `/scorecard/news/${slug}`;
  const before = (await request.get(path, { headers: { Accept: 'text/html' } })).text();
  const imageBefore = /<meta property="og:image" content="([^"]+)">/.exec(await before)?.[1];
  const newTitle = 'Pilot communities report back';
  await publishEntry(request, 'scorecard', release(slug, { title: newTitle }));
  const { html, milliseconds } = await rawHtmlWhen(request, path, (text) =>
    text.includes(`Press Release: ${newTitle}`),
  );
  testInfo.annotations.push({ type: 'edit-to-live', description: `${milliseconds} ms` });
  expect(html).toContain(`<title>${newTitle} | Wildfire Prevention Consortium</title>`);
  expect(structuredData(html).find((data) => data['@type'] === 'NewsArticle')).toMatchObject({ headline: newTitle });
  expect(/<meta property="og:image" content="([^"]+)">/.exec(html)?.[1]).not.toBe(imageBefore);
});

test('the release hydrates without a warning, axe clean and with no CSP violation, also reached in the browser', async ({
  page,
}) => {
  const problems = await pageProblems(page);
  await page.goto(`/scorecard/news/${slug}`);
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { level: 1, name: /^Press Release: Pilot communities report back/ }),
  ).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // From the list, in the browser: the area fetches the release's data, no document load.
  await page.goto('/scorecard/news');
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator(`a[href="/scorecard/news/${slug}"]`).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Press Release: Pilot communities report back' }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page).toHaveTitle('Pilot communities report back | Wildfire Prevention Consortium');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('a draft is previewed in its page, private: noindex, never stored, never cached', async ({ page, request }) => {
  const token = await previewToken(request, {
    area: 'scorecard',
    type: 'pressRelease',
    id: `press-${slug}`,
    slug,
    data: release(slug, { title: 'A draft title nobody has published' }).data,
  });
  const response = await request.get(`/team/preview/${token}`, { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const html = await response.text();
  expect(html).toContain('Press Release: A draft title nobody has published');
  expect(html).toContain('<meta name="robots" content="noindex">');
  // The published page is untouched.
  const published = await (await request.get(`/scorecard/news/${slug}`, { headers: { Accept: 'text/html' } })).text();
  expect(published).not.toContain('A draft title nobody has published');

  const problems = await pageProblems(page);
  await page.goto(`/team/preview/${token}`);
  await expect(page.getByRole('note')).toContainText('Preview of a draft');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  expect(problems).toEqual([]);
  expect(
    (await request.get('/team/preview/not-a-real-token-at-all', { headers: { Accept: 'text/html' } })).status(),
  ).toBe(404);
});

test('with the API stopped, every page keeps serving its last published version', async ({ request }) => {
  await contentApiOutage(request, true);
  try {
    // Long enough for every remote to have asked and failed.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const path of [
      `/scorecard/news/${slug}`,
      '/scorecard/news',
      '/scorecard/faq',
      '/showcase/presentations',
      '/map',
      '/about',
    ]) {
      const response = await request.get(path, { headers: { Accept: 'text/html' } });
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toMatch(/data-ssr-build="[^"]+"/);
    }
    const release = await (await request.get(`/scorecard/news/${slug}`, { headers: { Accept: 'text/html' } })).text();
    expect(release).toContain('Press Release: Pilot communities report back');
  } finally {
    await contentApiOutage(request, false);
  }
});

test('an unpublished release is the 404 page, and leaves the sitemap', async ({ request }, testInfo) => {
  const path = `/scorecard/news/${slug}`;
  await unpublishEntry(request, 'scorecard', `press-${slug}`);
  const { milliseconds } = await rawHtmlWhen(request, path, (_text, status) => status === 404);
  testInfo.annotations.push({ type: 'unpublish-to-gone', description: `${milliseconds} ms` });
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(path);
});
