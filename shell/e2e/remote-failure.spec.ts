import { expect, test } from '@playwright/test';

test('a remote that cannot be loaded leaves the rest of the site working', async ({ page }) => {
  let blocked = true;
  await page.route('**/mfe/showcase/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));

  // The edge sent the prerendered page, so it stays readable; a notice says it cannot act yet.
  await page.goto('/showcase/innovations');
  const notice = page.getByRole('alert').filter({ hasText: 'could not finish loading' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const panel = page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' });

  // Other areas, and the header's menus, still work.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Scorecard' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

  // Back on the broken area in the same document, its outlet is empty: the full panel shows,
  // and Retry loads it once the remote is reachable again.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Innovation Showcase' }).click();
  await expect(panel).toBeVisible();
  blocked = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' })).toBeVisible();
  await expect(panel).toHaveCount(0);
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
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toHaveCount(1);
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
  expect([...manifests]).toEqual(['home']);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
  expect([...manifests].sort()).toEqual(['home', 'map']);
});
