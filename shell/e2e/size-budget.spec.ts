// Size budgets: the compressed JavaScript and CSS a first visit to each route downloads, from the
// built site as served, may not grow past shell/e2e/first-load-budget.json, and neither may what
// the page fetches ahead of use once it is idle (a pop-up's form, the share box). Bytes only,
// never timings (npm run bench:web and bench:interact print the timings). Raise a budget on
// purpose, in the same change that needs the bytes, and say why in the commit; the first load of
// / has a limit no budget can raise.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '@wpc/shared/routes';
import { IDLE_PREFETCH_MARK } from '@wpc/shared/page-contract';
import { waitForHydration } from '../../test-support/e2e/hydration';

/**
 * Issue 22 and 32: a first visit to / downloads at most 130 KB of JavaScript as Lighthouse counts
 * it (compressed bodies and response headers, in KiB as its report does).
 */
const HOME_FIRST_LOAD_JS_LIMIT = 130 * 1024;

interface Bytes {
  /** Compressed bytes of every script (response bodies, as sent). */
  readonly js: number;
  /** Compressed bytes of every stylesheet. */
  readonly css: number;
}

interface Budget extends Bytes {
  /** What the page fetches once it is idle: ahead of use (a pop-up's form, the share box), or deferred by the page (the map). */
  readonly prefetch: Bytes;
}

const BUDGET_FILE = path.join(__dirname, 'first-load-budget.json');
const budgets = JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as { routes: Record<string, Budget> };

interface Measured {
  readonly firstLoad: Bytes;
  readonly prefetch: Bytes;
  /** Scripts of the first load as Lighthouse counts them: compressed bodies plus response headers. */
  readonly firstLoadJsTransfer: number;
}

/**
 * What a first visit with an empty cache downloads, once the page is hydrated, idle and quiet.
 * The browser's Resource Timing says when each file was asked for: before the page's first idle
 * task (IDLE_PREFETCH_MARK) it is the first load, after it the file was fetched ahead of use or
 * deferred. The sizes are the network's (compressed bodies as sent, and the real headers).
 */
async function measure(page: Page, route: string): Promise<Measured> {
  const sizes = new Map<string, { body: number; headers: number }>();
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const { responseBodySize, responseHeadersSize } = await request.sizes();
        sizes.set(request.url(), { body: responseBodySize, headers: responseHeadersSize });
      })(),
    );
  });
  // No tile host is reachable here; the map's tiles are not the site's bytes anyway.
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (request) => request.abort(),
  );
  await page.goto(route);
  await waitForHydration(page);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, IDLE_PREFETCH_MARK);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const requested = await page.evaluate((mark) => {
    const idleAt = performance.getEntriesByName(mark)[0]!.startTime;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      url: entry.name,
      ahead: entry.startTime >= idleAt,
    }));
  }, IDLE_PREFETCH_MARK);
  const total = (ahead: boolean, extension: string, withHeaders = false) =>
    requested
      .filter((entry) => entry.ahead === ahead && new URL(entry.url).pathname.endsWith(extension))
      .reduce((sum, entry) => {
        const size = sizes.get(entry.url);
        return sum + (size ? size.body + (withHeaders ? size.headers : 0) : 0);
      }, 0);
  return {
    firstLoad: { js: total(false, '.js'), css: total(false, '.css') },
    prefetch: { js: total(true, '.js'), css: total(true, '.css') },
    firstLoadJsTransfer: total(false, '.js', true),
  };
}

test('every route of the route table has a budget, and the budget of / keeps within its limit', () => {
  expect(Object.keys(budgets.routes).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  expect(budgets.routes['/']!.js).toBeLessThanOrEqual(HOME_FIRST_LOAD_JS_LIMIT);
});

for (const { path: route } of ROUTES) {
  test(`${route}: first-load and prefetched JavaScript and CSS stay within budget`, async ({ page }) => {
    const budget = budgets.routes[route];
    expect(budget, `no budget for ${route} in ${BUDGET_FILE}`).toBeDefined();
    const { firstLoad, prefetch, firstLoadJsTransfer } = await measure(page, route);
    test.info().annotations.push({
      type: 'bytes',
      description: `first load js ${firstLoad.js} B (${firstLoadJsTransfer} B with headers), css ${firstLoad.css} B; prefetched js ${prefetch.js} B, css ${prefetch.css} B`,
    });
    // Nothing measured is a broken measurement (a page that loaded nothing, or sizes the browser hid), not a small page.
    expect(firstLoad.js, `first-load JavaScript of ${route}: nothing measured`).toBeGreaterThan(0);
    expect(firstLoad.css, `first-load CSS of ${route}: nothing measured`).toBeGreaterThan(0);
    expect(prefetch.js, `prefetched JavaScript of ${route}: nothing measured`).toBeGreaterThan(0);
    expect(firstLoad.js, `first-load JavaScript of ${route} (bytes, compressed)`).toBeLessThanOrEqual(budget!.js);
    expect(firstLoad.css, `first-load CSS of ${route} (bytes, compressed)`).toBeLessThanOrEqual(budget!.css);
    expect(prefetch.js, `prefetched JavaScript of ${route} (bytes, compressed)`).toBeLessThanOrEqual(
      budget!.prefetch.js,
    );
    expect(prefetch.css, `prefetched CSS of ${route} (bytes, compressed)`).toBeLessThanOrEqual(budget!.prefetch.css);
    if (route === '/') {
      expect(
        firstLoadJsTransfer,
        'first-load JavaScript of / with headers, as Lighthouse counts it',
      ).toBeLessThanOrEqual(HOME_FIRST_LOAD_JS_LIMIT);
    }
  });
}
