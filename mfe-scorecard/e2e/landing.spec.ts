import { expect, test, type Page } from '@playwright/test';
import { openPage, scrollToY, settledScroll, stickyBottom } from './helpers';

test.describe.configure({ timeout: 90_000 });

const subHeader = (page: Page) => page.locator('[data-sticky-header][data-state]');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Page menu' });

test.beforeEach(async ({ page }) => {
  await openPage(page, '/scorecard', 'Community Inspection');
});

test('the sub-header sticks below the site header and switches style at 150px and back below 50px', async ({
  page,
}) => {
  await expect(subHeader(page)).toHaveAttribute('data-state', 'initial');
  await expect(subHeader(page).getByRole('heading', { name: 'Community Wildfire Resilience Scorecard' })).toBeVisible();
  await expect(subHeader(page).getByRole('img')).toHaveCount(3);

  await scrollToY(page, 120);
  await expect(subHeader(page)).toHaveAttribute('data-state', 'initial');
  await scrollToY(page, 200);
  await expect(subHeader(page)).toHaveAttribute('data-state', 'default');
  // Inside the band it keeps the compact style.
  await scrollToY(page, 100);
  await expect(subHeader(page)).toHaveAttribute('data-state', 'default');
  await scrollToY(page, 40);
  await expect(subHeader(page)).toHaveAttribute('data-state', 'initial');

  await scrollToY(page, 2500);
  await expect(subHeader(page)).toHaveAttribute('data-state', 'default');
  const headerBottom = await page.getByRole('banner').evaluate((element) => element.getBoundingClientRect().bottom);
  const subHeaderTop = await subHeader(page).evaluate((element) => element.getBoundingClientRect().top);
  expect(Math.abs(subHeaderTop - headerBottom)).toBeLessThanOrEqual(1);
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width}px a menu entry scrolls its card to 16px below both sticky headers`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [entry, title] of [
      ['Subscribe', 'Subscribe for Updates'],
      ['Overview', 'Scorecard Overview'],
    ] as const) {
      const toggle = menu(page).getByRole('button', { name: /PAGE MENU/ });
      if (viewport.width <= 1024) {
        // Past 150px first: the sub-header turning compact moves the page, which would make the
        // next click land on the entry below the one aimed at.
        if ((await page.evaluate(() => window.scrollY)) <= 150) await scrollToY(page, 200);
        await expect(subHeader(page)).toHaveAttribute('data-state', 'default');
        await toggle.scrollIntoViewIfNeeded();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      await menu(page).getByRole('link', { name: entry }).click();
      await settledScroll(page);
      const card = page.getByRole('region', { name: title });
      await expect(card).toBeFocused();
      const cardTop = await card.evaluate((element) => element.getBoundingClientRect().top);
      expect(Math.abs(cardTop - ((await stickyBottom(page)) + 16))).toBeLessThanOrEqual(2);
    }
  });
}

test('hovering or focusing a menu entry highlights its card in its title colour', async ({ page }) => {
  const card = page.getByRole('region', { name: 'Collaborate With Us' });
  // Scrolled to the menu first, as a visitor is: a hover that had to scroll would turn the
  // sub-header compact under the pointer, moving the entry away from it.
  await scrollToY(page, 400);
  await menu(page).getByRole('link', { name: 'Collaborate' }).hover();
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  // Polled: the border eases into the title colour over a short transition.
  await expect
    .poll(() =>
      card.evaluate(
        (element) => getComputedStyle(element).borderTopColor === getComputedStyle(element.querySelector('h3')!).color,
      ),
    )
    .toBe(true);
  await page.mouse.move(1200, 10);
  await expect(card).not.toHaveAttribute('data-highlighted');

  await menu(page).getByRole('link', { name: 'Contribute' }).focus();
  await expect(page.getByRole('region', { name: 'Contribute to the Cause' })).toHaveAttribute(
    'data-highlighted',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Contribute to the Cause' })).toBeFocused();
});

test.describe('at 1024px', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('the menu is collapsed behind its PAGE MENU toggle', async ({ page }) => {
    const toggle = menu(page).getByRole('button', { name: /PAGE MENU/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page).getByRole('link', { name: 'Prepare' })).toBeHidden();
    await toggle.click();
    await expect(menu(page).getByRole('link', { name: 'Prepare' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test('Back to top appears past 100px and returns to the top', async ({ page }) => {
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect(backToTop).toHaveCount(0);
  await scrollToY(page, 90);
  await expect(backToTop).toHaveCount(0);
  await scrollToY(page, 400);
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  expect(await settledScroll(page)).toBe(0);
  await expect(backToTop).toHaveCount(0);
});

test('a card’s pop-up form reaches the API with scorecardForm: true', async ({ page }) => {
  await page
    .getByRole('region', { name: 'Preparation Matters' })
    .getByRole('button', { name: 'Pilot with Us' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Collaborate With Us' });
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Email').fill('ada+scorecard-e2e@example.org');
  await dialog.getByLabel('Zip / postal code').fill('94110');
  await dialog.getByRole('checkbox', { name: 'Pilot the scorecard in my community' }).check();
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/api/submit-collab-form'),
    dialog.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    scorecardForm: true,
    pilotScorecard: true,
    firstName: 'Ada',
  });
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Thank you for offering to collaborate!/ })
      .first(),
  ).toBeVisible();
});
