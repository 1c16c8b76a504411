import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

// The documented localStorage key (docs/development.md, "Remote overrides"); written out, not imported, so a
// renamed key fails here as it would for a developer following docs/development.md.
const STORAGE_KEY = 'wpc:remote-overrides';
const mapPort = Number(process.env.MFE_MAP_PORT ?? 3004);
/** The map remote's own server: another origin, as a developer's dev server would be. */
const OWN_MAP = `http://localhost:${mapPort}/mf-manifest.json`;

function manifestRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mf-manifest.json')) urls.push(request.url());
  });
  return urls;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Remote overrides' });
const mapHeading = (page: Page) => page.locator('#area-map').getByRole('heading', { level: 1 });

test('the /dev/remotes panel refuses other origins, saves a localhost override, and the banner resets it', async ({
  page,
}) => {
  // One developer's whole journey: three page loads and a cross-origin remote.
  test.slow();
  const manifests = manifestRequests(page);
  await page.goto('/dev/remotes');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Remote Overrides' })).toBeVisible();
  await expect(page.getByText(STORAGE_KEY).first()).toBeVisible();
  const mapField = page.getByLabel('Manifest URL for map');

  await mapField.fill('http://example.com/mf-manifest.json');
  await page.getByRole('button', { name: 'Save overrides' }).click();
  await expect(page.getByText('Plain http:// is accepted only for localhost')).toBeVisible();
  await expect(mapField).toHaveAttribute('aria-invalid', 'true');
  await expect(mapField).toBeFocused();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();

  await mapField.fill(OWN_MAP);
  await page.getByRole('button', { name: 'Save overrides' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved one override' })).toBeVisible();
  expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)) ?? 'null')).toEqual({
    map: OWN_MAP,
  });

  await page.getByRole('button', { name: 'Reload now' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('map');
  await expect(banner(page)).toContainText(OWN_MAP);

  manifests.length = 0;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await expect(mapHeading(page)).toBeVisible();
  expect(manifests).toContain(OWN_MAP);
  expect(manifests.filter((url) => url.includes('/mfe/map/'))).toEqual([]);

  // Reset reloads the page: the map heading is visible before and after, so the reloaded page is
  // known by its request for the map's manifest from remotes.json, which its scripts make once they run.
  const beforeReset = manifests.length;
  const defaultManifest = page.waitForRequest((request) => request.url().endsWith('/mfe/map/mf-manifest.json'));
  await banner(page).getByRole('button', { name: 'Reset overrides' }).click();
  await defaultManifest;
  await waitForHydration(page);
  await expect(mapHeading(page)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  expect(manifests.slice(beforeReset)).not.toContain(OWN_MAP);
});

test('the localStorage key alone overrides a remote; entries from other origins are ignored', async ({ page }) => {
  const manifests = manifestRequests(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/about');
  await waitForHydration(page);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEY, JSON.stringify({ map: OWN_MAP, showcase: 'http://192.0.2.1/mf-manifest.json' })],
  );
  await page.goto('/map');
  await waitForHydration(page);
  await expect(mapHeading(page)).toBeVisible();
  await expect(banner(page)).toContainText(OWN_MAP);
  await expect(banner(page)).not.toContainText('showcase');
  expect(manifests).toContain(OWN_MAP);
  expect(warnings.join('\n')).toContain('Remote override for "showcase" ignored');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Showcase' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Past Presentations' }).click();
  await expect(page.locator('#area-showcase').getByRole('heading', { level: 1 })).toBeVisible();
  expect(manifests.some((url) => url.includes('192.0.2.1'))).toBe(false);
  expect(manifests.some((url) => url.includes('/mfe/showcase/mf-manifest.json'))).toBe(true);
});

test('the panel and the banner are accessible and fit a 375px screen', async ({ page }) => {
  // axe walks the whole page; on a busy two-core machine that alone takes many seconds.
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dev/remotes');
  await waitForHydration(page);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [
      STORAGE_KEY,
      JSON.stringify({ showcase: 'https://preview.wildfire-consortium.example/showcase/mf-manifest.json' }),
    ],
  );
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', { name: 'Save overrides' }).click();
  await expect(page.getByRole('status')).toContainText('Saved one override');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
});
