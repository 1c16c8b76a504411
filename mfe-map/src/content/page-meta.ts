// What search engines and share previews show for /map: title, description and share image
// (drawn beside the title). See docs/pages.md, "Page metadata". The description counts the published
// organisations and the date follows them (src/content/page-data.ts): these are the defaults.
import type { AreaPageMeta } from '@wpc/shared/page-meta';

export const PAGE_META: AreaPageMeta = {
  '/map': {
    title: 'Showcase Map',
    description:
      'A world map of the organisations that have presented at the Wildfire Innovation Showcase, from detection start-ups to land restoration.',
    type: 'article',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'src/images/share-map.svg',
      alt: 'A globe with three orange map pins, beside the title Showcase Map.',
    },
  },
};
