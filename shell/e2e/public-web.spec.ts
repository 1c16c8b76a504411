import fs from 'node:fs';
import path from 'node:path';
import { decode } from 'fast-png';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { readHeads, type PageHead } from '../../test-support/e2e/page-head';
import {
  ROUTES_BEYOND_SPEC,
  SITE_NAME,
  SPEC_NOT_FOUND,
  SPEC_ROUTES,
  specDocumentTitle,
  UPDATES_ARCHIVE_PAGE,
} from '../../test-support/spec/routes';
import {
  E2E_SITE_ORIGIN,
  ROBOTS_DISALLOWED,
  SHARE_IMAGE,
  SPEC_FAQ_COUNT,
  SPEC_LANDING_FAQ_COUNT,
  SPEC_NEXT_SHOWCASE_START,
  SPEC_SHOWCASE_DAYS,
  STRUCTURED_DATA_TYPES,
} from '../../test-support/spec/public-web';
import { publishedContent } from '../../test-support/e2e/content';

// Issue 21, through both edges: every page's head, share images, robots.txt and sitemap.xml,
// icons and manifest, structured data. Expected values come from the spec fixtures.

const ALL_ROUTES = [...SPEC_ROUTES.map((route) => route.path), ...ROUTES_BEYOND_SPEC.map((route) => route.path)];
/** The developer pages and the team console: kept out of search results. */
const isPrivate = (routePath: string) =>
  ROBOTS_DISALLOWED.some((prefix) => `${routePath}/`.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
const PUBLIC_ROUTES = ALL_ROUTES.filter((routePath) => !isPrivate(routePath));
const NOT_FOUND_PATH = '/no-such-page';
const specTitle = (routePath: string) => SPEC_ROUTES.find((route) => route.path === routePath)?.title;

let heads: Map<string, PageHead>;

test.beforeAll(async ({ browser, baseURL }) => {
  heads = await readHeads(browser, baseURL!, [...ALL_ROUTES, NOT_FOUND_PATH]);
});

const head = (routePath: string) => {
  const found = heads.get(routePath);
  if (!found) throw new Error(`No head read for ${routePath}`);
  return found;
};

/** The site path of an absolute URL under the canonical origin (the e2e site runs elsewhere). */
const sitePath = (url: string) => {
  expect(url.startsWith(`${E2E_SITE_ORIGIN}/`)).toBe(true);
  return url.slice(E2E_SITE_ORIGIN.length);
};

/** A file of the site, answered 200 with a content type that matches `type`. */
async function fetched(request: APIRequestContext, url: string, type: RegExp): Promise<APIResponse> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(type);
  return response;
}

test('every route has its own title and description, an absolute canonical URL, Open Graph and a Twitter card', () => {
  const descriptions = new Map<string, string>();
  for (const routePath of ALL_ROUTES) {
    const { status, title, meta, canonical } = head(routePath);
    expect(status, routePath).toBe(200);
    const pageTitle = specTitle(routePath);
    if (pageTitle) expect(title, routePath).toBe(specDocumentTitle(pageTitle));
    else expect(title, routePath).toMatch(new RegExp(` \\| ${SITE_NAME}$`));

    const description = meta['description'] ?? '';
    expect(description.length, `${routePath}: ${description}`).toBeGreaterThanOrEqual(50);
    expect(description.length, `${routePath}: ${description}`).toBeLessThanOrEqual(160);
    expect(descriptions.get(description), `${routePath} repeats another page's description`).toBeUndefined();
    descriptions.set(description, routePath);

    const url = `${E2E_SITE_ORIGIN}${routePath}`;
    expect(canonical, routePath).toBe(url);
    expect(meta, routePath).toMatchObject({
      'og:title': title.replace(` | ${SITE_NAME}`, ''),
      'og:description': description,
      'og:url': url,
      'og:site_name': SITE_NAME,
      'og:image:width': String(SHARE_IMAGE.width),
      'og:image:height': String(SHARE_IMAGE.height),
      'twitter:card': 'summary_large_image',
    });
    expect(['website', 'article'], routePath).toContain(meta['og:type']);
    expect(meta['og:image:alt']?.length ?? 0, routePath).toBeGreaterThan(20);
    // Named by content: a new picture is a new URL, so it can be cached for good.
    expect(sitePath(meta['og:image'] ?? ''), routePath).toMatch(/\.[0-9a-f]{10}\.png$/);
    expect(meta['robots'], routePath).toBe(isPrivate(routePath) ? 'noindex' : undefined);
  }
});

test('the 404 page has its own head, is kept out of search results and names no canonical URL', () => {
  const { status, title, meta, canonical } = head(NOT_FOUND_PATH);
  expect(status).toBe(404);
  expect(title).toBe(specDocumentTitle(SPEC_NOT_FOUND.title));
  expect(meta['robots']).toBe('noindex');
  expect(meta['og:title']).toBe(SPEC_NOT_FOUND.title);
  expect(canonical).toBeNull();
});

const expectPng = async (response: APIResponse, width: number, height: number, what: string) => {
  expect(response.status(), what).toBe(200);
  expect(response.headers()['content-type'], what).toBe('image/png');
  const image = decode(await response.body());
  expect({ width: image.width, height: image.height }, what).toEqual({ width, height });
};

test('every share image is a 1200x630 PNG, cached for good', async ({ request }) => {
  const images = new Set([...heads.values()].map(({ meta }) => meta['og:image'] ?? ''));
  for (const image of images) {
    const response = await request.get(sitePath(image));
    await expectPng(response, SHARE_IMAGE.width, SHARE_IMAGE.height, image);
    expect(response.headers()['cache-control'], image).toBe('public, max-age=31536000, immutable');
  }
  // One per page, drawn from its title.
  expect(images.size).toBe(ALL_ROUTES.length + 1);
});

test('robots.txt names the sitemap and keeps crawlers out of the developer pages and the team console', async ({
  request,
}) => {
  const response = await fetched(request, '/robots.txt', /^text\/plain/);
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  for (const prefix of ROBOTS_DISALLOWED) expect(lines).toContain(`Disallow: ${prefix}`);
  expect(lines).toContain(`Sitemap: ${E2E_SITE_ORIGIN}/sitemap.xml`);
  for (const line of lines.filter((candidate) => candidate.startsWith('Disallow: '))) {
    const prefix = line.slice('Disallow: '.length);
    expect(PUBLIC_ROUTES.filter((routePath) => routePath.startsWith(prefix))).toEqual([]);
  }
});

test('sitemap.xml lists every public page as an absolute URL with its last change, and nothing else', async ({
  request,
}) => {
  const response = await fetched(request, '/sitemap.xml', /^application\/xml/);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const entries = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>)?\s*<\/url>/g)];
  // Every route, and each press release published (issue 28: one page each, under /scorecard/news/).
  const releases = (await publishedContent(request, 'scorecard')).entries
    .filter((entry) => entry.type === 'pressRelease')
    .map((entry) => `/scorecard/news/${entry.slug}`);
  expect(releases.length).toBeGreaterThan(0);
  // Issue 38 item 2: the archive of sent updates, and each update the API lists in it.
  const archive = (await (await request.get('/api/updates/archive')).json()) as { updates: { path: string }[] };
  const updates = archive.updates.map((update) => update.path);
  expect(entries.map(([, loc]) => loc).sort()).toEqual(
    [...PUBLIC_ROUTES, ...releases, UPDATES_ARCHIVE_PAGE, ...updates]
      .map((routePath) => `${E2E_SITE_ORIGIN}${routePath}`)
      .sort(),
  );
  for (const [, loc, lastmod] of entries) {
    expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(lastmod!), loc).toBeLessThanOrEqual(Date.now());
  }
});

test('favicon.ico, the apple-touch-icon and a web app manifest with the consortium’s name, colours and icons', async ({
  request,
}) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  // An ICO file: reserved 0, type 1.
  expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  await expectPng(await request.get('/apple-touch-icon.png'), 180, 180, 'apple-touch-icon');

  const home = head('/');
  const manifestResponse = await request.get('/site.webmanifest');
  expect(manifestResponse.status()).toBe(200);
  const manifest = (await manifestResponse.json()) as {
    name: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest.name).toBe(SITE_NAME);
  // The design tokens are where the site's colours are decided.
  const tokens = fs.readFileSync(path.join(__dirname, '../../shared/src/tokens.css'), 'utf8');
  const token = (name: string) => new RegExp(`--wpc-color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(tokens)?.[1];
  expect(manifest.theme_color).toBe(token('forest'));
  expect(manifest.theme_color).toBe(home.meta['theme-color']);
  expect(manifest.background_color).toBe(token('surface'));
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of pngs) {
    const [width, height] = icon.sizes.split('x').map(Number);
    await expectPng(await request.get(icon.src), width!, height!, icon.src);
  }
});

const typesOf = (routePath: string) => head(routePath).jsonLd.map((data) => data['@type']);
const ofType = (routePath: string, type: string) =>
  head(routePath).jsonLd.filter((data) => data['@type'] === type) as Record<string, unknown>[];

test('structured data: the organisation, the FAQs, every showcase as a free online event, breadcrumbs', () => {
  for (const routePath of PUBLIC_ROUTES) {
    for (const data of head(routePath).jsonLd) expect(data['@context'], routePath).toBe('https://schema.org');
    const expected = [...(STRUCTURED_DATA_TYPES[routePath] ?? []), ...(routePath === '/' ? [] : ['BreadcrumbList'])];
    expect([...new Set(typesOf(routePath))].sort(), routePath).toEqual([...new Set(expected)].sort());
  }

  const [organisation] = ofType('/', 'Organization');
  expect(organisation).toMatchObject({ name: SITE_NAME, url: `${E2E_SITE_ORIGIN}/` });

  const questions = (routePath: string) =>
    (ofType(routePath, 'FAQPage')[0]?.['mainEntity'] as { '@type': string; acceptedAnswer: { text: string } }[]) ?? [];
  expect(questions('/scorecard/faq')).toHaveLength(SPEC_FAQ_COUNT);
  expect(questions('/scorecard')).toHaveLength(SPEC_LANDING_FAQ_COUNT);
  expect(questions('/')).toHaveLength(SPEC_LANDING_FAQ_COUNT);
  for (const question of questions('/scorecard/faq')) {
    expect(question['@type']).toBe('Question');
    expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
  }

  for (const routePath of ['/showcase/innovations', '/showcase/presentations']) {
    const events = ofType(routePath, 'Event');
    const starts = events.map((event) => String(event['startDate']));
    expect(starts.map((start) => start.slice(0, 10)).sort(), routePath).toEqual([...SPEC_SHOWCASE_DAYS]);
    expect(starts, routePath).toContain(SPEC_NEXT_SHOWCASE_START);
    for (const event of events) {
      expect(event, routePath).toMatchObject({
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        isAccessibleForFree: true,
        location: { '@type': 'VirtualLocation' },
        offers: { price: 0 },
      });
    }
  }

  for (const routePath of PUBLIC_ROUTES.filter((candidate) => candidate !== '/')) {
    const [trail] = ofType(routePath, 'BreadcrumbList');
    const items = trail!['itemListElement'] as { position: number; item: string; name: string }[];
    expect(items[0]!.item, routePath).toBe(`${E2E_SITE_ORIGIN}/`);
    expect(items.at(-1)!.item, routePath).toBe(`${E2E_SITE_ORIGIN}${routePath}`);
    expect(
      items.map((item) => item.position),
      routePath,
    ).toEqual(items.map((_item, index) => index + 1));
  }
  const scorecardTrail = ofType('/scorecard/faq', 'BreadcrumbList')[0]!['itemListElement'] as { item: string }[];
  expect(scorecardTrail.map((item) => sitePath(item.item))).toEqual(['/', '/scorecard', '/scorecard/faq']);
});
