import { expect, test } from '@playwright/test';
import { openPage, settledScroll, stickyBottom } from './helpers';

test.describe.configure({ timeout: 90_000 });
const FAQ = 'Frequently Asked Questions';

test('a link to /scorecard/faq#<id> opens that question and scrolls it into view below the header', async ({
  page,
}) => {
  await openPage(page, '/scorecard/faq#how-is-it-scored', FAQ);
  const item = page.locator('#how-is-it-scored');
  const question = item.getByRole('button', { name: 'How are the essentials scored?' });
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(item.getByRole('region')).toContainText('0 (nothing in place)');
  await expect(question).toBeFocused();
  await settledScroll(page);
  const top = await item.evaluate((element) => element.getBoundingClientRect().top);
  expect(Math.abs(top - ((await stickyBottom(page)) + 16))).toBeLessThanOrEqual(2);
  await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);
});

test('twelve questions open and close independently, by mouse and keyboard', async ({ page }) => {
  await openPage(page, '/scorecard/faq', FAQ);
  const questions = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('button');
  await expect(questions).toHaveCount(12);
  await questions.nth(0).click();
  await questions.nth(5).focus();
  await page.keyboard.press('Enter');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(5)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(questions.nth(5)).toHaveAttribute('aria-expanded', 'true');
});

test('a question’s own link opens it from another place on the page', async ({ page }) => {
  await openPage(page, '/scorecard/faq', FAQ);
  const first = page.locator('#what-is-the-scorecard').getByRole('button');
  await first.click();
  await page.locator('#what-is-the-scorecard').getByRole('link', { name: 'Link to this question' }).click();
  await expect(page).toHaveURL(/#what-is-the-scorecard$/);
  await expect(first).toHaveAttribute('aria-expanded', 'true');
});
