/** /scorecard/about: who made the scorecard. People and partner names are listed in people.ts and partners.ts. */
export const ABOUT_INTRO = {
  title: 'About the Scorecard',
  crumb: 'About',
  lead: 'The scorecard adapts the UN 10 Essentials framework to wildfire. It was written by five authors from three partner organisations, shaped by contributing authors and reviewers from the field, and put online by a small web team.',
} as const;
