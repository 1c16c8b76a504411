// The Node entry the shell's build prerenders with (shared/build/prerender.cjs): for every route,
// the header (its active item depends on the path), footer and message centre, plus the page on
// the shell's own routes and the 404.
import type { ReactElement } from 'react';
import { areaForPath, documentTitleFor, ROUTE_PATTERNS, ROUTES, SITE_NAME } from '@wpc/shared/routes';
import { prerenderToString } from '@wpc/shared/area/prerender';
import { NOT_FOUND_PATH } from '@wpc/shared/page-contract';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { MessageCentre } from './layout/MessageCentre';
import { PrerenderPath } from './location';
import { chromeIdPrefix, SHELL_OUTLET_ID, ShellPages } from './shell-pages';
import { PAGE_META, SITE_META, SITE_SHORT_NAME } from './content/page-meta';

export { loadedModules } from '@wpc/shared/area/prerender';

/** Read when JavaScript is off: every page is readable, and the menus and forms need scripts. */
const NOSCRIPT =
  'JavaScript is turned off, so the menus and forms on this site will not work. Every page can still be read, and the links at the foot of each page lead to all of them.';

/** A document per route, one per route pattern (its pages share it: /scorecard/news/:slug), and the 404. */
export function routePaths(): string[] {
  return [...ROUTES.map((route) => route.path), ...ROUTE_PATTERNS.map((route) => route.path), NOT_FOUND_PATH];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function renderRoute(path: string) {
  const render = (element: ReactElement, elementId: string) =>
    prerenderToString(<PrerenderPath path={path}>{element}</PrerenderPath>, chromeIdPrefix(elementId));
  const area = areaForPath(path);
  const ownPage = area === undefined || area === 'shell';
  const meta = ownPage ? PAGE_META[path] : undefined;
  if (ownPage && !meta) throw new Error(`The shell has no metadata for ${path}: add it to src/content/page-meta.ts`);
  return {
    meta,
    siteMeta: SITE_META,
    siteName: SITE_NAME,
    siteShortName: SITE_SHORT_NAME,
    parts: {
      title: escapeText(documentTitleFor(path)),
      noscript: escapeText(NOSCRIPT),
      area: area ?? 'shell',
      header: await render(<Header />, 'site-header'),
      footer: await render(<Footer />, 'site-footer'),
      messages: await render(<MessageCentre />, 'site-messages'),
      page: ownPage ? await render(<ShellPages />, SHELL_OUTLET_ID) : undefined,
    },
  };
}
