/**
 * /scorecard/news: the press release of 19 February 2024 (spec §2, §9). The figures are the
 * spec's; the quoted people, the place line and the publication address are SAMPLE content.
 */

export const PRESS_RELEASE_DATE = { iso: '2024-02-19', display: '19 February 2024' } as const;

export const NEWS_INTRO = {
  title: 'Press Release: Community Wildfire Resilience Scorecard Launched',
  crumb: 'Press Release',
  lead: 'A free self-assessment built on the UN 10 Essentials helps communities measure how ready they are for catastrophic wildfire, and decide what to do first.',
} as const;

export interface PressQuote {
  readonly text: string;
  readonly person: string;
  readonly role: string;
}

export type ReleaseBlock =
  | { readonly type: 'paragraph'; readonly text: string }
  | { readonly type: 'quote'; readonly quote: PressQuote }
  | { readonly type: 'heading'; readonly text: string };

export interface PressRelease {
  readonly label: string;
  readonly place: string;
  readonly headline: string;
  readonly blocks: readonly ReleaseBlock[];
  readonly about: readonly { readonly title: string; readonly text: string }[];
}

export const RELEASE: PressRelease = {
  label: 'For immediate release',
  place: 'San Francisco, California',
  headline:
    'Consortium and global alliance launch a free scorecard to help communities prepare for catastrophic wildfire',
  blocks: [
    {
      type: 'paragraph',
      text: 'The Wildfire Prevention Consortium and the Resilient Communities Alliance today launched the Community Wildfire Resilience Scorecard, a free self-assessment that helps towns, counties and regions see how ready they are for catastrophic wildfire and where to act first.',
    },
    {
      type: 'paragraph',
      text: 'Wildfires now cost an estimated $394 to $893 billion a year. Yet most communities have never measured their own readiness in a way that brings fire services, planners, utilities, insurers and residents to the same table. The scorecard gives them a shared, evidence-based picture in a few workshops.',
    },
    {
      type: 'paragraph',
      text: 'The scorecard adapts the UN 10 Essentials for Making Cities Resilient to wildfire. Its original city scorecard is used by about 350 cities, and the wildfire edition keeps the same structure so that results remain comparable. It was written and reviewed with members of the alliance, which counts more than 400 member organisations in 35 countries.',
    },
    {
      type: 'quote',
      quote: {
        text: 'Every community we work with asks the same question: where do we start? The scorecard answers it. In one afternoon a team can see which of the ten essentials are strong, which are missing, and which three actions would change the most.',
        person: 'Dr. Elena Marquez',
        role: 'Lead author, Wildfire Prevention Consortium',
      },
    },
    { type: 'heading', text: 'From scores to funding' },
    {
      type: 'paragraph',
      text: 'Communities that take a structured approach to resilience are already turning it into investment. Partners in the network that shaped the scorecard have secured a $6.3 million grant and a $6.7 million watershed grant, and the first pilot community has received $60,000 in funding to complete the scorecard and act on its results.',
    },
    {
      type: 'quote',
      quote: {
        text: 'Cities have shown that measuring resilience is the first step to financing it. Bringing the same discipline to wildfire, with the people who fight fires and the people who live with them, is long overdue.',
        person: 'Rahul Mehta',
        role: 'Chair, Wildfire Working Group, Resilient Communities Alliance',
      },
    },
    { type: 'heading', text: 'Available today, free of charge' },
    {
      type: 'paragraph',
      text: 'The scorecard can be downloaded now as a zip file holding step-by-step instructions, a spreadsheet workbook and a PDF guide. Communities that would like support can join the pilot programme, from a self-pilot with guidance on call to full collaboration with the authors.',
    },
  ],
  about: [
    {
      title: 'About the Wildfire Prevention Consortium',
      text: 'The Wildfire Prevention Consortium is a non-profit that brings together communities, governments, companies, insurers, researchers and innovators to prevent catastrophic wildfires. Besides the scorecard, it hosts the Wildfire Innovation Showcase, which links wildfire innovators with impact investors.',
    },
    {
      title: 'About the Resilient Communities Alliance',
      text: 'The Resilient Communities Alliance is a network of more than 400 organisations in 35 countries that work with local governments to reduce disaster risk, and the home of the original city resilience scorecard.',
    },
  ],
};

/** The release as the alliance published it (sample address for the team to replace). */
export const PUBLICATION_URL =
  'https://www.resilientcommunitiesalliance.org/news/2024-02-19-community-wildfire-resilience-scorecard';
