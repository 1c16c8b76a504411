import { expect, test } from '@playwright/test';
import { specDocumentTitle, specRoutesOf, type SpecArea } from '../spec/routes';

/**
 * One test per spec §2 route an area owns: it answers 200 and renders inside the shell, with
 * its own heading and the agreed title, and without the "unavailable" panel. Each remote's
 * e2e/ calls this for its own area, so a team runs its routes with its own tests.
 */
export function testSpecRoutesOf(area: SpecArea): void {
  const routes = specRoutesOf(area);
  test.describe(`the ${area} area's spec §2 routes`, () => {
    test('there are routes to check', () => {
      expect(routes.length).toBeGreaterThan(0);
    });
    for (const route of routes) {
      test(`${route.path} (${route.screen}) renders inside the shell with its title`, async ({ page }) => {
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expect(page.locator(`#area-${area}`).getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);
        await expect(page).toHaveTitle(specDocumentTitle(route.title));
      });
    }
  });
}
