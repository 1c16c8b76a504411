import { expect, test } from '@playwright/test';

test('a remote that cannot be loaded leaves the rest of the site working', async ({ page }) => {
  let blocked = true;
  await page.route('**/mfe/showcase/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));

  await page.goto('/showcase/innovations');
  const panel = page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Other areas, and the header's menus, still work.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Scorecard' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

  // Back on the broken area, Retry loads it once the remote is reachable again.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Innovation Showcase' }).click();
  await expect(panel).toBeVisible();
  blocked = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('a slow remote shows a loading state, then its page', async ({ page }) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mfe/map/mf-manifest.json', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/map');
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
