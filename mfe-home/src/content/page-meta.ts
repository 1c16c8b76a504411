// What search engines and share previews show for the home area's pages: titles, descriptions,
// share images (drawn at build time beside the title) and structured data. See docs/pages.md, "Page metadata".
import { CONSORTIUM, faqPage, textQuestions, type AreaPageMeta } from '@wpc/shared/page-meta';
import { homeCards } from './home';

const scorecardCard = homeCards().find((card) => card.id === 'scorecard');

export const PAGE_META: AreaPageMeta = {
  '/': {
    title: 'Home',
    description:
      'A non-profit consortium helping communities prepare for catastrophic wildfire: a free resilience scorecard, an innovation showcase and partners.',
    type: 'website',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'src/images/home-hero.svg',
      alt: 'A wildfire on a distant ridge at dusk and a town behind a wide green cleared buffer, beside the words Wildfire Prevention Consortium.',
    },
    structuredData: [
      {
        '@context': 'https://schema.org',
        ...CONSORTIUM,
        description:
          'A non-profit network of communities, governments, companies, insurers, researchers, volunteers and innovators working to prevent catastrophic wildfires.',
      },
      faqPage(textQuestions(scorecardCard?.blocks ?? [])),
    ],
  },
  '/about': {
    title: 'About Us',
    description:
      'Who we are and what we do: the consortium, its leaders, the twelve innovation curation partners and the team behind the work.',
    type: 'article',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'src/images/about-hero.svg',
      alt: 'A globe criss-crossed by dotted routes between pinned communities, beside the title About Us.',
    },
  },
  '/contact-us': {
    title: 'Contact Us',
    description:
      'Write to the Wildfire Prevention Consortium about sponsoring, partnering, the showcase or the scorecard, or join the weekly innovator meeting.',
    type: 'article',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'src/images/contact.svg',
      alt: 'A calendar page reading WED 12 pm PST next to an envelope, beside the title Contact Us.',
    },
  },
  '/sponsors': {
    title: 'Sponsors',
    description:
      'Sponsor wildfire prevention: Bronze, Silver and Gold packages from $5,000 that keep the innovation showcase free and put innovators in front of investors.',
    type: 'article',
    lastModified: '2026-11-22',
    shareImage: {
      illustration: 'src/images/sponsors-hero.svg',
      alt: 'A rising bar chart with young pine trees growing on each bar, beside the title Sponsors.',
    },
  },
};
