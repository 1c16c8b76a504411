/** /scorecard/participation: who takes part, the four ways to pilot, and ways to support. */

export const PARTICIPATION_INTRO = {
  title: 'Participate in the Scorecard',
  crumb: 'Participation',
  lead: 'Wildfire resilience is a team effort. Here is who belongs at the table, four ways to pilot the scorecard with us, and how anyone can help the work go further.',
} as const;

export interface Stakeholder {
  readonly name: string;
  readonly contribution: string;
}

export const STAKEHOLDERS: readonly Stakeholder[] = [
  { name: 'Local and regional governments', contribution: 'lead the assessment and own the action plan' },
  {
    name: 'Fire services and emergency managers',
    contribution: 'bring response plans, drills and hard-won experience',
  },
  {
    name: 'Land-use planners and building officials',
    contribution: 'know the codes, zoning and where new homes are going',
  },
  { name: 'Utilities and infrastructure operators', contribution: 'speak for water, power, roads and communications' },
  { name: 'Land and forest managers', contribution: 'manage fuels, natural buffers and watersheds' },
  { name: 'Insurers and finance', contribution: 'see risk in numbers and know what funding is possible' },
  { name: 'Community groups and residents', contribution: 'know who needs help to leave and how word really travels' },
  { name: 'Researchers and experts', contribution: 'provide data, methods and an outside view' },
];

export interface PilotOption {
  readonly id: string;
  readonly name: string;
  readonly summary: string;
  /** The same four facts for every option, so the cards compare side by side. */
  readonly whoLeads: string;
  readonly ourRole: string;
  readonly time: string;
  readonly bestFor: string;
}

export const PILOT_OPTIONS: readonly PilotOption[] = [
  {
    id: 'self-pilot',
    name: 'Self-pilot',
    summary: 'Run the scorecard yourselves with the download or the online self-assessment.',
    whoLeads: 'Your team',
    ourRole: 'Instructions, a kick-off call and answers by email',
    time: '4 to 6 weeks',
    bestFor: 'Communities with an active emergency-management team',
  },
  {
    id: 'collaborate-with-networks',
    name: 'Collaborate with other networks',
    summary: 'Pilot alongside neighbouring communities, a regional council or a network you already belong to.',
    whoLeads: 'Your network, with a named lead in each community',
    ourRole: 'Joint workshops and a shared comparison of results',
    time: '2 to 3 months',
    bestFor: 'Neighbours who share a landscape, a watershed or an evacuation route',
  },
  {
    id: 'expert-review',
    name: 'Expert review',
    summary: 'Score it yourselves, then have our reviewers check your scores and evidence.',
    whoLeads: 'Your team',
    ourRole: 'A written review and a call to talk it through',
    time: '6 to 8 weeks',
    bestFor: 'Communities preparing a grant application or a public plan',
  },
  {
    id: 'full-collaboration',
    name: 'Full collaboration',
    summary: 'Our team facilitates your assessment from the first invitation to the action plan.',
    whoLeads: 'Our facilitators, with your lead',
    ourRole: 'Planning, facilitation, a report and a follow-up a year later',
    time: '3 to 4 months',
    bestFor: 'Communities starting from scratch, or after a fire',
  },
];

export interface SupportOption {
  readonly title: string;
  readonly text: string;
}

export const SUPPORT_OPTIONS: readonly SupportOption[] = [
  {
    title: 'Share learnings',
    text: 'Tell other communities what worked for you, in a case study, a webinar or a call.',
  },
  { title: 'Volunteer time', text: 'Facilitate workshops, take notes or help a small community gather its data.' },
  { title: 'Subject-matter expertise', text: 'Review scores, answer questions or help us write the next edition.' },
  {
    title: 'Data or compute',
    text: 'Offer hazard maps, datasets or computing time that help communities score with evidence.',
  },
  {
    title: 'Sponsorship or in-kind support',
    text: 'Cover the cost of a pilot, host a workshop or lend your services.',
  },
  { title: 'Funding', text: 'Fund facilitation for communities that cannot pay for it, so no one is left out.' },
];
