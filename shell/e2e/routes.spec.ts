import { expect, test } from '@playwright/test';
import { documentTitleFor, ROUTES } from '@wpc/shared/routes';

// The sixteen routes of the spec. Extra: the /dev/forms gallery (tested with the forms) and the
// online self-assessment /scorecard/assess (issue 15), which renders here like every page.
const PAGES = ROUTES.filter((route) => route.path !== '/dev/forms');
const SPEC_ROUTES = PAGES.filter((route) => route.path !== '/scorecard/assess');

test('the spec has sixteen routes besides the 404', () => {
  expect(SPEC_ROUTES).toHaveLength(16);
});

for (const route of PAGES) {
  test(`${route.path} renders inside the shell with its own title`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('This section is unavailable right now')).toHaveCount(0);
    await expect(page).toHaveTitle(documentTitleFor(route.path));
  });
}

for (const path of ['/no-such-page', '/scorecard/nope', '/showcase', '/map/extra']) {
  test(`${path} gets the shell's 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page is not found.' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found/);
    await page.getByRole('main').getByRole('link', { name: /home page/i }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: /Catastrophic fires destroy/ })).toBeVisible();
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
