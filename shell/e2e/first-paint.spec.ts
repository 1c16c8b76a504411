import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { documentTitleFor, hasSiteChrome, ROUTES } from '@wpc/shared/routes';

const NOT_FOUND = '/no-such-page';

/** Console errors and warnings, and uncaught errors: a hydration mismatch shows up as one of them. */
function collectProblems(page: Page, ignore: (text: string) => boolean = () => false) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !ignore(message.text())) {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

test.describe('the first response carries the page', () => {
  for (const route of ROUTES) {
    test(`${route.path} comes as HTML with its content, title and chrome`, async ({ request }) => {
      const response = await request.get(route.path, { headers: { Accept: 'text/html' } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${documentTitleFor(route.path)}</title>`);
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main).toMatch(/<h1[ >]/);
      if (hasSiteChrome(route.path)) {
        expect(html).toMatch(/<header[^>]*>[\s\S]*<nav[^>]*aria-label="Main"/);
        expect(html).toMatch(/<footer[^>]*>/);
      } else {
        // The team console is an app of its own: no site header or footer.
        expect(html).not.toMatch(/<nav[^>]*aria-label="Main"/);
        expect(html).not.toMatch(/<footer[^>]*>/);
      }
      // The client reads the remote list from the page instead of asking for remotes.json.
      expect(html).toContain('<script type="application/json" id="wpc-remotes">');
    });
  }

  test('a path nobody owns gets the prerendered 404 page with status 404', async ({ request }) => {
    const response = await request.get(NOT_FOUND, { headers: { Accept: 'text/html' } });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page is not found.');
    expect(html).toContain('<title>Page Not Found | Wildfire Prevention Consortium</title>');
  });

  test('an unchanged page answers a conditional request with 304', async ({ request }) => {
    const first = await request.get('/about', { headers: { Accept: 'text/html' } });
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get('/about', { headers: { Accept: 'text/html', 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of [...ROUTES.map((route) => route.path), NOT_FOUND]) {
    test(`${path} reads correctly and says what needs JavaScript`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(documentTitleFor(path));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // Playwright reads no text inside <noscript>: the note is checked in the markup, and shown.
      await expect(page.locator('noscript')).toBeVisible();
      if (!hasSiteChrome(path)) {
        // The console has no footer to fall back on, and all of it needs scripts.
        await expect(page.getByRole('banner')).toHaveCount(0);
        expect(await page.content()).toContain('<noscript>The team console needs JavaScript.');
        return;
      }
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'About Us' })).toBeVisible();
      // The menus need scripts; the forms do not (each opens as a page of its own, issue 32).
      expect(await page.content()).toContain(
        '<noscript>JavaScript is turned off, so the menus on this site will not open, and each form opens as a page of its own.',
      );
      await expect(page.getByText(/Loading/)).toHaveCount(0);
    });
  }
});

const TILE_HOST = /^https:\/\/[a-z]\.basemaps\.cartocdn\.com\//;
const EMPTY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`hydration at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const path of [...ROUTES.map((route) => route.path), NOT_FOUND]) {
      test(`${path} hydrates without a warning`, async ({ page }) => {
        // The browser reports the 404 status of the not-found document itself; nothing else may appear.
        const problems = collectProblems(page, (text) => path === NOT_FOUND && text.includes('status of 404'));
        // No tile host is reachable here; the map's tiles are answered with an empty image so that
        // only what hydration logs is counted (the map's own tests cover blocked tiles).
        await page.route(TILE_HOST, (route) =>
          route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_PNG }),
        );
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
      });
    }
  });
}

test('hydration keeps the server-rendered page, with no loading panel over it', async ({ page }) => {
  // Hold the shell's script so the server's HTML can be marked before any code runs.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/main.js', async (route) => {
    await released;
    await route.continue();
  });
  const problems = collectProblems(page);
  await page.goto('/scorecard/faq', { waitUntil: 'commit' });
  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
  await expect(heading).toBeVisible();
  await page.evaluate(() => {
    Object.assign(document.querySelector('main h1')!, { fromServer: true });
    const seen: string[] = [];
    Object.assign(window, { loadingPanels: seen });
    new MutationObserver(() => {
      if (document.querySelector('main [role="status"]'))
        seen.push(document.querySelector('main [role="status"]')!.textContent ?? '');
    }).observe(document.querySelector('main')!, { childList: true, subtree: true });
  });
  release();
  await waitForHydration(page);
  expect(
    await page.evaluate(() => (document.querySelector('main h1') as unknown as { fromServer?: boolean }).fromServer),
  ).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { loadingPanels: string[] }).loadingPanels)).toEqual([]);
  expect(problems).toEqual([]);
});

test("moving between areas loads each area's stylesheet once, before its page shows", async ({ page }) => {
  const cssRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') cssRequests.push(request.url());
  });
  await page.goto('/');
  await waitForHydration(page);
  // Each time a page heading arrives, note whether every stylesheet of the document had loaded.
  await page.evaluate(() => {
    const checks: boolean[] = [];
    Object.assign(window, { stylesReadyAtHeading: checks });
    new MutationObserver((records) => {
      const headingArrived = records.some((record) =>
        [...record.addedNodes].some(
          (node) => node instanceof Element && (node.matches('h1') || node.querySelector('h1')),
        ),
      );
      if (!headingArrived) return;
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      checks.push(links.every((link) => link.sheet !== null));
    }).observe(document.querySelector('main')!, { childList: true, subtree: true });
  });

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Past Presentations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'WILDFIRE INNOVATION SHOWCASE' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Showcase Map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();

  const checks = await page.evaluate(
    () => (window as unknown as { stylesReadyAtHeading: boolean[] }).stylesReadyAtHeading,
  );
  expect(checks.length).toBeGreaterThanOrEqual(5);
  expect(checks.every(Boolean)).toBe(true);
  // No stylesheet is fetched, linked or applied twice.
  expect(new Set(cssRequests).size).toBe(cssRequests.length);
  const applied = await page.evaluate(() =>
    [...document.styleSheets].map((sheet) => sheet.href ?? `inline:${sheet.ownerNode?.textContent?.length}`),
  );
  expect(new Set(applied).size).toBe(applied.length);
});

test.describe('the page is painted before its scripts run', () => {
  // Issue 22: nothing the scripts do may hold up the first paint. The page's start script adds
  // main.js only after the first contentful paint and the hero image, and until then no other
  // script is even requested.
  for (const path of ['/', '/about', '/showcase/presentations']) {
    test(`${path}: main.js is added after the first contentful paint and the hero image`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen = { mainAdded: Number.NaN };
        Object.assign(window, { startTimes: seen });
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLScriptElement && node.src.endsWith('/main.js'))
                seen.mainAdded = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await waitForHydration(page);
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          mainAdded: (window as unknown as { startTimes: { mainAdded: number } }).startTimes.mainAdded,
          firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          heroLoaded: Math.max(
            0,
            ...[...document.querySelectorAll<HTMLImageElement>('main img[fetchpriority="high"]')].map(
              (image) => resources.find((entry) => entry.name === image.currentSrc)?.responseEnd ?? Number.NaN,
            ),
          ),
          earlyScripts: resources
            .filter((entry) => /\.js$/.test(new URL(entry.name).pathname) && !entry.name.endsWith('/main.js'))
            .filter((entry) => entry.startTime < performance.getEntriesByName('first-contentful-paint')[0]!.startTime)
            .map((entry) => entry.name),
        };
      });
      expect(timing.firstContentfulPaint).toBeGreaterThan(0);
      expect(timing.mainAdded).toBeGreaterThan(timing.firstContentfulPaint);
      expect(timing.mainAdded).toBeGreaterThan(timing.heroLoaded);
      expect(timing.earlyScripts).toEqual([]);
    });
  }
});
