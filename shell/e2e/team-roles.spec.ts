import { expect, test, type Page } from '@playwright/test';
import { E2E_LISTS_ADMIN_EMAIL, E2E_ROLES_ADMIN_EMAIL } from '../../test-support/e2e/mail';
import { axeViolations, scrollsSideways, signInToConsole } from '../../test-support/e2e/team';
import { recordViolations } from '../../test-support/e2e/violations';
import { REPORT } from '../../test-support/spec/impact-report';

// Issue 28 items 3 and 4, issue 31 (audit): the console as an app of its own, with members and
// roles, in Chromium against the real API and SMTP server. The admin (TEAM_EMAILS) adds the
// showcase partner's member, who sees only Content and is refused the inbox by the API.

const CONSOLE_PAGES = [
  { nav: 'Inbox', path: '/team', heading: 'Team inbox' },
  { nav: 'Updates', path: '/team/updates', heading: 'Updates' },
  { nav: 'Content', path: '/team/content', heading: 'Content' },
  { nav: 'Impact', path: '/team/impact', heading: 'Impact' },
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

/** Words of the table headers that the browser broke across lines (a header of one line has none). */
const headersBrokenInsideAWord = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const header of document.querySelectorAll('thead th')) {
      // On a phone the header row is visually hidden (each row is a card): nothing there to read.
      if (!header.checkVisibility() || header.getBoundingClientRect().width <= 1) continue;
      const texts = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });

test('the console’s lists tell sessions apart, and every console page fits at 1280 px without a header broken inside a word and at 320 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const marker = `lists${Date.now().toString(36)}`;
  // A submission with long words, so that the inbox's table is pressed for room: with the old rule
  // its "Status" header then broke into "Statu / s" at 1280 px.
  const sent = await page.request.post('/api/submit-feedback-form', {
    multipart: {
      firstName: 'Maximiliana',
      lastName: `Fitzgerald-Oyelaran ${marker}`,
      email: `maximiliana.fitzgerald.oyelaran.${marker}@northern-california-firesafe-council.example.org`,
      organization: 'Northern California Community Wildfire Protection Planning and Fire Safe Council Coalition',
      zipCode: '95969',
      message: 'Our plan is in the links.',
    },
  });
  expect(sent.status()).toBe(200);
  await signInToConsole(page, E2E_LISTS_ADMIN_EMAIL, baseURL);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The showcase area's four consortium updates share one title; each row names its showcase and day.
  await page.goto('/team/content/showcase');
  const consortium = page.getByRole('row').filter({
    has: page.getByRole('link', { name: 'Wildfire Prevention Consortium', exact: true }),
  });
  await expect(consortium).toHaveCount(4);
  const contexts = await consortium.locator('td:first-child p').allTextContents();
  expect(contexts.sort()).toEqual([
    'Fall 2024 Wildfire Innovation Showcase · Nov 17, 2024',
    'Spring 2025 Wildfire Innovation Showcase · Apr 23, 2025',
    'Summer 2025 Wildfire Innovation Showcase · Jul 16, 2025',
    'Winter 2025 Wildfire Innovation Showcase · Feb 5, 2025',
  ]);
  const sessionHref = await consortium.first().getByRole('link').getAttribute('href');

  await page.goto(`/team?q=${marker}`);
  const submission = page.getByRole('link', { name: `Maximiliana Fitzgerald-Oyelaran ${marker}` });
  await expect(submission).toBeVisible();
  const submissionHref = await submission.getAttribute('href');

  const pages = [
    { path: '/team', heading: 'Team inbox' },
    { path: submissionHref!, heading: `Feedback and uploads from Maximiliana Fitzgerald-Oyelaran ${marker}` },
    { path: '/team/updates', heading: 'Updates' },
    { path: '/team/content', heading: 'Content' },
    ...['home', 'scorecard', 'showcase', 'map'].map((area) => ({ path: `/team/content/${area}`, heading: 'Content' })),
    { path: sessionHref!, heading: 'Content' },
    { path: '/team/impact', heading: 'Impact' },
    { path: '/team/members', heading: 'Members' },
    { path: '/team/audit', heading: 'Audit log' },
  ];
  // The Impact page's layout is checked with a full week of every chart (the report's shape is
  // the wire contract's; the counting itself is the API's, tested there).
  await page.route(
    (url) => url.pathname === '/api/team/impact',
    (route) => route.fulfill({ json: REPORT }),
  );
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 800 });
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Each page's own content has arrived: a list, a form or a table, not its loading line.
      await expect(page.getByRole('status').filter({ hasText: /^(Loading|Opening)/ })).toHaveCount(0);
      expect(await scrollsSideways(page), `${path} at ${width} px`).toBe(false);
      expect(await headersBrokenInsideAWord(page), `${path} at ${width} px`).toEqual([]);
      if (path === '/team/impact') await checkImpactPage(page, width);
    }
  }
});

/**
 * The Impact page at a width: every chart drawn (SVG, in the browser), the reach map's shapes
 * fetched, axe-clean, the period picker usable by keyboard, and a wide table scrolling inside
 * its own focusable region rather than the page.
 */
async function checkImpactPage(page: Page, width: number): Promise<void> {
  await expect(page.getByRole('table', { name: 'List growth: the numbers' })).toBeVisible();
  // The reach map draws every state (us-atlas, fetched from the site's own files), one shaded.
  const map = page.getByRole('img', { name: /US states: 1 shaded/ });
  await expect(map.locator('svg').last()).toBeVisible();
  expect(await map.locator('svg path').count()).toBeGreaterThan(50);
  // Each chart's drawing (Playwright counts Plot's <svg> elements as images too).
  const charts = page.locator('div[role="img"]');
  await expect(charts).toHaveCount(8);
  for (const chart of await charts.all()) expect(await chart.locator('svg').count()).toBeGreaterThan(0);
  expect(await axeViolations(page), `/team/impact at ${width} px`).toEqual([]);
  const thirty = page.getByRole('radio', { name: '30 days' });
  await thirty.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '90 days' })).toBeFocused();
  const region = page.getByRole('region', { name: 'Totals: the numbers' });
  await region.focus();
  await expect(region).toBeFocused();
  if (width === 320) {
    expect(await region.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
  }
}
