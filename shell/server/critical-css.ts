// Critical CSS for composed pages. A page's stylesheets would hold up its first paint until they
// arrive; instead the edge inlines the rules that match the composed page's own HTML (beasties,
// once per distinct page and build) and links the stylesheets as media="print", which browsers
// fetch at low priority without blocking rendering. The shell's first script switches them on
// (shell/src/stylesheets.ts) for what scripts add later (dialogs, menus, client-side navigation);
// without scripting, a <noscript> copy of each link applies them.
import { createHash } from 'node:crypto';
import Beasties from 'beasties';
import { EARLY_STATE_RULES } from '@wpc/shared/build/early-controls.cjs';
import { composeDocument, stylesheetsOf, type ComposeInput } from './compose';

/** A stylesheet's text by the URL the page links it with; undefined when it cannot be had. */
export type StylesheetReader = (href: string) => Promise<string | undefined>;

const PAGE_ORIGIN = 'http://page.invalid';

/**
 * Relative url()s in a stylesheet point next to it (a remote's CSS finds its images wherever the
 * remote is deployed); inlined in the page they would resolve against the page's path instead,
 * so they are rewritten against the stylesheet's own URL.
 */
export function rebaseUrls(css: string, href: string): string {
  const sheet = new URL(href, `${PAGE_ORIGIN}/`);
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, quote: string, target: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(target)) return whole;
    const url = new URL(target, sheet);
    const rebased = url.origin === PAGE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : url.href;
    return `url(${quote}${rebased}${quote})`;
  });
}

/** Text that can sit inside a <style> element without closing it. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

export interface CriticalCssOptions {
  readonly readStylesheet: StylesheetReader;
  /** Distinct pages remembered (a page changes only on a deploy). */
  readonly cacheSize?: number;
}

/**
 * Returns a function that gives the rules of `stylesheets` (in this order, as the page links
 * them) that apply to `html`'s body, or undefined when a stylesheet cannot be read (the page
 * then keeps ordinary, blocking links).
 */
export function createCriticalCss({ readStylesheet, cacheSize = 200 }: CriticalCssOptions) {
  // Every rule whose selector matches an element of the page stays, whatever the media query or
  // state (:hover, :focus), so no rule for what the page shows is missing until the rest loads.
  // And the rules of what the page's early script changes before the stylesheets are on.
  const beasties = new Beasties({
    allowRules: [EARLY_STATE_RULES],
    external: false,
    reduceInlineStyles: true,
    mergeStylesheets: true,
    keyframes: 'critical',
    fonts: true,
    compress: true,
    logLevel: 'silent',
  });
  const results = new Map<string, Promise<string | undefined>>();

  async function extract(html: string, stylesheets: readonly string[]): Promise<string | undefined> {
    const sheets = await Promise.all(
      stylesheets.map(async (href) => {
        const sheet = await readStylesheet(href);
        return sheet === undefined ? undefined : rebaseUrls(sheet, href);
      }),
    );
    if (sheets.some((sheet) => sheet === undefined)) return undefined;
    const css = sheets.join('\n');
    // Only the page's own markup is matched: the head's other elements carry no styled content.
    const page = html.replace(/<head>[\s\S]*?<\/head>/, () => `<head><style>${styleText(css)}</style></head>`);
    const processed = await beasties.process(page);
    return /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1] ?? '';
  }

  return (html: string, stylesheets: readonly string[]): Promise<string | undefined> => {
    const body = html.slice(html.indexOf('</head>'));
    // Stylesheet names carry a content hash, so names and markup identify the result.
    const key = createHash('sha1').update(stylesheets.join('\n')).update('\0').update(body).digest('base64url');
    let result = results.get(key);
    if (!result) {
      result = extract(html, stylesheets).catch(() => undefined);
      // A failed read is tried again on the next request rather than remembered.
      void result.then((css) => css === undefined && results.delete(key));
      if (results.size >= cacheSize) results.delete(results.keys().next().value as string);
      results.set(key, result);
    }
    return result;
  };
}

export type CriticalCss = ReturnType<typeof createCriticalCss>;

/**
 * Composes the page with its critical rules inlined and its stylesheets deferred; with ordinary,
 * blocking stylesheet links when a stylesheet cannot be read.
 */
export async function composeWithCriticalCss(criticalCss: CriticalCss, input: ComposeInput): Promise<string> {
  const html = composeDocument(input);
  const css = await criticalCss(html, stylesheetsOf(input));
  return css === undefined ? html : composeDocument({ ...input, criticalCss: css });
}
