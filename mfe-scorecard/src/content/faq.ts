/** /scorecard/faq: the twelve questions (spec §9). Each id is a stable anchor: /scorecard/faq#<id>. */

export const FAQ_INTRO = {
  title: 'Frequently Asked Questions',
  crumb: 'FAQ',
  lead: 'Answers to the twelve questions we hear most about the scorecard: what it is, why it is needed, how to use it and who it is for. Each question has its own link you can share.',
} as const;

export interface FaqLink {
  readonly label: string;
  readonly href: string;
}

export interface FaqItem {
  readonly id: string;
  readonly question: string;
  readonly paragraphs: readonly string[];
  /** Shown as a list after the paragraphs. */
  readonly list?: readonly string[];
  /** 'essentials' lists the Ten Essentials from the shared data module. */
  readonly listSource?: 'essentials';
  readonly link?: FaqLink;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-the-scorecard',
    question: 'What is the Community Wildfire Resilience Scorecard?',
    paragraphs: [
      'A free self-assessment that helps a community see how ready it is for catastrophic wildfire. It asks about ten essentials of resilience, from how you organise to how you would recover, and for each one your team agrees a score from 0 to 5 and notes the evidence.',
    ],
  },
  {
    id: 'why-is-it-needed',
    question: 'Why does my community need it?',
    paragraphs: [
      'Wildfires cost an estimated $394 to $893 billion a year, and the seasons are getting longer. Most communities have plans, but few have checked them together, across departments and with residents. The scorecard shows where the gaps are and gives you evidence to fund the work of closing them.',
    ],
  },
  {
    id: 'what-are-the-ten-essentials',
    question: 'What are the Ten Essentials?',
    paragraphs: ['The UN 10 Essentials for Making Cities Resilient, which the scorecard applies to wildfire:'],
    listSource: 'essentials',
    link: { label: 'See the Ten Essentials explained', href: '/scorecard/instructions' },
  },
  {
    id: 'relation-to-city-scorecard',
    question: 'How does it relate to the original city scorecard?',
    paragraphs: [
      'It keeps the structure of the disaster resilience scorecard for cities, used by about 350 cities, and asks its questions about wildfire. Results stay comparable, so a community can learn from cities that have already been through the process.',
    ],
  },
  {
    id: 'who-should-take-part',
    question: 'Who should take part in the assessment?',
    paragraphs: [
      'Invite the people who each hold part of the picture: emergency management, the fire service, planners, utilities, land managers, insurers, community groups and residents. Eight to fifteen people is a good size for a workshop.',
    ],
    link: { label: 'See who takes part', href: '/scorecard/participation' },
  },
  {
    id: 'how-long-does-it-take',
    question: 'How long does an assessment take?',
    paragraphs: [
      'Most teams need two or three workshops of about three hours, plus a few weeks beforehand to gather data. Once your team is practised, the yearly repeat takes about half a day.',
    ],
  },
  {
    id: 'does-it-cost-anything',
    question: 'Does it cost anything?',
    paragraphs: [
      'No. The scorecard is free to download and use, and so are all four pilot options. The consortium is funded by grants, sponsors and people who contribute their time.',
    ],
  },
  {
    id: 'what-is-in-the-download',
    question: 'What is in the download?',
    paragraphs: [
      'A zip file with three documents: step-by-step instructions, a spreadsheet workbook where you enter your scores, and a PDF guide to the essentials and the scoring scale.',
    ],
    link: { label: 'Read the instructions', href: '/scorecard/instructions' },
  },
  {
    id: 'cannot-open-the-zip',
    question: 'I cannot open the zip file. What can I do?',
    paragraphs: [
      'Most computers open zip files with a double click. If yours does not, a free tool will: 7-Zip on Windows, The Unarchiver on Mac or PeaZip on Linux. If the download itself fails, contact us and we will email you the documents.',
    ],
    link: { label: 'Problems Downloading? Contact Us', href: '/scorecard/contact' },
  },
  {
    id: 'how-is-it-scored',
    question: 'How are the essentials scored?',
    paragraphs: [
      'Each essential gets a score from 0 (nothing in place) to 5 (in action, tested and reviewed every year), backed by evidence such as a plan, a budget line or the date of a drill. Add them up for a total out of 50, then focus on your three lowest scores.',
    ],
  },
  {
    id: 'do-we-share-results',
    question: 'Do we have to share our results?',
    paragraphs: [
      'No. Your results belong to your community. If you choose to send us your workbook with the Feedback & Upload form, we use it to improve the scorecard and never publish a community’s results without its permission.',
    ],
  },
  {
    id: 'how-to-pilot',
    question: 'How can we pilot the scorecard with your team?',
    paragraphs: [
      'Choose one of four options, from a self-pilot with guidance on call to full collaboration where our team facilitates your workshops, and tell us about your community through the Collaborate With Us form.',
    ],
    link: { label: 'Compare the pilot options', href: '/scorecard/participation' },
  },
];
