import { expect, test } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

const PANEL_TEXT = 'This section is unavailable right now';

test('a remote that cannot be loaded is retried, then leaves the rest of the site working', async ({ page }) => {
  // Two rounds of retries with their delays, and four areas visited.
  test.slow();
  let blocked = true;
  let manifestRequests = 0;
  await page.route('**/mfe/showcase/**', (route) => {
    if (new URL(route.request().url()).pathname === '/mfe/showcase/mf-manifest.json') manifestRequests += 1;
    return blocked ? route.abort('connectionrefused') : route.continue();
  });

  // The edge sent the prerendered page, so it stays readable; a notice says it cannot act yet.
  await page.goto('/showcase/innovations');
  const notice = page.getByRole('alert').filter({ hasText: 'could not finish loading' });
  await expect(notice).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' }),
  ).toBeVisible();
  // The first try and the retry plugin's two retries (shell/README.md: "after the MF retry plugin's two retries").
  expect(manifestRequests).toBe(3);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const panel = page.getByRole('alert').filter({ hasText: PANEL_TEXT });

  // Other areas, and the header's menus, still work.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Scorecard' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.locator('#area-scorecard').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.locator('#area-home').getByRole('heading', { level: 1 })).toBeVisible();

  // Back on the broken area in the same document, its outlet is empty: the full panel shows,
  // and Retry loads it once the remote is reachable again.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Innovation Showcase' }).click();
  await expect(panel).toBeVisible();
  const beforeRetry = manifestRequests;
  blocked = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('#area-showcase').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);
  expect(manifestRequests).toBeGreaterThan(beforeRetry);
});

test('a remote that throws while rendering shows its own error panel; the rest of the site works', async ({
  page,
  request,
}) => {
  // Make the showcase page's own chunks (its expose's async chunks that the prerendered page lists)
  // throw when they run, as a page with a bug in its code would. The remote itself loads and
  // mounts; its error boundary must catch. (Library chunks among the async ones, such as the router
  // @wpc/shared/area bundles, are left alone: without them the remote could not load at all.)
  const manifest = (await (await request.get('/mfe/showcase/mf-manifest.json')).json()) as {
    exposes: { assets: { js: { async: string[] } } }[];
  };
  const route = (await (await request.get('/mfe/showcase/ssr/showcase/innovations.json')).json()) as {
    preload: string[];
  };
  const pageChunks = new Set(
    manifest.exposes.flatMap((expose) => expose.assets.js.async).filter((file) => route.preload.includes(file)),
  );
  expect(pageChunks.size).toBeGreaterThan(0);
  const broken: string[] = [];
  await page.route('**/mfe/showcase/*.js', (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    if (!pageChunks.has(file)) return route.continue();
    broken.push(file);
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'throw new Error("e2e: the showcase page crashed while rendering");',
    });
  });
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('pageerror', (error) => console.push(error.message));

  await page.goto('/showcase/innovations');
  const panel = page.locator('#area-showcase').getByRole('alert').filter({ hasText: PANEL_TEXT });
  await expect(panel).toBeVisible();
  expect(broken.length).toBeGreaterThan(0);
  expect(console.join('\n')).toContain('e2e: the showcase page crashed while rendering');
  // The shell's own panel (remote not loadable) logs this; the remote's boundary does not.
  expect(console.join('\n')).not.toContain('The showcase area could not be loaded');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Scorecard' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.locator('#area-scorecard').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(PANEL_TEXT)).toHaveCount(0);
});

test('a prerendered page whose scripts fail can be retried in place', async ({ page }) => {
  let blocked = true;
  await page.route('**/mfe/map/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
  await page.goto('/map');
  const notice = page.getByRole('alert').filter({ hasText: 'could not finish loading' });
  await expect(notice).toBeVisible();
  blocked = false;
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toHaveCount(0);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Showcase Organisations Map' }),
  ).toHaveCount(1);
});

test('a slow remote shows a loading state on client-side navigation, then its page', async ({ page }) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mfe/map/mf-manifest.json', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Loading the map/i })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading the map/i })).toHaveCount(0);
});

test('remote entries load on demand, not all at start-up', async ({ page }) => {
  const manifests = new Set<string>();
  page.on('request', (request) => {
    const match = /\/mfe\/(\w+)\/mf-manifest\.json/.exec(request.url());
    if (match?.[1]) manifests.add(match[1]);
  });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await waitForHydration(page);
  expect([...manifests]).toEqual(['home']);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
  expect([...manifests].sort()).toEqual(['home', 'map']);
});
