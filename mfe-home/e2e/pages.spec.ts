import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

const PAGES = [
  { path: '/', heading: /Catastrophic fires destroy/ },
  { path: '/about', heading: 'About Us' },
  { path: '/sponsors', heading: 'Sponsor Wildfire Prevention' },
  { path: '/contact-us', heading: 'Contact Us' },
] as const;

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  // A first visit fetches the shell, the remote and its page chunk: slow on a busy CI machine.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  await waitForHydration(page);
}

/**
 * Scrolls through the page so every lazy image has loaded and every layout is final. Instant
 * jumps with a frame at each stop: the site's smooth scrolling made each stop wait for its
 * animation (about 0.4 s, 10 s for the home page at 375 px).
 */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const jump = (top: number) =>
    page.evaluate(async (y) => {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, top);
  for (let y = 0; y < height; y += 500) await jump(y);
  await jump(0);
  await expect.poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete))).toBe(true);
}

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// Scrolling whole pages and running axe take a while on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

for (const { path, heading } of PAGES) {
  test.describe(`${path}`, () => {
    // One visit per width: scrolling the page through and loading its images is the slow part.
    for (const width of [1280, 375]) {
      test(`has no axe violations at ${width}px${width === 375 ? ', and no horizontal scrolling' : ''}`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await open(page, path, heading);
        await scrollThrough(page);
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
        ).toEqual([]);
        if (width !== 375) return;
        expect(await horizontalOverflow(page)).toBe(0);
        if (path === '/') {
          await page.getByRole('navigation', { name: 'Page menu' }).getByRole('button', { name: 'PAGE MENU' }).click();
          expect(await horizontalOverflow(page)).toBe(0);
        }
      });
    }

    test('gives every image its size and alt text', async ({ page }) => {
      await open(page, path, heading);
      const images = page.getByRole('main').locator('img');
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute('width', /^\d+$/);
        await expect(image).toHaveAttribute('height', /^\d+$/);
        await expect(image).toHaveAttribute('alt', /\w/);
      }
    });
  });
}

test('the home page shows its open forms without axe violations', async ({ page }) => {
  await open(page, '/', PAGES[0].heading);
  await page
    .getByRole('region', { name: 'Scorecard Overview' })
    .getByRole('button', { name: 'What is the Community Wildfire Resilience Scorecard?' })
    .click();
  await page
    .getByRole('region', { name: 'Share Feedback & Upload Your Scorecard' })
    .getByRole('button', { name: 'Feedback & Upload' })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
});

test.describe('/sponsors in use', () => {
  test('the benefit dropdowns toggle independently from the keyboard', async ({ page }) => {
    await open(page, '/sponsors', PAGES[2].heading);
    const profitability = page.getByRole('button', { name: 'Profitability' });
    const strategic = page.getByRole('button', { name: 'Strategic relationships' });
    await profitability.focus();
    await page.keyboard.press('Enter');
    await strategic.focus();
    await page.keyboard.press('Space');
    await expect(profitability).toHaveAttribute('aria-expanded', 'true');
    await expect(strategic).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Innovation' })).toHaveAttribute('aria-expanded', 'false');
    await profitability.click();
    await expect(profitability).toHaveAttribute('aria-expanded', 'false');
    await expect(strategic).toHaveAttribute('aria-expanded', 'true');
  });

  test('the package table stays whole and readable at 375px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, '/sponsors', PAGES[2].heading);
    const table = page.getByRole('table');
    await table.scrollIntoViewIfNeeded();
    const box = await table.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expect(table.getByRole('columnheader', { name: 'Gold $25,000' })).toBeInViewport();
    const smallestText = await table.evaluate((element) =>
      Math.min(
        ...Array.from(element.querySelectorAll('th, td span')).map((cell) =>
          parseFloat(getComputedStyle(cell).fontSize),
        ),
      ),
    );
    expect(smallestText).toBeGreaterThanOrEqual(12);
  });

  test('Join goes to Contact Us, and Become a Sponsor opens the sponsor form', async ({ page }) => {
    await open(page, '/sponsors', PAGES[2].heading);
    await page.getByRole('button', { name: 'Become a Sponsor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Become a Sponsor' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Join Us' }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
});

test('/contact-us sends its inline form and offers the weekly meeting and email', async ({ page }) => {
  await open(page, '/contact-us', 'Contact Us');
  const other = page.getByRole('complementary', { name: 'Other ways to reach us' });
  await expect(other).toContainText('Wednesdays at 12pm PST');
  await expect(other.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  const form = page.getByRole('form', { name: 'Contact Us' });
  await form.getByLabel('First name').fill('Lena');
  await form.getByLabel('Last name').fill('Berg');
  await form.getByLabel('Email').fill('lena@example.org');
  await form.getByLabel('Zip / postal code').fill('97201');
  await form.getByLabel('Message').fill('We would like to pilot the scorecard in our county.');
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/api/submit-contact-form'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Thank you for contacting us!/ })
      .first(),
  ).toBeVisible();
});
