// A pop-up's button pressed before the page's scripts run (issue 38 item 14): on a slow phone they
// finish seconds after the page shows. The page's inline script opens the form in a dialog at
// once, from the form's own page, and the form posts as that page's form does.
import { expect, test } from '@playwright/test';
import { exportedSubmissions } from '../../test-support/e2e/team-export';
import { holdScripts, waitForHydration } from '../../test-support/e2e/hydration';
import { SPEC_FORMS, specSubmission } from '../../test-support/spec/forms';

test('a pop-up pressed before the scripts opens its form in a dialog at once, which sends', async ({
  page,
  request,
}) => {
  const release = await holdScripts(page);
  // Not the load event: a script added before it would hold it.
  await page.goto('/sponsors', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Become a Sponsor', exact: true }).first().click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The same page: the dialog is over it, not a navigation to the form's page.
  expect(new URL(page.url()).pathname).toBe('/sponsors');
  const form = dialog.locator('form[method="post"]');
  await expect(form.getByLabel('Email')).toBeVisible();

  const spec = SPEC_FORMS.sponsor;
  const expected = specSubmission(spec, `early-${Date.now().toString(36)}-${test.info().workerIndex}`);
  delete expected.scorecardForm;
  for (const [name, value] of Object.entries(expected)) {
    const type = spec.fields[name];
    if (type === 'boolean') await form.locator(`[name="${name}"]`).setChecked(value === true);
    else if ((type === 'text' || type === 'email') && spec.fixed?.[name] === undefined)
      await form.locator(`[name="${name}"]`).fill(String(value));
  }
  await form.getByRole('button', { name: 'Send Request', exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/sponsor\/sent(\?back=%2Fsponsors)?$/);
  await expect(
    page.getByRole('status').filter({ hasText: /Thank you for your interest in sponsoring!/ }),
  ).toBeVisible();
  const stored = (await exportedSubmissions(request, 'sponsor')).filter(
    (entry) => entry.fields.email === expected.email,
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]!.fields).toEqual(expected);
  release();
});

test('the early dialog closes with its button and with Escape, focus back on the button', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/scorecard', { waitUntil: 'domcontentloaded' });
  const opener = page.getByRole('button', { name: 'Download Scorecard', exact: true }).first();
  for (const close of ['button', 'Escape'] as const) {
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Email')).toBeVisible();
    if (close === 'button') await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    else await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
  release();
});

test("once the page is hydrated, the pop-up is the page's own, and no early dialog opens", async ({ page }) => {
  await page.goto('/sponsors');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Become a Sponsor', exact: true }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.locator('[data-early-popup]')).toHaveCount(0);
});
