import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_SITE_ORIGIN } from '../spec/public-web';
import { waitForHydration } from './hydration';
import { mailTo } from './mail';

/** A sign-in link in an email's text: the public origin (SITE_ORIGIN), the console's page and the token. */
export const SIGN_IN_LINK = /https?:\/\/\S+\/team\/sign-in#token=[A-Za-z0-9_-]{43}/;

/**
 * Asks for a link on the console's sign-in page and answers the link from the email that arrives,
 * on the address the test reaches the site on (the email names the public origin).
 */
export async function emailedLink(page: Page, email: string): Promise<string> {
  // By sequence number, not position: another test may clear the server's messages meanwhile.
  const before = Math.max(0, ...(await mailTo(page.request, email)).map((mail) => mail.seq));
  await page.goto('/team');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If this address belongs to the team' })).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      const mails = await mailTo(page.request, email);
      const mail = mails.find((candidate) => candidate.seq > before);
      link = SIGN_IN_LINK.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The emailed link as the test's browser reaches the site. */
export function onTestOrigin(link: string, baseURL: string | undefined): string {
  return `${baseURL}${link.slice(E2E_SITE_ORIGIN.length)}`;
}

/** Opens the emailed link and presses "Sign in" (opening it alone uses nothing); answers once the console shows its navigation. */
export async function signInToConsole(page: Page, email: string, baseURL: string | undefined): Promise<void> {
  const link = await emailedLink(page, email);
  await page.goto(onTestOrigin(link, baseURL));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
}

export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`);
}

/** Whether the page scrolls sideways (it must not, down to 320 px). */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The console's CSRF token, as the page's own session has it. */
export async function csrfOf(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/team/session')).json()) as { csrfToken: string };
  return session.csrfToken;
}

/** A console call from the page itself (the browser's fetch, its cookies), answering status and body. */
export function browserPost(page: Page, url: string, csrf: string, body: unknown) {
  return page.evaluate(
    async ({ url, csrf, body }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        credentials: 'include',
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { url, csrf, body },
  );
}

/** The first presenter's photo field in the showcase session editor, and its upload control. */
export function presenterPhoto(page: Page) {
  const field = page
    .getByRole('group', { name: 'Presenters' })
    .getByRole('group', { name: 'Photo (optional)' })
    .first();
  return { field, upload: field.getByLabel(/^(Upload an image|Replace the image)/) };
}
