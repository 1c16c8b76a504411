// The Node entry a remote renders its pages with: at build time (shared/build/prerender.cjs, from
// its seed) and at run time in its own server (shared/server/content-renderer.ts, from the
// published content), with the same components as the browser. Webpack resolves the @wpc/area-*
// modules to the remote's own src/pages/index.ts and src/content/{model,page-data,page-meta}.ts.
import { StaticRouter } from 'react-router-dom/server';
import { SITE_NAME } from '@wpc/shared/routes';
import type { PreviewEntry } from '@wpc/shared/content-contract';
import type { PageMeta } from '@wpc/shared/page-meta';
import { pages } from '@wpc/area-pages';
import { PAGE_META } from '@wpc/area-page-meta';
import { MODEL } from '@wpc/area-model';
import { PAGE_DATA, PREVIEW_PATHS } from '@wpc/area-page-data';
import { createAreaContent, type AreaContent, type RefusedEntry } from './area-content';
import { AreaRoutes, areaIdPrefix, ROUTER_FUTURE } from './index';
import { PageDataStore } from './page-data';
import { prerenderToString } from './prerender';

export { loadedModules } from './prerender';
export type { AreaContent, RefusedEntry } from './area-content';

const content = createAreaContent({ model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META });
const area = MODEL.area;

export const { buildContent, contentModelJson, pagePaths, pageFor, routeEntries, seedContent, seedEntries } = content;
export const areaName = area;

/** A rendered page: its HTML (the fragment), its metadata, and its data (the island's content). */
export interface RenderedPage {
  readonly path: string;
  /** The route or route pattern that renders it. */
  readonly route: string;
  readonly html: string;
  readonly meta: PageMeta;
  readonly data: unknown;
}

/** Loads the page module of a route without rendering it (the build lists its files as the route's). */
export async function loadRoutePage(route: string): Promise<void> {
  const page = pages[route];
  if (!page) throw new Error(`${area} has no page for ${route}`);
  if ('load' in page) await page.load();
}

/** A page's HTML, what the browser's first render produces for it, and its metadata and data. */
export async function renderPage(path: string, published: AreaContent): Promise<RenderedPage | undefined> {
  const page = pageFor(path, published);
  if (!page) return undefined;
  const store = new PageDataStore(page.data === undefined ? null : { path, data: page.data }, () =>
    Promise.reject(new Error('A server render never loads page data')),
  );
  const html = await prerenderToString(
    <StaticRouter location={path} future={ROUTER_FUTURE}>
      <AreaRoutes area={area} pages={pages} label="This page" data={store} />
    </StaticRouter>,
    areaIdPrefix(area),
  );
  return { path, route: page.route, html, meta: page.meta, data: page.data };
}

/**
 * A draft rendered in its page among the published content (replacing its published version),
 * kept out of search engines. Refused, with the fields at fault, when the draft does not fit;
 * undefined when its type has no page.
 */
export async function renderPreview(
  draft: PreviewEntry,
  published: AreaContent,
): Promise<{ page: RenderedPage } | { refused: RefusedEntry } | undefined> {
  const now = new Date().toISOString();
  let refused: RefusedEntry | undefined;
  const one = buildContent(published.source, [{ ...draft, publishedAt: now, updatedAt: now }], (entry) => {
    refused = entry;
  });
  if (refused) return { refused };
  const entry = one.byType[draft.type]?.[0];
  const toPath = PREVIEW_PATHS[draft.type];
  if (!entry || !toPath) return undefined;
  const others = (published.byType[draft.type] ?? []).filter(
    (other) => other.id !== draft.id && other.slug !== entry.slug,
  );
  const merged: AreaContent = { ...published, byType: { ...published.byType, [draft.type]: [...others, entry] } };
  const page = await renderPage(toPath(entry), merged);
  return page ? { page: { ...page, meta: { ...page.meta, noindex: true } } } : undefined;
}

/** Build time: every page of the seed. */
export function routePaths(): string[] {
  return pagePaths(seedContent()).map((page) => page.path);
}

/** Build time: one page of the seed, as the build's prerender writes it. */
export async function renderRoute(path: string) {
  const page = await renderPage(path, seedContent());
  if (!page) throw new Error(`${area} has no page at ${path}`);
  return { ...page, siteName: SITE_NAME };
}
