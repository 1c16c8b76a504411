// Rendering an area's pages in Node, with the same components as the browser: what the build's
// prerender and the area's server (shared/server/content-renderer.ts) run, through the Node bundle
// that server.tsx makes of it for each remote. Tests make one directly from an area's modules.
import { StaticRouter } from 'react-router-dom/server';
import type { AreaPageData, AreaModelBase, ContentEntry } from '@wpc/shared/content-model';
import type { PreviewEntry } from '@wpc/shared/content-contract';
import type { AreaPageMeta, PageMeta } from '@wpc/shared/page-meta';
import { SITE_NAME } from '@wpc/shared/routes';
import { createAreaContent, type AreaContent, type RefusedEntry } from './area-content';
import { AreaRoutes, areaIdPrefix, ROUTER_FUTURE, type AreaPages } from './index';
import { PageDataStore } from './page-data';
import { prerenderToString } from './prerender';

/** A rendered page: its HTML (the fragment), its metadata, and its data (the island's content). */
export interface RenderedPage {
  readonly path: string;
  /** The route or route pattern that renders it. */
  readonly route: string;
  readonly html: string;
  readonly meta: PageMeta;
  readonly data: unknown;
}

export interface AreaServerDefinition {
  readonly model: AreaModelBase;
  readonly pageData: AreaPageData<AreaModelBase>;
  readonly pageMeta: AreaPageMeta;
  readonly previewPaths: Readonly<Record<string, (entry: ContentEntry<unknown>) => string>>;
  readonly pages: AreaPages;
}

export function createAreaServer({ model, pageData, pageMeta, previewPaths, pages }: AreaServerDefinition) {
  const content = createAreaContent({ model, pageData, pageMeta });
  const { area } = model;

  /** Loads the page module of a route without rendering it (the build lists its files as the route's). */
  async function loadRoutePage(route: string): Promise<void> {
    const page = pages[route];
    if (!page) throw new Error(`${area} has no page for ${route}`);
    if ('load' in page) await page.load();
  }

  /** A page's HTML, what the browser's first render produces for it, and its metadata and data. */
  async function renderPage(path: string, published: AreaContent): Promise<RenderedPage | undefined> {
    const page = content.pageFor(path, published);
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
  async function renderPreview(
    draft: PreviewEntry,
    published: AreaContent,
  ): Promise<{ page: RenderedPage } | { refused: RefusedEntry } | undefined> {
    const now = new Date().toISOString();
    let refused: RefusedEntry | undefined;
    const one = content.buildContent(published.source, [{ ...draft, publishedAt: now, updatedAt: now }], (entry) => {
      refused = entry;
    });
    if (refused) return { refused };
    const entry = one.byType[draft.type]?.[0];
    const toPath = previewPaths[draft.type];
    if (!entry || !toPath) return undefined;
    const others = (published.byType[draft.type] ?? []).filter(
      (other) => other.id !== draft.id && other.slug !== entry.slug,
    );
    const merged: AreaContent = { ...published, byType: { ...published.byType, [draft.type]: [...others, entry] } };
    const page = await renderPage(toPath(entry), merged);
    return page ? { page: { ...page, meta: { ...page.meta, noindex: true } } } : undefined;
  }

  return {
    ...content,
    loadRoutePage,
    renderPage,
    renderPreview,
    /** Build time: every page of the seed. */
    routePaths: () => content.pagePaths(content.seedContent()).map((page) => page.path),
    /** Build time: one page of the seed, as the build's prerender writes it. */
    async renderRoute(path: string) {
      const page = await renderPage(path, content.seedContent());
      if (!page) throw new Error(`${area} has no page at ${path}`);
      return { ...page, siteName: SITE_NAME };
    },
  };
}

/** What a remote's Node bundle (dist-server/render.cjs) gives its server. */
export type AreaServer = ReturnType<typeof createAreaServer>;
export type { AreaContent, RefusedEntry } from './area-content';
