// The Node entry a remote's build prerenders its routes with (shared/build/prerender.cjs).
import { StaticRouter } from 'react-router-dom/server';
import { routesOf, SITE_NAME, type RemoteArea } from '@wpc/shared/routes';
import { breadcrumbList, type PageMeta } from '@wpc/shared/page-meta';
import { pages } from '@wpc/area-pages';
import { PAGE_META } from '@wpc/area-page-meta';
import { AreaRoutes, areaIdPrefix, ROUTER_FUTURE } from './index';
import { prerenderToString } from './prerender';

export { loadedModules } from './prerender';

const area = process.env.WPC_AREA as RemoteArea;

export function routePaths(): string[] {
  return routesOf(area).map((route) => route.path);
}

/** The page's metadata; every page below the front page also gets its breadcrumb trail. */
function metaFor(path: string): PageMeta {
  const meta = PAGE_META[path];
  if (!meta) throw new Error(`${area} has no metadata for ${path}: add it to src/content/page-meta.ts`);
  if (path === '/') return meta;
  return { ...meta, structuredData: [...(meta.structuredData ?? []), breadcrumbList(path)] };
}

/** The HTML the shell's outlet receives for this path (what the browser's first render produces) and its metadata. */
export async function renderRoute(path: string): Promise<{ html: string; meta: PageMeta; siteName: string }> {
  const html = await prerenderToString(
    <StaticRouter location={path} future={ROUTER_FUTURE}>
      <AreaRoutes area={area} pages={pages} label="This page" />
    </StaticRouter>,
    areaIdPrefix(area),
  );
  return { html, meta: metaFor(path), siteName: SITE_NAME };
}
