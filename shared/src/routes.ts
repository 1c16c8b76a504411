/** The one route table: which area owns each path, and the page title. */
import type { FormId } from '@wpc/shared/form-definitions';

/** The remotes, each an area of the site with content of its own: the one list of areas (issue 39). */
export const REMOTE_AREAS = ['home', 'scorecard', 'showcase', 'map'] as const;
export type RemoteArea = (typeof REMOTE_AREAS)[number];
export type Area = RemoteArea | 'shell';

export interface RouteEntry {
  readonly path: string;
  readonly area: Area;
  readonly title: string;
  /** Owns every path below it too, for pages that carry an id (the team console's /team/submissions/<id>). */
  readonly prefix?: boolean;
  /** Kept out of search engines: meta robots and X-Robots-Tag noindex (the team console). */
  readonly noindex?: boolean;
  /** An app of its own, without the site's header and footer (the team console has its own navigation). */
  readonly standalone?: boolean;
}

export const SITE_NAME = 'Wildfire Prevention Consortium';

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', area: 'home', title: 'Home' },
  { path: '/about', area: 'home', title: 'About Us' },
  { path: '/contact-us', area: 'home', title: 'Contact Us' },
  { path: '/sponsors', area: 'home', title: 'Sponsors' },
  { path: '/showcase/innovations', area: 'showcase', title: 'Wildfire Innovation Showcase' },
  { path: '/showcase/presentations', area: 'showcase', title: 'Previous Innovation Showcases' },
  { path: '/scorecard', area: 'scorecard', title: 'Community Wildfire Resilience Scorecard' },
  { path: '/scorecard/instructions', area: 'scorecard', title: 'Scorecard Instructions' },
  { path: '/scorecard/news', area: 'scorecard', title: 'Scorecard Press Release' },
  { path: '/scorecard/participation', area: 'scorecard', title: 'Scorecard Participation' },
  { path: '/scorecard/faq', area: 'scorecard', title: 'Scorecard FAQ' },
  { path: '/scorecard/about', area: 'scorecard', title: 'About the Scorecard' },
  { path: '/scorecard/subscribe', area: 'scorecard', title: 'Subscribe for Updates' },
  { path: '/scorecard/contact', area: 'scorecard', title: 'Scorecard Contact' },
  { path: '/scorecard/assess', area: 'scorecard', title: 'Scorecard Self-Assessment' },
  { path: '/map', area: 'map', title: 'Showcase Map' },
  { path: '/dev/check-your-window-size', area: 'shell', title: 'Check Your Window Size' },
  { path: '/dev/forms', area: 'shell', title: 'Form Gallery' },
  { path: '/dev/remotes', area: 'shell', title: 'Remote Overrides' },
  { path: '/team', area: 'shell', title: 'Team Console', prefix: true, noindex: true, standalone: true },
  // Reached from emails only (issue 27), by a token in the query: never in search results.
  { path: '/updates/confirm', area: 'shell', title: 'Confirm Your Subscription', noindex: true },
  { path: '/updates/preferences', area: 'shell', title: 'Your Email Updates', noindex: true },
  { path: '/updates/confirmed', area: 'shell', title: 'Subscription Confirmed', noindex: true },
  { path: '/updates/saved', area: 'shell', title: 'Your Choice Is Saved', noindex: true },
  { path: '/updates/link-problem', area: 'shell', title: 'This Link Did Not Work', noindex: true },
  { path: '/updates/web', area: 'shell', title: 'Update From the Consortium', noindex: true },
];

/**
 * Routes with a parameter, one page per published entry (issue 28): "/scorecard/news/:slug" owns
 * "/scorecard/news/<any slug>", and the owning area renders one page per slug it publishes (an
 * unknown slug is the 404 page). `:name` stands for one path segment of letters, digits and
 * hyphens. Kept apart from ROUTES, which lists pages that exist whatever is published.
 */
export const ROUTE_PATTERNS: readonly RouteEntry[] = [
  { path: '/scorecard/news/page/:page', area: 'scorecard', title: 'Earlier Press Releases' },
  { path: '/scorecard/news/:slug', area: 'scorecard', title: 'Press Release' },
];

export const NOT_FOUND_TITLE = 'Page Not Found';

const PARAMETER = /^:[a-zA-Z]+$/;
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a path is an instance of a route pattern (or the same path). */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((part, index) => part === have[index] || (PARAMETER.test(part) && SEGMENT.test(have[index]!)))
  );
}

/** The parameters of a path under a pattern: matchParams('/scorecard/news/:slug', '/scorecard/news/x') is { slug: 'x' }. */
export function patternParams(pattern: string, path: string): Record<string, string> {
  const have = path.split('/');
  return Object.fromEntries(
    pattern
      .split('/')
      .map((part, index) => [part, have[index] ?? ''] as const)
      .filter(([part]) => PARAMETER.test(part))
      .map(([part, value]) => [part.slice(1), value]),
  );
}

/** A pattern's path for these parameters: patternPath('/scorecard/news/:slug', { slug: 'x' }). */
export function patternPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([a-zA-Z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || !SEGMENT.test(value)) throw new Error(`${pattern}: "${name}" cannot be "${value}"`);
    return value;
  });
}

export const isPattern = (path: string) => path.split('/').some((part) => PARAMETER.test(part));
/**
 * Where each form works without scripts: a page of its own, composed by the edge
 * (shell/server/form-pages.ts), which is also where the form posts to. A button that opens a
 * pop-up leads there before the page's scripts run; these pages run none, so they are not routes
 * of any area.
 */
export const FORM_PAGES_PREFIX = '/forms';
export const formPagePath = (form: FormId) => `${FORM_PAGES_PREFIX}/${form}`;

/** The query of a form page opened from a scorecard page (scorecardForm), or naming the page feedback came from. */
export const FORM_PAGE_QUERY = { scorecard: 'scorecard', page: 'page' } as const;

/** Drops a trailing slash so '/about/' and '/about' are the same route. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function matchRoute(pathname: string): RouteEntry | undefined {
  const path = normalisePath(pathname);
  return (
    ROUTES.find((route) => route.path === path) ??
    ROUTE_PATTERNS.find((route) => matchesPattern(route.path, path)) ??
    ROUTES.find((route) => route.prefix && path.startsWith(`${route.path}/`))
  );
}

/** The area that owns a path, or undefined for a path nobody owns (the shell's 404). */
export function areaForPath(pathname: string): Area | undefined {
  return matchRoute(pathname)?.area;
}

/** Whether a path's page comes with the site's header, footer and message centre (the team console does not). */
export function hasSiteChrome(pathname: string): boolean {
  return matchRoute(pathname)?.standalone !== true;
}

export function routesOf(area: Area): readonly RouteEntry[] {
  return ROUTES.filter((route) => route.area === area);
}

/** An area's routes and route patterns: what its router renders. */
export function pageRoutesOf(area: Area): readonly RouteEntry[] {
  return [...routesOf(area), ...ROUTE_PATTERNS.filter((route) => route.area === area)];
}

export function documentTitleFor(pathname: string): string {
  const route = matchRoute(pathname);
  return `${route ? route.title : NOT_FOUND_TITLE} | ${SITE_NAME}`;
}
