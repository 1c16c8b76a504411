import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openShowcasePage } from './open-page';

const NOTIFY_DIALOG = 'Notify Me About the Next Showcase';

async function expectNoAxeViolations(page: Page) {
  // An axe run takes seconds on a busy CI machine: give the test more time, not the assertion less.
  test.slow();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`),
  ).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

test.beforeEach(async ({ page }) => {
  await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort('blockedbyclient'));
});

test.describe('/showcase/innovations', () => {
  test('greets the visitor with the notify pop-up, which Escape closes and Notify Me! opens again', async ({
    page,
  }) => {
    await openShowcasePage(page, '/showcase/innovations');
    const dialog = page.getByRole('dialog', { name: NOTIFY_DIALOG });
    await expect(dialog).toBeVisible();
    // Focus moved into the pop-up when it opened.
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Accepting applications!')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Featuring 7 to 10 trailblazing ventures' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Notify Me!' }).click();
    await expect(dialog).toBeVisible();
  });

  test('opens the greeting pop-up complete, so nothing on the page moves', async ({ page }) => {
    // Recorded from the first frame: every layout shift, and each frame that showed the pop-up
    // without its fields (a pop-up growing as its fields arrive moves on screen: Lighthouse's CLS).
    await page.addInitScript(() => {
      const seen = { shifts: [] as number[], framesWithoutFields: 0 };
      Object.assign(window, { __greeting: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) seen.shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
      const frame = () => {
        const dialog = document.querySelector('[role="dialog"]');
        if (dialog && !dialog.querySelector('input[name="email"]')) seen.framesWithoutFields += 1;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await openShowcasePage(page, '/showcase/innovations');
    const dialog = page.getByRole('dialog', { name: NOTIFY_DIALOG });
    await expect(dialog.getByRole('textbox', { name: /email/i })).toBeVisible();
    // Layout-shift entries are delivered after the frame that has them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const seen = await page.evaluate(() => (window as unknown as { __greeting: unknown }).__greeting);
    expect(seen).toEqual({ shifts: [], framesWithoutFields: 0 });
  });

  test('has no accessibility violations once the pop-up is closed', async ({ page }) => {
    await openShowcasePage(page, '/showcase/innovations');
    await page.getByRole('dialog', { name: NOTIFY_DIALOG }).getByRole('button', { name: 'Close' }).first().click();
    await expectNoAxeViolations(page);
  });

  test('fits a 375px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openShowcasePage(page, '/showcase/innovations');
    await expect(page.getByRole('dialog', { name: NOTIFY_DIALOG })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 2, name: 'Meet the organizers' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test.describe('/showcase/presentations', () => {
  test('plays the muted background loop over its poster, and can pause it', async ({ page }) => {
    await openShowcasePage(page, '/showcase/presentations');
    const video = page.locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause background video' }).click();
    await expect(video).toHaveJSProperty('paused', true);
  });

  test('shows the poster alone to visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\.(webm|mp4)$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
    });
    await openShowcasePage(page, '/showcase/presentations');
    await expect(page.locator('img[src$="presentations-poster.svg"]')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    const requestedWhileReduced = [...videoRequests];
    // The page was listening all along: dropping the preference brings the loop in, so the
    // absence above was the page's decision, not a check made before it had decided.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.locator('video')).toHaveCount(1);
    expect(requestedWhileReduced).toEqual([]);
  });

  test('opens the notify pop-up from Notify Me, and links Apply to Present out of the site', async ({ page }) => {
    await openShowcasePage(page, '/showcase/presentations');
    await expect(page.getByRole('link', { name: /^Apply to Present/ })).toHaveAttribute('target', '_blank');
    await page.getByRole('button', { name: 'Notify Me', exact: true }).click();
    await expect(page.getByRole('dialog', { name: NOTIFY_DIALOG })).toBeVisible();
  });

  test('has no accessibility violations', async ({ page }) => {
    await openShowcasePage(page, '/showcase/presentations');
    await expectNoAxeViolations(page);
  });

  test('fits a 375px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openShowcasePage(page, '/showcase/presentations');
    await expectNoHorizontalScroll(page);
  });
});
