import { expect, type Page } from '@playwright/test';
import { SHELL_ENTRY } from '@wpc/shared/build/start-script.cjs';

/** True once React has taken over the element (hydrated or rendered it): it carries a fiber. */
function isReactOwned(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__reactFiber$')),
    selector,
  );
}

/**
 * Waits until React owns the site chrome and the page's heading. A prerendered page is visible
 * before it is interactive: a hover, key press or click that lands earlier reaches plain HTML
 * and is lost, so tests that interact wait for this first. A page without the site's footer
 * (the team console, an app of its own) has none in its prerendered HTML either, so none is awaited.
 */
export async function waitForHydration(page: Page, timeout = 30_000): Promise<void> {
  const hasFooter = await page.evaluate(() => document.querySelector('footer') !== null);
  for (const selector of ['header', ...(hasFooter ? ['footer'] : []), 'main h1']) {
    await expect.poll(() => isReactOwned(page, selector), { timeout }).toBe(true);
  }
}

/**
 * Holds the shell's entry script until the test lets it go: the page stays as the server sent it,
 * with only its inline start script (the early pop-ups and controls) running.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${SHELL_ENTRY}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
