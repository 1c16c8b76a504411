/**
 * What the public-web tests (issue 21) expect, written out by hand from the product spec and the
 * issue; never filled from the code under test.
 */
import { SUBSCRIBER_LINK_PAGES } from './routes';

/** Spec §3 "Showcase event": the four showcases held, as calendar days. */
export const SPEC_SHOWCASE_DAYS = ['2024-11-17', '2025-02-05', '2025-04-23', '2025-07-16'] as const;

/** Spec §9: the showcase of 16 July 2025 starts at 12 pm Pacific time (daylight time in July). */
export const SPEC_NEXT_SHOWCASE_START = '2025-07-16T12:00:00-07:00';

/** Spec §2 and §9: /scorecard/faq has 12 question-and-answer items. */
export const SPEC_FAQ_COUNT = 12;

/** Spec §2: the Scorecard Overview card's FAQ accordion (home and scorecard landing) has 4 questions. */
export const SPEC_LANDING_FAQ_COUNT = 4;

/** The share image size of issue 21 (the Open Graph large-image size). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/**
 * Issues 21 and 27: what robots.txt keeps crawlers out of (the developer pages, the team console,
 * the pages a subscriber's own emailed links open). Issue 38 item 2: the archive of sent updates
 * (/updates and each update's page) is public, so /updates/ as a whole no longer is.
 */
export const ROBOTS_DISALLOWED = ['/dev/', '/team', ...SUBSCRIBER_LINK_PAGES] as const;

/** What the e2e servers are started with (playwright.config.ts): the canonical origin, not the test's own. */
export const E2E_SITE_ORIGIN = 'https://www.wildfire-consortium.example';

/** JSON-LD @types each page must carry (issue 21 §4); sub-pages also carry a BreadcrumbList. */
export const STRUCTURED_DATA_TYPES: Readonly<Record<string, readonly string[]>> = {
  '/': ['Organization', 'FAQPage'],
  '/scorecard': ['FAQPage'],
  '/scorecard/faq': ['FAQPage'],
  '/showcase/innovations': ['Event'],
  '/showcase/presentations': ['Event'],
};
