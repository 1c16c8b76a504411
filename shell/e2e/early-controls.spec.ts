// Controls used before the page's scripts run (issue 38 item 14): on a slow phone they finish a
// second or more after load. The page's inline script answers a FAQ question and a showcase tab at
// once (shared/build/early-controls.cjs), the browser checks an assessment answer by itself (the
// script shows its "Clear answer" and answers that too), and each component takes that state over
// when it hydrates: nothing chosen is lost or toggled twice.
import { expect, test, type Page } from '@playwright/test';
import { holdScripts, waitForHydration } from '../../test-support/e2e/hydration';

/** Every console error and uncaught error of the page: a hydration mismatch reports one. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens `path` with its scripts held back (release() lets them run), recording the page's errors. */
async function openBeforeScripts(page: Page, path: string) {
  const errors = pageErrors(page);
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { errors, release };
}

test('a FAQ question opens and closes before the scripts, by tap and keyboard, and stays so once hydrated', async ({
  page,
}) => {
  const { errors, release } = await openBeforeScripts(page, '/scorecard/faq');
  const questions = page.getByRole('main').getByRole('heading', { level: 2 }).getByRole('button');
  const first = questions.nth(0);
  const firstAnswer = page.locator('#what-is-the-scorecard').getByRole('region');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(firstAnswer).toBeVisible();
  // The sign follows: a minus once open.
  expect(
    await first.locator('[aria-hidden="true"]').evaluate((sign) => getComputedStyle(sign, '::before').content),
  ).toBe('"−"');
  await questions.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');

  release();
  await waitForHydration(page);
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(firstAnswer).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { expanded: true })).toHaveCount(1);
  // React now owns the state it took from the page: one tap closes the question, once.
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(firstAnswer).toBeHidden();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test('a showcase tab tapped before the scripts is selected and shows its showcase’s panel at once, by tap and arrow key, which hydration keeps', async ({
  page,
}) => {
  const { errors, release } = await openBeforeScripts(page, '/showcase/presentations');
  const tab = (name: string) => page.getByRole('tablist').getByRole('tab', { name, exact: true });
  // The one panel on screen (the others are hidden, and a role query skips them).
  const panel = page.getByRole('tabpanel');
  await tab('Nov 17, 2024').click();
  await expect(tab('Nov 17, 2024')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Jul 16, 2025')).toHaveAttribute('aria-selected', 'false');
  // The green of the design tokens (--wpc-color-green: #2e7d32), as for a tab chosen later.
  await expect(tab('Nov 17, 2024')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('aria-labelledby', (await tab('Nov 17, 2024').getAttribute('id')) ?? '');
  await expect(panel.getByRole('heading', { level: 3 }).first()).toHaveText('Fall 2024 Wildfire Innovation Showcase');
  await expect(panel.getByText('November 17, 2024')).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'Play Fall 2024 Wildfire Innovation Showcase: full recording' }),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Feb 5, 2025')).toBeFocused();
  await expect(tab('Feb 5, 2025')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
  await expect(panel.getByRole('heading', { level: 3 }).first()).toHaveText('Winter 2025 Wildfire Innovation Showcase');
  await expect(panel.getByText('February 5, 2025')).toBeVisible();

  release();
  await waitForHydration(page);
  await expect(panel).toHaveAttribute('aria-labelledby', (await tab('Feb 5, 2025').getAttribute('id')) ?? '');
  await expect(panel.getByRole('heading', { level: 3 }).first()).toHaveText('Winter 2025 Wildfire Innovation Showcase');
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Feb 5, 2025');
  await expect(tab('Feb 5, 2025')).toHaveAttribute('aria-controls', (await panel.getAttribute('id')) ?? '');
  await expect(panel).not.toHaveAttribute('aria-busy', 'true');
  expect(await page.evaluate(() => sessionStorage.getItem('showcase-date'))).toBe('02052025');
  await tab('Jul 16, 2025').click();
  await expect(panel.getByText('July 16, 2025')).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Jul 16, 2025');
  expect(errors).toEqual([]);
});

test('the latest showcase tapped before the scripts wins over the session’s earlier choice', async ({ page }) => {
  const errors = pageErrors(page);
  // Chosen earlier in the visit: the page would open on it.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('showcase-date')) sessionStorage.setItem('showcase-date', '11172024');
  });
  const release = await holdScripts(page);
  await page.goto('/showcase/presentations', { waitUntil: 'domcontentloaded' });
  const panel = page.getByRole('tabpanel');
  await page.getByRole('tablist').getByRole('tab', { name: 'Jul 16, 2025', exact: true }).click();
  await expect(panel.getByRole('heading', { level: 3 }).first()).toHaveText('Summer 2025 Wildfire Innovation Showcase');

  release();
  await waitForHydration(page);
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Jul 16, 2025');
  await expect(panel.getByRole('heading', { level: 3 }).first()).toHaveText('Summer 2025 Wildfire Innovation Showcase');
  expect(await page.evaluate(() => sessionStorage.getItem('showcase-date'))).toBe('07162025');
  expect(errors).toEqual([]);
});

test('an assessment answer given or cleared before the scripts shows at once and is kept once hydrated', async ({
  page,
}) => {
  const { errors, release } = await openBeforeScripts(page, '/scorecard/assess');
  const question = page.locator('#q-1a');
  const clear = question.getByRole('button', { name: 'Clear answer to question 1a' });
  await expect(clear).toBeHidden();
  await question.getByRole('radio', { name: /^3 / }).check();
  // The answer's visible effect, as once hydrated: its question offers "Clear answer".
  await expect(clear).toBeVisible();
  // A second answer, cleared before the scripts: nothing of it is left to take.
  const other = page.locator('#q-1b');
  await other.getByRole('radio', { name: /^2 / }).check();
  await other.getByRole('button', { name: 'Clear answer to question 1b' }).click();
  await expect(other.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Clear answer to question 1b' })).toBeHidden();

  release();
  await waitForHydration(page);
  await expect(clear).toBeVisible();
  await expect(other.getByRole('button', { name: 'Clear answer to question 1b' })).toBeHidden();
  await expect(page.getByText('1 of 40 questions answered')).toBeVisible();
  await page.reload();
  await expect(page.getByText('1 of 40 questions answered')).toBeVisible();
  await expect(question.getByRole('radio', { name: /^3 / })).toBeChecked();
  // React now owns the button: one tap clears the answer, once.
  await clear.click();
  await expect(clear).toBeHidden();
  await expect(question.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByText('0 of 40 questions answered')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('the share box', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Share before the scripts copies the address and opens the box, its links the same as once hydrated', async ({
    page,
    baseURL,
  }) => {
    const { errors, release } = await openBeforeScripts(page, '/scorecard/faq');
    const share = page.getByRole('contentinfo').getByRole('button', { name: 'Share this page' });
    await share.click();
    const early = page.getByRole('dialog', { name: 'Link copied to clipboard!' });
    await expect(early).toBeVisible();
    const address = `${baseURL}/scorecard/faq`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await expect(early.getByText(address, { exact: true })).toBeVisible();
    const links = (dialog: typeof early) =>
      dialog
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href'), anchor.getAttribute('target')]),
        );
    const earlyLinks = await links(early);
    expect(earlyLinks.map(([label]) => label)).toEqual(['Facebook', 'LinkedIn', 'Gmail', 'Outlook', 'WhatsApp']);
    for (const [, href, target] of earlyLinks) {
      expect(href).toContain(encodeURIComponent(address));
      expect(target).toBe('_blank');
    }
    // A modal dialog: Escape closes it and focus goes back to the button.
    await page.keyboard.press('Escape');
    await expect(early).toBeHidden();
    await expect(share).toBeFocused();

    release();
    await waitForHydration(page);
    // Until the box's code has arrived the early box still answers; then React's own box does, with
    // the same words and links. Either way one box opens, and Escape closes it.
    const reactBox = page.locator('div[role="dialog"][aria-modal="true"]');
    await expect(async () => {
      await share.click();
      await expect(page.getByRole('dialog', { name: 'Link copied to clipboard!' })).toHaveCount(1);
      const fromReact = await reactBox.isVisible();
      if (fromReact) expect(await links(reactBox)).toEqual(earlyLinks);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(fromReact).toBe(true);
    }).toPass({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
