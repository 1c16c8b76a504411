import { expect, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

/** Waits until a (smooth) scroll has come to rest and returns where it stopped. */
export async function settledScroll(page: Page): Promise<number> {
  let last = -1;
  let stable = 0;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        stable = y === last ? stable + 1 : 0;
        last = y;
        return stable;
      },
      { intervals: [100], timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(3);
  return last;
}

/** Scrolls as a visitor does (wheel), so scroll listeners fire, and waits for the page to settle. */
export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await settledScroll(page);
}

export function stickyBottom(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      ...Array.from(document.querySelectorAll('[data-sticky-header]')).map(
        (element) => element.getBoundingClientRect().bottom,
      ),
    ),
  );
}

/**
 * Opens a page and waits for its heading. The first load of a remote can take a while on a busy
 * CI machine (shell, manifest, remote entry, page chunk), so this one wait is generous.
 */
export async function openPage(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 45_000,
  });
  await waitForHydration(page);
}
