import { expect, test, type Page } from '@playwright/test';
import { E2E_ROLES_ADMIN_EMAIL } from '../../test-support/e2e/mail';
import { axeViolations, scrollsSideways, signInToConsole } from '../../test-support/e2e/team';
import { recordViolations } from '../../test-support/e2e/violations';

// Issue 28 items 3 and 4, issue 31 (audit): the console as an app of its own, with members and
// roles, in Chromium against the real API and SMTP server. The admin (TEAM_EMAILS) adds the
// showcase partner's member, who sees only Content and is refused the inbox by the API.

const CONSOLE_PAGES = [
  { nav: 'Inbox', path: '/team', heading: 'Team inbox' },
  { nav: 'Updates', path: '/team/updates', heading: 'Updates' },
  { nav: 'Content', path: '/team/content', heading: 'Content' },
  { nav: 'Members', path: '/team/members', heading: 'Members' },
  { nav: 'Audit', path: '/team/audit', heading: 'Audit log' },
];

/** No site header, footer, Subscribe or Share: the console's own bar and navigation instead. */
async function expectOwnApp(page: Page) {
  await expect(page.locator('#site-header')).toBeEmpty();
  await expect(page.locator('#site-footer')).toBeEmpty();
  // Exactly the site's button: the Updates page has its own "Subscribers" links.
  await expect(page.getByRole('link', { name: 'Subscribe', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share this page' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

test('an admin adds the showcase partner, who sees only Content and is refused the inbox; every console page is axe clean, keyboard-usable, 320 px wide and meets no CSP violation', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  const partnerEmail = `presenter.desk.${Date.now().toString(36)}@showcase-partner.test`;

  await signInToConsole(page, E2E_ROLES_ADMIN_EMAIL, baseURL);
  await expectOwnApp(page);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link')).toHaveText(CONSOLE_PAGES.map((entry) => entry.nav));

  // Every page through the keyboard: focus its link, press Enter.
  for (const entry of CONSOLE_PAGES) {
    await nav.getByRole('link', { name: entry.nav }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
    await expect(nav.getByRole('link', { name: entry.nav })).toHaveAttribute('aria-current', 'page');
    await expectOwnApp(page);
    expect(await axeViolations(page), entry.path).toEqual([]);
  }

  // Members: add the partner with showcase content only.
  await nav.getByRole('link', { name: 'Members' }).click();
  await page.getByLabel('Email address').fill(partnerEmail);
  await page.getByLabel('Content: showcase').check();
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${partnerEmail} was added.` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: partnerEmail });
  await expect(row.getByRole('cell', { name: 'Content: showcase' })).toBeVisible();
  // The roles dialog traps focus: Tab and Shift+Tab, pressed once more than it has stops, never
  // leave it. Escape closes it and gives focus back to the button that opened it.
  const opener = row.getByRole('button', { name: /Change roles/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Change roles' });
  await expect(dialog.getByLabel('Content: showcase')).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  const focusInDialog = () => dialog.evaluate((node) => node.contains(document.activeElement));
  await expect.poll(focusInDialog).toBe(true);
  const stops = await dialog.locator('a[href], button, input, select, textarea, [tabindex="0"]').count();
  expect(stops).toBeGreaterThan(1);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 1; press <= stops + 1; press += 1) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), `${key} pressed ${press} time(s)`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // The audit log names the change.
  await nav.getByRole('link', { name: 'Audit' }).click();
  const entry = page.getByRole('row').filter({ hasText: 'Added a member' }).filter({ hasText: partnerEmail });
  await expect(entry.first()).toBeVisible();

  // On a 320 px phone: no sideways scrolling anywhere; the inbox's list first, its filters folded away.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const { path, heading } of CONSOLE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await scrollsSideways(page), path).toBe(false);
  }
  await page.goto('/team');
  await expect(page.getByRole('search', { name: 'Filter submissions' })).toBeHidden();
  const toggle = page.getByRole('button', { name: /^Filters and tools/ });
  await toggle.click();
  await expect(page.getByRole('search', { name: 'Filter submissions' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The partner, in a browser of their own.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  const partnerViolations = await recordViolations(partner);
  await signInToConsole(partner, partnerEmail, baseURL);
  await expect(partner).toHaveURL(/\/team\/content$/);
  await expect(partner.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(partner.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Content']);
  expect(await axeViolations(partner)).toEqual([]);
  // The API refuses the inbox and the members, whatever the page shows.
  for (const path of ['/api/team/submissions', '/api/team/export?format=csv', '/api/team/members', '/api/team/audit']) {
    const answer = await partner.request.get(path);
    expect({ path, status: answer.status() }).toEqual({ path, status: 403 });
  }
  await partner.goto('/team/members');
  await expect(partner.getByRole('heading', { level: 1, name: 'Not available to you' })).toBeVisible();

  // Removed by the admin, the partner is out on their next request.
  await page.goto('/team/members');
  await page
    .getByRole('row')
    .filter({ hasText: partnerEmail })
    .getByRole('button', { name: /Remove/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Remove a member' })
    .getByRole('button', { name: `Remove ${partnerEmail}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'was removed' })).toBeVisible();
  await partner.goto('/team/content');
  await expect(partner.getByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeVisible();
  await partnerContext.close();

  expect([...violations, ...partnerViolations]).toEqual([]);
});
