// What search engines and share previews show for the showcase pages: titles, descriptions and
// share images (drawn beside the title). See docs/pages.md, "Page metadata". Their structured data (an
// Event per showcase) and their date follow the published showcases (src/content/page-data.ts).
import type { AreaPageMeta } from '@wpc/shared/page-meta';

export const PAGE_META: AreaPageMeta = {
  '/showcase/innovations': {
    title: 'Wildfire Innovation Showcase',
    description:
      'A free virtual event where 7 to 10 wildfire ventures pitch to investors, agencies and communities. Free to attend, free to present: apply or get notified.',
    type: 'website',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'public/media/hero/innovations-hero.svg',
      alt: 'Stars joined like a network above forested hills at dawn, beside the title Wildfire Innovation Showcase.',
    },
  },
  '/showcase/presentations': {
    title: 'Previous Innovation Showcases',
    description:
      'Watch every past Wildfire Innovation Showcase: full recordings, each presenter’s clip and slides, from November 2024 to July 2025.',
    type: 'article',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'public/media/hero/presentations-poster.svg',
      alt: 'An ember-orange glow rising behind dark forested ridges, beside the title Previous Innovation Showcases.',
    },
  },
};
