// The Node entry of a remote's pages (shared/build/prerender.cjs bundles it per remote into
// dist-server/render.cjs): its build prerenders the seed with it, and its server renders the
// published content with it (shared/server/content-renderer.ts). Webpack resolves the @wpc/area-*
// modules to the remote's own src/pages/index.ts and src/content/{model,page-data,page-meta}.ts.
import { pages } from '@wpc/area-pages';
import { PAGE_META } from '@wpc/area-page-meta';
import { MODEL } from '@wpc/area-model';
import { PAGE_DATA, PREVIEW_PATHS } from '@wpc/area-page-data';
import { createAreaServer } from './area-server';

export { loadedModules } from './prerender';

export const {
  area,
  buildContent,
  contentModelJson,
  loadRoutePage,
  pageFor,
  pagePaths,
  renderPage,
  renderPreview,
  renderRoute,
  routeEntries,
  routePaths,
  seedContent,
  seedEntries,
} = createAreaServer({ model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META, previewPaths: PREVIEW_PATHS, pages });
