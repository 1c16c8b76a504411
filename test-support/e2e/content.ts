import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PreviewEntry, PublishedContent } from '../../shared/src/content-contract';
import type { ContentArea } from '../../shared/src/content-model/declare';
import type { ContentRenderer } from '../../shared/server/content-renderer';
import { ports } from '@wpc/shared/ports';
import { fakeContentControl } from '../content-api/ports';
import type { EntryInput } from '../content-api/server';

/**
 * The publishing side of the API, for end-to-end tests: until the real API publishes (issue 28,
 * part B), the fake of the contract (test-support/content-api) that `npm run test:e2e` starts and
 * the remotes poll. These calls stand for "the team published" in /team.
 */
const control = fakeContentControl();

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const response = await request.fetch(`${control}${path}`, { method, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export const publishEntry = (request: APIRequestContext, area: ContentArea, entry: EntryInput) =>
  call<{ revision: string }>(request, 'POST', `/areas/${area}/entries`, entry);

export const unpublishEntry = (request: APIRequestContext, area: ContentArea, id: string) =>
  call<{ revision: string }>(request, 'DELETE', `/areas/${area}/entries/${encodeURIComponent(id)}`);

export const publishedContent = (request: APIRequestContext, area: ContentArea) =>
  call<PublishedContent>(request, 'GET', `/areas/${area}`);

/** What a remote's renderer says of itself (its API, what it serves and with which build). */
export const remoteContentStatus = async (request: APIRequestContext, area: ContentArea) =>
  (await (await request.get(`http://127.0.0.1:${ports[area]}/content-status.json`)).json()) as ReturnType<
    ContentRenderer['status']
  >;

export const previewToken = async (request: APIRequestContext, entry: PreviewEntry) =>
  (await call<{ token: string }>(request, 'POST', '/previews', entry)).token;

/** Stops (down) or starts the content API, as an outage of the real one. */
export const contentApiOutage = (request: APIRequestContext, down: boolean) =>
  call<{ running: boolean }>(request, 'POST', '/outage', { down });

/**
 * How long a test waits for a publish to reach the raw HTML before calling it lost. Not the speed
 * target (live within 5 s at either edge): a loaded CI machine must not fail a test by being slow,
 * so that figure is measured by `npm run bench:publish` (median and p95), and the tests annotate
 * how long each change took.
 */
export const ARRIVES_WITHIN_MS = 30_000;

/**
 * Asks for a page's raw HTML, as curl would (no script runs), until `check` holds; how long it
 * took. Fails when it does not hold within `within`.
 */
export async function rawHtmlWhen(
  request: APIRequestContext,
  path: string,
  check: (html: string, status: number) => boolean,
  within = ARRIVES_WITHIN_MS,
): Promise<{ html: string; status: number; milliseconds: number }> {
  const started = Date.now();
  let last = { html: '', status: 0 };
  while (Date.now() - started < within) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } });
    last = { html: await response.text(), status: response.status() };
    if (check(last.html, last.status)) return { ...last, milliseconds: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not change within ${within} ms (last status ${last.status})`);
}

/** The page's HTML without its scripts and data blocks: what a reader sees, not the data behind it. */
export const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

/** The page's JSON-LD blocks. */
export function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** Console errors and warnings, uncaught errors and Content-Security-Policy violations of a page. */
export async function pageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeBinding('__wpcContentViolation', (_source, text: string) => void problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __wpcContentViolation: (text: string) => void }).__wpcContentViolation;
      report(`CSP: ${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
