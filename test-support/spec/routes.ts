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

/** One row of the table: path, screen, owning area, title. */
const route = (path: string, screen: string, area: SpecArea, title: string): SpecRoute => ({
  path,
  screen,
  area,
  title,
});

export const SPEC_ROUTES: readonly SpecRoute[] = [
  route('/', 'Home', 'home', 'Home'),
  route('/about', 'About', 'home', 'About Us'),
  route('/contact-us', 'Contact page with an inline contact form', 'home', 'Contact Us'),
  route('/sponsors', 'Sponsors', 'home', 'Sponsors'),
  route('/showcase/innovations', 'Showcase information page', 'showcase', 'Wildfire Innovation Showcase'),
  route('/showcase/presentations', 'Past showcase presentations', 'showcase', 'Previous Innovation Showcases'),
  route('/scorecard', 'Scorecard landing page', 'scorecard', 'Community Wildfire Resilience Scorecard'),
  route('/scorecard/instructions', 'Instructions', 'scorecard', 'Scorecard Instructions'),
  route('/scorecard/news', 'Press release', 'scorecard', 'Scorecard Press Release'),
  route('/scorecard/participation', 'Participation options', 'scorecard', 'Scorecard Participation'),
  route('/scorecard/faq', 'FAQ', 'scorecard', 'Scorecard FAQ'),
  route('/scorecard/about', 'Scorecard about and partners', 'scorecard', 'About the Scorecard'),
  route('/scorecard/subscribe', 'Subscribe form page', 'scorecard', 'Subscribe for Updates'),
  route('/scorecard/contact', 'Contact form page', 'scorecard', 'Scorecard Contact'),
  route('/map', 'Interactive world map', 'map', 'Showcase Map'),
  route('/dev/check-your-window-size', 'Shows current window width and height', 'shell', 'Check Your Window Size'),
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

/** Issue 27: the pages a subscriber's own emailed links open (confirming, choosing lists, leaving, web versions). */
export const SUBSCRIBER_LINK_PAGES = [
  '/updates/confirm',
  '/updates/preferences',
  '/updates/confirmed',
  '/updates/saved',
  '/updates/link-problem',
  '/updates/web',
] as const;

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
  ...SUBSCRIBER_LINK_PAGES.map((path) => ({
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
