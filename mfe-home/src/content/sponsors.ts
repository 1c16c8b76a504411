// Everything the Sponsors page says. Levels, prices and benefits are spec §9's.
import heroImage from '../images/sponsors-hero.svg';

export const SPONSORS_HERO = {
  eyebrow: 'Sponsorship',
  title: 'Sponsor Wildfire Prevention',
  lead:
    'Sponsors put innovators in front of the investors, agencies and communities who can bring their ideas to ' +
    'the field, and keep the Wildfire Innovation Showcase free to attend and free to present.',
  joinLink: { label: 'Join Us', href: '/contact-us' },
  image: {
    src: heroImage,
    alt: 'Illustration: a bar chart rising from left to right, young pine trees growing on top of each bar.',
    width: 480,
    height: 360,
  },
} as const;

export interface Benefit {
  readonly id: 'profitability' | 'innovation' | 'industry' | 'strategic';
  readonly title: string;
  readonly text: string;
}

export const BENEFITS_TITLE = 'Why sponsor?';

export const BENEFITS_INTRO =
  'Sponsorship is not charity with a logo on it. It is a seat at the table where the next generation of ' +
  'wildfire solutions is found, tested and funded. Open each benefit to see what it means in practice.';

export const BENEFITS: readonly Benefit[] = [
  {
    id: 'profitability',
    title: 'Profitability',
    text:
      'Wildfire losses land on balance sheets: damaged assets, interrupted supply chains, rising premiums. ' +
      'Sponsors see the technologies that cut those losses early, and meet the teams behind them while their ' +
      'terms are still open.',
  },
  {
    id: 'innovation',
    title: 'Innovation',
    text:
      'Every showcase brings together ventures in detection, fuel management, forecasting, resilient building ' +
      'and recovery. Sponsors get a curated view of the field without spending months searching for it.',
  },
  {
    id: 'industry',
    title: 'Industry leadership',
    text:
      'Stand beside the fire services, insurers, utilities and researchers who are shaping how we live with fire. ' +
      'Your name is on the events, the scorecard pilots and the conversations that set the agenda.',
  },
  {
    id: 'strategic',
    title: 'Strategic relationships',
    text:
      'Private sessions with founders, investors and public agencies turn introductions into partnerships, ' +
      'pilots and deals that last long after the event.',
  },
];

export type LevelId = 'bronze' | 'silver' | 'gold';

export interface SponsorLevel {
  readonly id: LevelId;
  readonly name: string;
  readonly price: string;
}

/** Spec §9: the three sponsor levels. */
export const SPONSOR_LEVELS: readonly SponsorLevel[] = [
  { id: 'bronze', name: 'Bronze', price: '$5,000' },
  { id: 'silver', name: 'Silver', price: '$7,500' },
  { id: 'gold', name: 'Gold', price: '$25,000' },
];

/** What a level gets for one benefit: included or not, or how often. */
export type Entitlement = { readonly included: false } | { readonly included: true; readonly detail?: string };

export interface PackageRow {
  readonly benefit: string;
  readonly levels: Readonly<Record<LevelId, Entitlement>>;
}

const no: Entitlement = { included: false };
const yes: Entitlement = { included: true };

export const PACKAGE_TABLE = {
  title: 'Sponsor packages',
  caption: 'What each sponsor level includes',
  rows: [
    { benefit: 'Innovator introductions', levels: { bronze: no, silver: no, gold: yes } },
    { benefit: 'Executive roundtable', levels: { bronze: no, silver: no, gold: yes } },
    {
      benefit: 'Strategic relationship sessions',
      levels: {
        bronze: no,
        silver: { included: true, detail: 'One time a year' },
        gold: { included: true, detail: 'Three times a year' },
      },
    },
    { benefit: 'Event access', levels: { bronze: no, silver: yes, gold: yes } },
    { benefit: 'Marketing exposure', levels: { bronze: yes, silver: yes, gold: yes } },
  ] satisfies readonly PackageRow[],
  note: 'Need something different? Ask about a custom package in the sponsor form.',
} as const;

export interface Accomplishment {
  readonly figure: string;
  readonly label: string;
}

export const ACCOMPLISHMENTS = {
  title: 'What we have achieved together',
  items: [
    { figure: 'Over 200', label: 'guests at a prior showcase' },
    { figure: '6,500+', label: 'views of that showcase' },
    { figure: 'Over 500', label: 'live attendees in two years' },
    { figure: '10,000', label: 'registrants in two years' },
    { figure: 'Over 100', label: 'organisations in our network' },
  ] satisfies readonly Accomplishment[],
} as const;

export const OPPORTUNITIES = {
  title: 'Opportunities',
  intro: 'Choose a level above, or pick the part of our work you most want your name on.',
  items: [
    {
      title: 'Wildfire Innovation Showcase',
      text: 'Present the showcase, introduce a session, and meet the ventures before and after they pitch.',
    },
    {
      title: 'Scorecard pilot communities',
      text: 'Fund facilitation, expert review and travel so a community with few resources can run the scorecard.',
    },
    {
      title: 'Weekly innovator meetings',
      text: 'Support the Wednesday meetings where founders, investors and practitioners trade problems and ideas.',
    },
    {
      title: 'In-kind and custom support',
      text: 'Offer data, computing, venues or expertise, or design a package around what matters to your team.',
    },
  ],
} as const;

export const WHO_WE_ARE = {
  title: 'Who we are',
  text:
    'The Wildfire Prevention Consortium is a non-profit network of communities, governments, companies, insurers, ' +
    'researchers and innovators working to prevent catastrophic wildfires. Sponsorship funds our free scorecard, our ' +
    'pilot communities and the showcase.',
  link: { label: 'Read more about us', href: '/about' },
} as const;

export const SPONSOR_CALL_TO_ACTION = {
  title: 'Ready to stand with us?',
  text: 'Tell us a little about your organisation and we will put together the package that fits.',
  buttonLabel: 'Become a Sponsor',
} as const;

/** The section listing current sponsors (published content: the team edits the sponsors in /team). */
export const CURRENT_SPONSORS = {
  title: 'Our sponsors',
  intro: 'These organisations keep the showcase free to attend and free to present. Thank you.',
} as const;

/**
 * SAMPLE CONTENT: three invented sponsors for the team to replace (docs/sample-content.md). The
 * seed of the "sponsor" content type (src/content/model.ts).
 */
export const SAMPLE_SPONSORS = [
  { name: 'Cedar Ridge Mutual', level: 'gold', website: 'https://cedarridgemutual.example' },
  { name: 'Northfield Power Cooperative', level: 'silver', website: 'https://northfieldpower.example' },
  { name: 'Pinecrest Outdoor Supply', level: 'bronze', website: 'https://pinecrestoutdoor.example' },
] as const;
