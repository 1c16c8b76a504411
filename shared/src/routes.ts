/** The one route table: which area owns each path, and the page title. */
export type RemoteArea = 'home' | 'scorecard' | 'showcase' | 'map';
export type Area = RemoteArea | 'shell';

export const REMOTE_AREAS: readonly RemoteArea[] = ['home', 'scorecard', 'showcase', 'map'];

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
];

export const NOT_FOUND_TITLE = 'Page Not Found';

/** Drops a trailing slash so '/about/' and '/about' are the same route. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function matchRoute(pathname: string): RouteEntry | undefined {
  const path = normalisePath(pathname);
  return (
    ROUTES.find((route) => route.path === path) ??
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

export function documentTitleFor(pathname: string): string {
  const route = matchRoute(pathname);
  return `${route ? route.title : NOT_FOUND_TITLE} | ${SITE_NAME}`;
}
