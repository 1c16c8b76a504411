import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openPage } from './helpers';

test.describe.configure({ timeout: 90_000 });

// The scorecard area's eight pages (spec §2) and each one's heading.
const PAGES = [
  { path: '/scorecard', heading: 'Community Inspection' },
  { path: '/scorecard/instructions', heading: 'Scorecard Instructions' },
  { path: '/scorecard/news', heading: /^Press Release/ },
  { path: '/scorecard/participation', heading: 'Participate in the Scorecard' },
  { path: '/scorecard/faq', heading: 'Frequently Asked Questions' },
  { path: '/scorecard/about', heading: 'About the Scorecard' },
  { path: '/scorecard/subscribe', heading: 'Subscribe for Updates' },
  { path: '/scorecard/contact', heading: 'Need Scorecard Support? We can Help!' },
] as const;

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const { path, heading } of PAGES) {
      test(`${path} shows its content without horizontal scrolling, and axe finds no violations`, async ({ page }) => {
        await openPage(page, path, heading);
        const [scrollWidth, clientWidth] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        const results = await new AxeBuilder({ page }).include('#main').analyze();
        expect(
          results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
        ).toEqual([]);
      });
    }
  });
}

test('the landing page passes axe with the sub-header compact, a menu entry highlighted and a form open', async ({
  page,
}) => {
  await openPage(page, '/scorecard', 'Community Inspection');
  await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
  await expect(page.locator('[data-sticky-header][data-state="default"]')).toBeVisible();
  await page.getByRole('navigation', { name: 'Page menu' }).getByRole('link', { name: 'Assess' }).hover();
  const hovered = await new AxeBuilder({ page }).include('#main').analyze();
  expect(hovered.violations.map(({ id }) => id)).toEqual([]);
  await page
    .getByRole('region', { name: 'Contribute to the Cause' })
    .getByRole('button', { name: 'Support Wildfire Prevention' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Support Wildfire Prevention' })).toBeVisible();
  const withDialog = await new AxeBuilder({ page }).analyze();
  expect(withDialog.violations.map(({ id }) => id)).toEqual([]);
});
