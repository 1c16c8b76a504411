import { expect, test } from '@playwright/test';
import { testSpecRoutesOf } from '../../test-support/e2e/area-routes';
import {
  ROUTES_BEYOND_SPEC,
  SPEC_NOT_FOUND,
  SPEC_NOT_FOUND_PATHS,
  specDocumentTitle,
} from '../../test-support/spec/routes';

// The remotes' routes are tested in each remote's own e2e/ folder; the shell owns these.
testSpecRoutesOf('shell');

for (const route of ROUTES_BEYOND_SPEC.filter((candidate) => candidate.area === 'shell')) {
  test(`${route.path} (${route.why}) renders inside the shell`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('#area-shell').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).not.toHaveTitle(specDocumentTitle(SPEC_NOT_FOUND.title));
  });
}

for (const path of SPEC_NOT_FOUND_PATHS) {
  test(`${path} gets the shell's 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: SPEC_NOT_FOUND.heading })).toBeVisible();
    await expect(page).toHaveTitle(specDocumentTitle(SPEC_NOT_FOUND.title));
    await page
      .getByRole('main')
      .getByRole('link', { name: /home page/i })
      .click();
    await expect(page).toHaveURL(SPEC_NOT_FOUND.homeLink);
    await expect(page.locator('#area-home').getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('the window-size page shows the live window size', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto('/dev/check-your-window-size');
  await expect(page.getByTestId('window-width')).toHaveText('900px');
  await expect(page.getByTestId('window-height')).toHaveText('700px');
  await page.setViewportSize({ width: 1111, height: 666 });
  await expect(page.getByTestId('window-width')).toHaveText('1111px');
  await expect(page.getByTestId('window-height')).toHaveText('666px');
});
