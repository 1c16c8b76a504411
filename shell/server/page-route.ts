// Finding the route: the first step of a page request (pages.ts). Which route owns the path
// decides everything after: which of the shell's documents the page is composed in, whose page
// fills its outlet, its canonical URL and its status.
import { NOT_FOUND_PATH } from '@wpc/shared/page-contract';
import { matchRoute, normalisePath, type RemoteArea, type RouteEntry } from '@wpc/shared/routes';

export interface PageRoute {
  /** The request's path without a trailing slash. */
  readonly path: string;
  /** The route that owns the path; undefined when no area owns it (the 404 page). */
  readonly route: RouteEntry | undefined;
  /** The remote whose page fills the shell's outlet; undefined on the shell's own pages and the 404. */
  readonly area: RemoteArea | undefined;
  /** The shell document the page is composed in: its route's (a prefix route's pages share one), else the 404's. */
  readonly documentPath: string;
  /** The path of the page's canonical URL; undefined on the 404 page, which has none. */
  readonly canonicalPath: string | undefined;
  readonly status: 200 | 404;
}

export function findRoute(requestPath: string): PageRoute {
  const path = normalisePath(requestPath);
  const route = matchRoute(path);
  if (!route)
    return { path, route, area: undefined, documentPath: NOT_FOUND_PATH, canonicalPath: undefined, status: 404 };
  return {
    path,
    route,
    area: route.area === 'shell' ? undefined : route.area,
    documentPath: route.path,
    canonicalPath: path,
    status: 200,
  };
}
