// Size budgets: the compressed JavaScript and CSS a first visit to each route downloads, from the
// built site as served, may not grow past shell/e2e/first-load-budget.json. Bytes only, never
// timings (npm run bench:web prints the timings). Raise a budget on purpose, in the same change
// that needs the bytes, and say why in the commit.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '@wpc/shared/routes';
import { waitForHydration } from '../../test-support/e2e/hydration';

interface Budget {
  /** Compressed bytes of every script the first visit downloads (response bodies, as sent). */
  readonly js: number;
  /** Compressed bytes of every stylesheet it downloads. */
  readonly css: number;
}

const BUDGET_FILE = path.join(__dirname, 'first-load-budget.json');
const budgets = JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as { routes: Record<string, Budget> };

/** What a first visit with an empty cache downloads, by type, once the page is hydrated and quiet. */
async function firstLoad(page: Page, route: string) {
  const sizes: { type: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        // The body as it came over the wire: Brotli or gzip (files under 512 bytes are sent as they are).
        const { responseBodySize } = await request.sizes();
        sizes.push({ type: request.resourceType(), bytes: responseBodySize });
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
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const total = (type: string) => sizes.filter((entry) => entry.type === type).reduce((sum, e) => sum + e.bytes, 0);
  return { js: total('script'), css: total('stylesheet') };
}

test('every route of the route table has a budget', () => {
  expect(Object.keys(budgets.routes).sort()).toEqual(ROUTES.map((route) => route.path).sort());
});

for (const { path: route } of ROUTES) {
  test(`${route}: first-load JavaScript and CSS stay within budget`, async ({ page }) => {
    const budget = budgets.routes[route];
    expect(budget, `no budget for ${route} in ${BUDGET_FILE}`).toBeDefined();
    const measured = await firstLoad(page, route);
    test.info().annotations.push({ type: 'first load', description: `js ${measured.js} B, css ${measured.css} B` });
    expect(measured.js, `first-load JavaScript of ${route} (bytes, compressed)`).toBeLessThanOrEqual(budget!.js);
    expect(measured.css, `first-load CSS of ${route} (bytes, compressed)`).toBeLessThanOrEqual(budget!.css);
  });
}
