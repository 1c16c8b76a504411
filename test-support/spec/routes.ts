/**
 * Spec §2 "Route list", copied by hand from the product spec (shared/spec/product-spec.md).
 * Tests compare the route table and the running site with this file; never fill it from
 * `@wpc/shared/routes`, or a wrong route would agree with itself.
 *
 * `screen` is the spec's own wording. The spec names screens, not page titles, so `title` is the
 * title agreed for each screen, taken from the heading the spec gives that screen where it gives
 * one. `area` is the owning remote from ARCHITECTURE.md §1.
 */
export type SpecArea = 'home' | 'scorecard' | 'showcase' | 'map' | 'shell';

export interface SpecRoute {
  readonly path: string;
  readonly screen: string;
  readonly area: SpecArea;
  readonly title: string;
}

export const SPEC_ROUTES: readonly SpecRoute[] = [
  { path: '/', screen: 'Home', area: 'home', title: 'Home' },
  { path: '/about', screen: 'About', area: 'home', title: 'About Us' },
  { path: '/contact-us', screen: 'Contact page with an inline contact form', area: 'home', title: 'Contact Us' },
  { path: '/sponsors', screen: 'Sponsors', area: 'home', title: 'Sponsors' },
  {
    path: '/showcase/innovations',
    screen: 'Showcase information page',
    area: 'showcase',
    title: 'Wildfire Innovation Showcase',
  },
  {
    path: '/showcase/presentations',
    screen: 'Past showcase presentations',
    area: 'showcase',
    title: 'Previous Innovation Showcases',
  },
  {
    path: '/scorecard',
    screen: 'Scorecard landing page',
    area: 'scorecard',
    title: 'Community Wildfire Resilience Scorecard',
  },
  { path: '/scorecard/instructions', screen: 'Instructions', area: 'scorecard', title: 'Scorecard Instructions' },
  { path: '/scorecard/news', screen: 'Press release', area: 'scorecard', title: 'Scorecard Press Release' },
  {
    path: '/scorecard/participation',
    screen: 'Participation options',
    area: 'scorecard',
    title: 'Scorecard Participation',
  },
  { path: '/scorecard/faq', screen: 'FAQ', area: 'scorecard', title: 'Scorecard FAQ' },
  { path: '/scorecard/about', screen: 'Scorecard about and partners', area: 'scorecard', title: 'About the Scorecard' },
  { path: '/scorecard/subscribe', screen: 'Subscribe form page', area: 'scorecard', title: 'Subscribe for Updates' },
  { path: '/scorecard/contact', screen: 'Contact form page', area: 'scorecard', title: 'Scorecard Contact' },
  { path: '/map', screen: 'Interactive world map', area: 'map', title: 'Showcase Map' },
  {
    path: '/dev/check-your-window-size',
    screen: 'Shows current window width and height',
    area: 'shell',
    title: 'Check Your Window Size',
  },
];

/** Spec §2 "any other path": page not found, with a link to home; §8 gives its text. */
export const SPEC_NOT_FOUND = {
  heading: 'Page is not found.',
  title: 'Page Not Found',
  homeLink: '/',
} as const;

/** Every page title ends with the consortium's name. */
export const SITE_NAME = 'Wildfire Prevention Consortium';

export function specDocumentTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** Paths that belong to nobody and must get the 404 page, including near misses of real routes. */
export const SPEC_NOT_FOUND_PATHS: readonly string[] = ['/no-such-page', '/scorecard/nope', '/showcase', '/map/extra'];

/**
 * Routes the team added beyond spec §2. A route in the table that is neither in SPEC_ROUTES nor
 * here fails the route tests: adding a page is a deliberate, reviewed change.
 */
export const ROUTES_BEYOND_SPEC: readonly { readonly path: string; readonly area: SpecArea; readonly why: string }[] = [
  { path: '/dev/forms', area: 'shell', why: 'a gallery that opens every form kind, for manual checks and e2e tests' },
  { path: '/dev/remotes', area: 'shell', why: 'remote overrides: load one remote from a developer’s own URL' },
  { path: '/scorecard/assess', area: 'scorecard', why: 'the online scorecard self-assessment' },
  {
    path: '/team',
    area: 'shell',
    why: 'the team console (issue 20): sign-in, inbox, submissions under /team/...; never linked, noindex',
  },
  ...[
    '/updates/confirm',
    '/updates/preferences',
    '/updates/confirmed',
    '/updates/saved',
    '/updates/link-problem',
    '/updates/web',
  ].map((path) => ({
    path,
    area: 'shell' as const,
    why: 'updates (issue 27): confirming, choosing lists, leaving and web versions, reached from emails; noindex',
  })),
];

/**
 * Issue 38 item 2: the public archive of sent updates, outside the route table (the edge renders
 * it from the API on each request): the list, each update's address, and the two Atom feeds.
 */
export const UPDATES_ARCHIVE_PAGE = '/updates';
export const UPDATE_PAGE_ADDRESS = /^\/updates\/\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const UPDATES_FEED_PATH = '/updates/feed.atom';
export const PRESS_RELEASES_FEED_PATH = '/scorecard/news/feed.atom';

export function specRoutesOf(area: SpecArea): readonly SpecRoute[] {
  return SPEC_ROUTES.filter((route) => route.area === area);
}
