/** The press release pages' own copy and addresses (the releases themselves are published content). */

export const NEWS_COPY = {
  crumb: 'Press Release',
  /** The page heading is "Press Release: <the release's title>". */
  headingPrefix: 'Press Release:',
  label: 'For immediate release',
  linksTitle: 'Read, download, ask',
  contactsTitle: 'Press and contacts',
  download: 'Download the scorecard',
  contact: 'Contact the scorecard team',
  earlierTitle: 'Earlier press releases',
  archiveTitle: 'Earlier Press Releases',
  archiveLead: 'Every press release about the Community Wildfire Resilience Scorecard, newest first.',
  none: 'No press releases have been published yet.',
  readMore: 'Read the release',
  pagination: 'Pages of earlier press releases',
  previousPage: 'Previous',
  nextPage: 'Next',
} as const;

/** Releases listed on each page of the list (the newest is shown in full above the first page). */
export const RELEASES_PER_PAGE = 10;

export const releasePath = (slug: string) => `/scorecard/news/${slug}`;
export const releaseListPath = (page: number) => (page <= 1 ? '/scorecard/news' : `/scorecard/news/page/${page}`);
