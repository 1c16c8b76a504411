// The shell's own pages' metadata (the /dev tools, the team console, the form pages and the 404, kept out of search
// results) and
// the site's, for a page whose area could not be composed in time. See docs/pages.md, "Page metadata".
import type { AreaPageMeta, PageMeta } from '@wpc/shared/page-meta';
import { NOT_FOUND_TITLE, ROUTES, SITE_NAME } from '@wpc/shared/routes';

const LOGO = 'public/favicon.svg';
const logoAlt = (title: string) => `The consortium's flame logo, beside the title ${title}.`;

/** The web app manifest's short name, under an icon on a home screen. */
export const SITE_SHORT_NAME = 'Wildfire Prevention';

/** For pages without metadata of their own: described as the site. */
export const SITE_META: PageMeta = {
  title: SITE_NAME,
  description:
    'A non-profit consortium working to prevent catastrophic wildfires: the Community Wildfire Resilience Scorecard and the Wildfire Innovation Showcase.',
  type: 'website',
  lastModified: '2026-11-23',
  shareImage: { illustration: LOGO, alt: logoAlt(SITE_NAME) },
};

const privatePage = (path: string, description: string): PageMeta => {
  const title = ROUTES.find((route) => route.path === path)?.title ?? path;
  return {
    title,
    description,
    type: 'article',
    lastModified: '2026-11-23',
    shareImage: { illustration: LOGO, alt: logoAlt(title) },
    noindex: true,
  };
};

/** The title of the form pages' document; each form page shows its form's title instead. */
const FORMS_TITLE = 'Send a Form';

/** Keyed by path; '/404' stands for every path no area owns, '/forms' for the form pages (no scripts). */
export const PAGE_META: AreaPageMeta = {
  '/dev/check-your-window-size': privatePage(
    '/dev/check-your-window-size',
    'A developer tool that shows the current width and height of your browser window, updated as you resize it.',
  ),
  '/dev/forms': privatePage(
    '/dev/forms',
    'A developer gallery that opens every form of the site, for checking each one by hand and in end-to-end tests.',
  ),
  '/dev/remotes': privatePage(
    '/dev/remotes',
    'A developer panel that loads one area of the site from another address, such as your own development server.',
  ),
  '/team': {
    ...privatePage('/team', "The consortium team's console for the messages visitors send through the site's forms."),
    type: 'website',
  },
  '/forms': {
    title: FORMS_TITLE,
    description:
      'One of the consortium’s forms as a page of its own, for a browser that runs no scripts: it is sent to the site and answered with a page.',
    type: 'website',
    lastModified: '2026-11-25',
    shareImage: { illustration: LOGO, alt: logoAlt(FORMS_TITLE) },
    noindex: true,
  },
  '/updates/confirm': privatePage(
    '/updates/confirm',
    'Confirm that you want the Wildfire Prevention Consortium’s email updates you asked for.',
  ),
  '/updates/preferences': privatePage(
    '/updates/preferences',
    'Choose which email updates of the Wildfire Prevention Consortium you receive, or leave every list.',
  ),
  '/updates/confirmed': privatePage(
    '/updates/confirmed',
    'Your subscription to the Wildfire Prevention Consortium’s email updates is confirmed.',
  ),
  '/updates/saved': privatePage(
    '/updates/saved',
    'Your choice of the Wildfire Prevention Consortium’s email updates is saved.',
  ),
  '/updates/link-problem': privatePage(
    '/updates/link-problem',
    'The link from an email of the Wildfire Prevention Consortium did not work, and what to do about it.',
  ),
  '/updates/web': privatePage(
    '/updates/web',
    'An update the Wildfire Prevention Consortium sent to its subscribers, as it was emailed, without tracking.',
  ),
  '/404': {
    title: NOT_FOUND_TITLE,
    description:
      'This address does not lead to a page of the Wildfire Prevention Consortium. The links in the header and footer reach every page.',
    type: 'website',
    lastModified: '2026-11-23',
    shareImage: { illustration: LOGO, alt: logoAlt(NOT_FOUND_TITLE) },
    noindex: true,
  },
};
