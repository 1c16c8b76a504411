import type { Browser, Page } from '@playwright/test';

/** What a page's head says to search engines and share previews, read from the served HTML. */
export interface PageHead {
  readonly status: number;
  readonly title: string;
  /** content of every <meta name=...> and <meta property=...>, by name or property. */
  readonly meta: Readonly<Record<string, string>>;
  readonly canonical: string | null;
  /** Each application/ld+json block, parsed. */
  readonly jsonLd: readonly Record<string, unknown>[];
}

async function headOf(page: Page): Promise<Omit<PageHead, 'status'>> {
  return page.evaluate(() => {
    const meta: Record<string, string> = {};
    for (const element of document.head.querySelectorAll('meta[name], meta[property]')) {
      meta[element.getAttribute('name') ?? element.getAttribute('property') ?? ''] =
        element.getAttribute('content') ?? '';
    }
    return {
      title: document.title,
      meta,
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>,
      ),
    };
  });
}

/**
 * Reads each path's head as the server sent it: scripts off, so nothing the browser does later
 * can stand in for what crawlers and share previews get.
 */
export async function readHeads(
  browser: Browser,
  baseURL: string,
  paths: readonly string[],
): Promise<Map<string, PageHead>> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const heads = new Map<string, PageHead>();
  try {
    for (const path of paths) {
      const response = await page.goto(path);
      heads.set(path, { status: response?.status() ?? 0, ...(await headOf(page)) });
    }
  } finally {
    await context.close();
  }
  return heads;
}
