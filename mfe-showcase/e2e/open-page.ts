import { expect, type Page } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';

/**
 * The showcase remote is fetched on demand after the shell starts; on a busy two-core CI machine
 * that alone can outlast one expect timeout, so the first wait for a page gets longer.
 */
const REMOTE_LOAD_TIMEOUT = 25_000;

const PAGE_READY = {
  '/showcase/presentations': (page: Page) => page.getByRole('tab', { name: 'Jul 16, 2025' }),
  '/showcase/innovations': (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' }),
} as const;

export async function openShowcasePage(page: Page, path: keyof typeof PAGE_READY): Promise<void> {
  await page.goto(path);
  await expect(PAGE_READY[path](page)).toBeVisible({ timeout: REMOTE_LOAD_TIMEOUT });
  await waitForHydration(page);
}

/** After a reload the remote is fetched again. */
export async function reloadShowcasePage(page: Page, path: keyof typeof PAGE_READY): Promise<void> {
  await page.reload();
  await expect(PAGE_READY[path](page)).toBeVisible({ timeout: REMOTE_LOAD_TIMEOUT });
  await waitForHydration(page);
}
