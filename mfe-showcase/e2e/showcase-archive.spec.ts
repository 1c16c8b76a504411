import { expect, test, type Page } from '@playwright/test';
import { openShowcasePage, reloadShowcasePage } from './open-page';

// Spec §3's four showcases, as their tabs read, oldest first.
const TABS = ['Nov 17, 2024', 'Feb 5, 2025', 'Apr 23, 2025', 'Jul 16, 2025'];

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');
const panel = (page: Page) => page.getByRole('tabpanel');

test.beforeEach(async ({ page }) => {
  // The video host is not reachable here; refuse its requests at once instead of waiting.
  await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort('blockedbyclient'));
  await openShowcasePage(page, '/showcase/presentations');
  await expect(page.getByRole('heading', { level: 2, name: 'Previous Innovation Showcases' })).toBeVisible();
});

test('the latest showcase is selected, and a click selects another, highlighted green', async ({ page }) => {
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveText(TABS);
  await expect(selectedTab(page)).toHaveText('Jul 16, 2025');
  await tab(page, 'Feb 5, 2025').click();
  await expect(selectedTab(page)).toHaveText('Feb 5, 2025');
  await expect(panel(page).getByRole('heading', { level: 3 }).first()).toHaveText(
    'Winter 2025 Wildfire Innovation Showcase',
  );
  await expect(panel(page).getByText('February 5, 2025')).toBeVisible();
  // The green of the design tokens (--wpc-color-green: #2e7d32).
  await expect(tab(page, 'Feb 5, 2025')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
  await expect(tab(page, 'Jul 16, 2025')).not.toHaveCSS('background-color', 'rgb(46, 125, 50)');
});

test('arrow keys, Home and End move between the tabs and select them', async ({ page }) => {
  await tab(page, 'Jul 16, 2025').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Apr 23, 2025')).toBeFocused();
  await expect(selectedTab(page)).toHaveText('Apr 23, 2025');
  await page.keyboard.press('Home');
  await expect(tab(page, 'Nov 17, 2024')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Jul 16, 2025')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(selectedTab(page)).toHaveText('Nov 17, 2024');
  await expect(panel(page).getByRole('heading', { level: 3 }).first()).toHaveText(
    'Fall 2024 Wildfire Innovation Showcase',
  );
  // Tab leaves the tab list for the panel: only the selected tab is in the tab order.
  await page.keyboard.press('Tab');
  await expect(panel(page)).toBeFocused();
});

test('the chosen showcase survives a reload; an unknown stored date falls back to the latest', async ({ page }) => {
  // Three full loads of the site (shell, then the remote on demand).
  test.slow();
  await tab(page, 'Apr 23, 2025').click();
  await reloadShowcasePage(page, '/showcase/presentations');
  await expect(selectedTab(page)).toHaveText('Apr 23, 2025');
  await expect(panel(page).getByRole('heading', { level: 3 }).first()).toHaveText(
    'Spring 2025 Wildfire Innovation Showcase',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('showcase-date'))).toBe('04232025');

  await page.evaluate(() => sessionStorage.setItem('showcase-date', '01012020'));
  await reloadShowcasePage(page, '/showcase/presentations');
  await expect(selectedTab(page)).toHaveText('Jul 16, 2025');
});

test('a clip plays in the embedded player at its bounds, with sound and English captions', async ({ page }) => {
  await tab(page, 'Nov 17, 2024').click();
  const card = panel(page).getByRole('article', { name: 'EmberSight Labs' });
  await card.getByRole('button', { name: 'Play EmberSight Labs presentation by Priya Raman' }).click();
  const frame = card.locator('iframe');
  await expect(frame).toHaveAttribute('title', 'EmberSight Labs presentation by Priya Raman');
  await expect(frame).toBeFocused();
  const url = new URL((await frame.getAttribute('src'))!);
  expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/wpcFull1124');
  // The entry's clip is 0:12:30 to 0:21:05.
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    autoplay: '1',
    mute: '0',
    cc_load_policy: '1',
    cc_lang_pref: 'en',
    start: '750',
    end: '1265',
  });
});

test('innovators without slides have no slides button; the slides that are offered download as PDF', async ({
  page,
  request,
}) => {
  await tab(page, 'Nov 17, 2024').click();
  const slides = (name: string) =>
    panel(page)
      .getByRole('article', { name })
      .getByRole('link', { name: /^View Presentation Slides/ });
  await expect(slides('FuelScape Analytics')).toHaveCount(0);
  await expect(slides('EmberSight Labs')).toHaveAttribute('download', '');
  const response = await request.get((await slides('EmberSight Labs').getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('a jump to the end of the page moves nothing: no layout shift after End, at 4x CPU', async ({ page }) => {
  // The phone-class CPU of issue 38: a card laid out late would move the footer while it is seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const heightBefore = await page.evaluate(() => {
    const shifts: { value: number; startTime: number }[] = [];
    const since = performance.now();
    Object.assign(window, { layoutShifts: shifts });
    // Every shift from now on counts, with or without recent input: the End key must move nothing.
    // Buffered, because under load an entry can be queued before a fresh observer hears of it.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        if (entry.startTime >= since) shifts.push({ value: entry.value, startTime: entry.startTime });
    }).observe({ type: 'layout-shift', buffered: true });
    // The key goes to the page, not to a tab (where End selects the last showcase).
    (document.activeElement as HTMLElement | null)?.blur();
    return document.documentElement.scrollHeight;
  });
  await page.keyboard.press('End');
  // Where the page stands, so that a failure says whether the jump happened, the page grew after
  // it, or the key went elsewhere. Once, in about a dozen whole runs, the footer was never seen
  // after End, and the suite that ran next deleted the trace.
  const scroll = () =>
    page.evaluate(() => ({
      atEnd: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
      scrollY: window.scrollY,
      scrollHeight: document.documentElement.scrollHeight,
      focused: document.activeElement?.outerHTML.slice(0, 120),
    }));
  await expect.poll(scroll).toMatchObject({ atEnd: true, scrollHeight: heightBefore });
  await expect(page.getByRole('contentinfo')).toBeInViewport();
  // Whatever the jump renders late is laid out within a few frames; give it a second at 4x CPU
  // and two more frames, then read every shift the observer reported.
  await page.waitForTimeout(1_000);
  const shifts = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { layoutShifts: unknown[] }).layoutShifts;
  });
  expect(shifts).toEqual([]);
  // Nothing grew either: the page is as tall as before the jump, and still seen to its end.
  expect(await scroll()).toMatchObject({ atEnd: true, scrollHeight: heightBefore });
});
