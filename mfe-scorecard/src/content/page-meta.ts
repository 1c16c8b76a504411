// What search engines and share previews show for the scorecard's pages: titles, descriptions,
// share images (drawn beside the title) and structured data. See docs/pages.md, "Page metadata". Pages that
// show published content take their title, description, lastModified and structured data from it
// as well (src/content/page-data.ts): these are their defaults.
import { faqPage, textQuestions, type AreaPageMeta, type PageMeta } from '@wpc/shared/page-meta';
import { LANDING_CARDS } from './landing';

/** A share image: one of the area's illustrations beside the page's title. */
export const shareImage = (illustration: string, alt: string, title: string): PageMeta['shareImage'] => ({
  illustration: `src/images/${illustration}.svg`,
  alt: `${alt}, beside the title ${title}.`,
});

export const OVERVIEW_ILLUSTRATION = {
  name: 'card-overview',
  alt: 'The scorecard document: a green cover above ten bars, one for each essential',
} as const;

const page = (
  title: string,
  description: string,
  illustration: string,
  alt: string,
  extra: Partial<PageMeta> = {},
): PageMeta => ({
  title,
  description,
  type: 'article',
  lastModified: '2026-11-22',
  shareImage: shareImage(illustration, alt, title),
  ...extra,
});

export const PAGE_META: AreaPageMeta = {
  '/scorecard': page(
    'Community Wildfire Resilience Scorecard',
    'A free self-assessment built on the UN 10 Essentials that shows how ready your community is for catastrophic wildfire. Download it or pilot it with us.',
    'card-overview',
    'The scorecard document: a green cover above ten bars, one for each essential',
    {
      type: 'website',
      structuredData: [faqPage(textQuestions(LANDING_CARDS.flatMap((card) => card.blocks)))],
    },
  ),
  '/scorecard/instructions': page(
    'Scorecard Instructions',
    'Five steps from a first conversation to an action plan: form a team, gather data, score the ten essentials, agree priorities and repeat each year.',
    'card-prepare',
    'A home at the centre of rings of cleared, watered ground, with trees kept at a distance',
  ),
  '/scorecard/news': page(
    'Scorecard Press Release',
    'Press release of 19 February 2024: the Community Wildfire Resilience Scorecard launches, free, to help communities measure and improve their readiness.',
    'card-overview',
    'The scorecard document: a green cover above ten bars, one for each essential',
  ),
  '/scorecard/participation': page(
    'Scorecard Participation',
    'Who belongs at the table, four ways to pilot the scorecard (self-pilot, networks, expert review, full collaboration) and how anyone can help.',
    'card-collaborate',
    'Three people in green, orange and blue circles joined by dashed lines around a tick',
  ),
  '/scorecard/news/:slug': page(
    'Press Release',
    'A press release of the Wildfire Prevention Consortium about the Community Wildfire Resilience Scorecard.',
    'card-overview',
    'The scorecard document: a green cover above ten bars, one for each essential',
  ),
  '/scorecard/news/page/:page': page(
    'Earlier Press Releases',
    'Earlier press releases about the Community Wildfire Resilience Scorecard, its editions and its pilot programmes, newest first.',
    'card-overview',
    'The scorecard document: a green cover above ten bars, one for each essential',
  ),
  '/scorecard/faq': page(
    'Scorecard FAQ',
    'Answers to the twelve questions we hear most about the Community Wildfire Resilience Scorecard: what it is, why it is needed, how to use it and who it is for.',
    'card-support',
    'A helper wearing a headset between a question mark and a reply with a tick',
  ),
  '/scorecard/about': page(
    'About the Scorecard',
    'How the scorecard adapts the UN 10 Essentials to wildfire: its partner organisations, five authors, contributing reviewers and the web team.',
    'card-contribute',
    'Hands holding a seedling in a pot, with a crossed-out flame above it',
  ),
  '/scorecard/subscribe': page(
    'Subscribe for Updates',
    'Get news about the Community Wildfire Resilience Scorecard, new editions and pilot programmes a few times a year. Unsubscribe at any time.',
    'card-subscribe',
    'An envelope with a leaf and a notification bell',
  ),
  '/scorecard/contact': page(
    'Scorecard Contact',
    'Ask the scorecard team for help, from downloading the scorecard to running it in your community. We usually answer within two working days.',
    'card-feedback',
    'A completed checklist document beside an upload arrow and a speech bubble',
  ),
  '/scorecard/assess': page(
    'Scorecard Self-Assessment',
    'Take the Community Wildfire Resilience Scorecard online: score 40 questions across the ten essentials, keep your answers and compare results.',
    'card-assess',
    'A clipboard with a gauge moving from red to green above a checklist',
  ),
};
