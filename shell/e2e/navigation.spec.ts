import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A value that survives only as long as the document does: a full reload wipes it. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test.describe('header dropdowns', () => {
  test('open one at a time and close on a click outside or Escape', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    const showcase = nav(page).getByRole('button', { name: 'Showcase' });
    const scorecard = nav(page).getByRole('button', { name: 'Scorecard' });
    await expect(showcase).toHaveAttribute('aria-expanded', 'false');

    await showcase.click();
    await expect(showcase).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: 'Past Presentations' })).toBeVisible();

    await scorecard.click();
    await expect(scorecard).toHaveAttribute('aria-expanded', 'true');
    await expect(showcase).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).getByRole('link', { name: 'Past Presentations' })).toBeHidden();

    await page.getByRole('main').click({ position: { x: 10, y: 10 } });
    await expect(scorecard).toHaveAttribute('aria-expanded', 'false');

    await showcase.focus();
    await page.keyboard.press('Enter');
    await expect(showcase).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(showcase).toHaveAttribute('aria-expanded', 'false');
    await expect(showcase).toBeFocused();
  });

  test('are keyboard operable down to the page link', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const scorecard = nav(page).getByRole('button', { name: 'Scorecard' });
    await scorecard.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(nav(page).getByRole('link', { name: 'Scorecard Overview' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/scorecard/instructions');
    await expect(page.getByRole('heading', { level: 1, name: 'Scorecard Instructions' })).toBeVisible();
  });

  test('mark the current area and page with aria-current', async ({ page }) => {
    await page.goto('/scorecard/faq');
    await waitForHydration(page);
    await expect(nav(page).getByRole('button', { name: 'Scorecard' })).toHaveAttribute('aria-current', 'true');
    await expect(nav(page).getByRole('button', { name: 'Showcase' })).not.toHaveAttribute('aria-current');
    await nav(page).getByRole('button', { name: 'Scorecard' }).click();
    await expect(nav(page).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/sponsors');

    await waitForHydration(page);
    await expect(nav(page).getByRole('link', { name: 'Sponsors' })).toHaveAttribute('aria-current', 'page');
    await expect(nav(page).getByRole('button', { name: 'Scorecard' })).not.toHaveAttribute('aria-current');
  });
});

test('links across areas change the page without a reload, and Back/Forward work', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await markDocument(page);

  await nav(page).getByRole('button', { name: 'Showcase' }).click();
  await nav(page).getByRole('link', { name: 'Past Presentations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'WILDFIRE INNOVATION SHOWCASE' })).toBeVisible();
  await expect(page).toHaveTitle(/^Previous Innovation Showcases/);

  await nav(page).getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  // Only one area is in the outlet at a time.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'WILDFIRE INNOVATION SHOWCASE' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL('/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();

  await page.getByRole('link', { name: 'Wildfire Prevention Consortium home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('main')).toBeFocused();
  await expectSameDocument(page);
});

test('within an area, moving between pages keeps the document too', async ({ page }) => {
  await page.goto('/scorecard');
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Press Release' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Press Release/ })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expectSameDocument(page);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the hamburger opens and closes the menu', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const hamburger = page.getByRole('button', { name: /^(Open|Close) menu$/ });
    await expect(hamburger).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Sponsors' })).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');

    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await nav(page).getByRole('button', { name: 'Scorecard' }).click();
    await nav(page).getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).getByRole('link', { name: 'Sponsors' })).toBeHidden();

    await hamburger.click();
    await expect(nav(page).getByRole('link', { name: 'Sponsors' })).toBeVisible();
    // The open menu covers the top of the page; click below it.
    await page.mouse.click(400, 880);
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  test('large screens show the menu without a hamburger', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: /^(Open|Close) menu$/ })).toBeHidden();
    await expect(nav(page).getByRole('link', { name: 'Sponsors' })).toBeVisible();
  });
});
