import { expect, test } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the share button copies the page address and offers share links', async ({ page, baseURL }) => {
  await page.goto('/scorecard/faq');
  await waitForHydration(page);
  const share = page.getByRole('contentinfo').getByRole('button', { name: 'Share this page' });
  await share.click();

  const dialog = page.getByRole('dialog', { name: 'Link copied to clipboard!' });
  await expect(dialog).toBeVisible();
  const address = `${baseURL}/scorecard/faq`;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  const encoded = encodeURIComponent(address);
  for (const network of ['Facebook', 'LinkedIn', 'Gmail', 'Outlook', 'WhatsApp']) {
    const link = dialog.getByRole('link', { name: network });
    await expect(link).toHaveAttribute('href', new RegExp(encoded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(link).toHaveAttribute('target', '_blank');
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(share).toBeFocused();

  await share.click();
  await expect(dialog).toBeVisible();
  // Two controls close it: the X (named "Close") and the Close button at the bottom.
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
});

test('the footer has its link columns, social links and subscribe button', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  for (const column of ['Company', 'Scorecard', 'Showcase']) {
    await expect(footer.getByRole('navigation', { name: column })).toBeVisible();
  }
  for (const network of ['LinkedIn', 'Facebook', 'YouTube', 'TikTok', 'Instagram']) {
    await expect(footer.getByRole('link', { name: new RegExp(`^${network}`) })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer.getByText('© 2024-2025')).toBeVisible();
  await footer.getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL('/scorecard/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe for Updates' })).toBeVisible();
});
