// The Node entry a remote's build prerenders its routes with (shared/build/prerender.cjs).
import { StaticRouter } from 'react-router-dom/server';
import { routesOf, type RemoteArea } from '@wpc/shared/routes';
import { pages } from '@wpc/area-pages';
import { AreaRoutes, areaIdPrefix, ROUTER_FUTURE } from './index';
import { prerenderToString } from './prerender';

export { loadedModules } from './prerender';

const area = process.env.WPC_AREA as RemoteArea;

export function routePaths(): string[] {
  return routesOf(area).map((route) => route.path);
}

/** The HTML the shell's outlet receives for this path: what the browser's first render produces. */
export async function renderRoute(path: string): Promise<{ html: string }> {
  const html = await prerenderToString(
    <StaticRouter location={path} future={ROUTER_FUTURE}>
      <AreaRoutes area={area} pages={pages} label="This page" />
    </StaticRouter>,
    areaIdPrefix(area),
  );
  return { html };
}
