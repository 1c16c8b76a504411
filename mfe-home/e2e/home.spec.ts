import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

// Spec §9: in-page menu breakpoint, scroll gap below the sticky headers, back-to-top threshold.
const MENU_BREAKPOINT = 1024;
const SCROLL_GAP = 16;
const BACK_TO_TOP_AFTER = 100;

const pageMenu = (page: Page) => page.getByRole('navigation', { name: 'Page menu' });
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function openHome(page: Page) {
  await page.goto('/');
  // A first visit fetches the shell, the remote and its page chunk: slow on a busy CI machine.
  await expect(page.getByRole('heading', { level: 1, name: /Catastrophic fires destroy/ })).toBeVisible({
    timeout: 30_000,
  });
  await waitForHydration(page);
}

/** How far the card's top sits below the bottom of every sticky header, as the visitor sees it. */
function gapBelowHeaders(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const headers = Array.from(document.querySelectorAll('[data-sticky-header]'));
    const headerBottom = Math.max(0, ...headers.map((header) => header.getBoundingClientRect().bottom));
    return element.getBoundingClientRect().top - headerBottom;
  });
}

async function expectLandedBelowHeaders(target: Locator) {
  // Smooth scrolling approaches the target from one side: once within a pixel, it has arrived.
  await expect
    .poll(async () => Math.abs((await gapBelowHeaders(target)) - SCROLL_GAP), { timeout: 10_000 })
    .toBeLessThanOrEqual(1);
}

test.describe('home page menu on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is always open, and a click scrolls smoothly so the card lands 16px below the sticky header', async ({
    page,
  }) => {
    await openHome(page);
    await expect(pageMenu(page).getByRole('heading', { name: 'PAGE MENU' })).toBeVisible();
    await expect(pageMenu(page).getByRole('button', { name: 'PAGE MENU' })).toHaveCount(0);
    const labels = [
      'Showcase',
      'Assess',
      'Scorecard',
      'Sponsor',
      'Pilot',
      'Collaborate',
      'Subscribe',
      'Share',
      'Support',
      'Contribute',
    ];
    await expect(pageMenu(page).getByRole('link')).toHaveText(labels);

    const sponsor = card(page, 'Sponsor Opportunities');
    await pageMenu(page).getByRole('link', { name: 'Sponsor' }).click();
    await expectLandedBelowHeaders(sponsor);
    await expect(sponsor).toBeFocused();
    // The menu follows the reader down the page.
    await expect(pageMenu(page).getByRole('link', { name: 'Contribute' })).toBeInViewport();
  });

  test('works from the keyboard: Enter on an entry scrolls to its card', async ({ page }) => {
    await openHome(page);
    await pageMenu(page).getByRole('link', { name: 'Share' }).focus();
    await page.keyboard.press('Enter');
    const share = card(page, 'Share Feedback & Upload Your Scorecard');
    await expectLandedBelowHeaders(share);
    await expect(share).toBeFocused();
  });

  test('hovering or focusing an entry gives its card a border in the title colour, as hovering the card does', async ({
    page,
  }) => {
    await openHome(page);
    const collaborate = card(page, 'Collaborate With Us');
    const titleColour = await collaborate
      .getByRole('heading', { level: 3 })
      .evaluate((title) => getComputedStyle(title).color);
    const borderColour = () => collaborate.evaluate((element) => getComputedStyle(element).borderLeftColor);
    // The transition to the highlight takes a moment.
    const expectBorder = async (highlighted: boolean) =>
      highlighted
        ? await expect.poll(borderColour).toBe(titleColour)
        : await expect.poll(borderColour).not.toBe(titleColour);

    await expectBorder(false);
    await pageMenu(page).getByRole('link', { name: 'Collaborate' }).hover();
    await expectBorder(true);
    await expect(card(page, 'Sponsor Opportunities')).not.toHaveAttribute('data-highlighted');
    await page.mouse.move(1200, 10);
    await expectBorder(false);

    await pageMenu(page).getByRole('link', { name: 'Collaborate' }).focus();
    await expectBorder(true);
    await page.keyboard.press('Tab');
    await expectBorder(false);

    await collaborate.scrollIntoViewIfNeeded();
    await collaborate.hover({ position: { x: 20, y: 20 } });
    await expectBorder(true);
  });
});

test.describe('home page menu at the breakpoint', () => {
  test('is collapsed at 1024px until toggled, collapses on a click outside, and is open at 1025px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: MENU_BREAKPOINT, height: 800 });
    await openHome(page);
    const toggle = pageMenu(page).getByRole('button', { name: 'PAGE MENU' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(pageMenu(page).getByRole('link', { name: 'Showcase' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(pageMenu(page).getByRole('link', { name: 'Showcase' })).toBeVisible();
    await page.getByRole('heading', { level: 2, name: /Find your place/ }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(pageMenu(page).getByRole('link', { name: 'Showcase' })).toBeHidden();

    await page.setViewportSize({ width: MENU_BREAKPOINT + 1, height: 800 });
    await expect(pageMenu(page).getByRole('link', { name: 'Showcase' })).toBeVisible();
    await expect(toggle).toBeHidden();
  });

  test('on a small screen, following an entry collapses the menu and lands the card below the header', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openHome(page);
    const toggle = pageMenu(page).getByRole('button', { name: 'PAGE MENU' });
    await toggle.click();
    await pageMenu(page).getByRole('link', { name: 'Support' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectLandedBelowHeaders(card(page, 'Need Support?'));
  });
});

test('the back-to-top button appears after 100px of scrolling and takes the visitor back up', async ({ page }) => {
  await openHome(page);
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect(backToTop).toHaveCount(0);
  await page.evaluate((y) => window.scrollTo(0, y), BACK_TO_TOP_AFTER);
  await page.waitForTimeout(200);
  await expect(backToTop).toHaveCount(0);
  await page.evaluate((y) => window.scrollTo(0, y), 1500);
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
  await expect(backToTop).toHaveCount(0);
  await expect(page.getByRole('main')).toBeFocused();
});

test('a card’s form is sent to the API from its pop-up, and the visitor is thanked', async ({ page }) => {
  await openHome(page);
  const pilot = card(page, 'Preparation Matters');
  await pilot.getByRole('button', { name: 'Pilot with Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Collaborate With Us' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Alvarez');
  await dialog.getByLabel('Email').fill('rosa@example.org');
  await dialog.getByLabel('Organization').fill('Pine Hollow Fire Safe Council');
  await dialog.getByLabel('Zip / postal code').fill('95959');
  await dialog.getByRole('checkbox').first().check();
  const [request, response] = await Promise.all([
    page.waitForRequest((candidate) => new URL(candidate.url()).pathname === '/api/submit-collab-form'),
    page.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/api/submit-collab-form'),
    dialog.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(request.postDataJSON()).toMatchObject({
    firstName: 'Rosa',
    lastName: 'Alvarez',
    email: 'rosa@example.org',
    organization: 'Pine Hollow Fire Safe Council',
    zipCode: '95959',
  });
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Thank you/ })
      .first(),
  ).toBeVisible();
  // Focus goes back to the button that opened the form.
  await expect(pilot.getByRole('button', { name: 'Pilot with Us' })).toBeFocused();
});

test('the Subscribe card’s own form is sent and cleared', async ({ page }) => {
  await openHome(page);
  const form = card(page, 'Subscribe for Updates').getByRole('form');
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('Okafor');
  await form.getByLabel('Email').fill('sam@example.org');
  await form.getByLabel('Zip / postal code').fill('V0E 1A0');
  // The form far down the page hydrates when it comes near the viewport, perhaps after the typing
  // began: what was typed must be what is sent.
  await expect
    .poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/api/submit-subscribe-form'),
    form.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(form.getByLabel('First name')).toHaveValue('');
});
