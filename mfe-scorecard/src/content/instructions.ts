/** /scorecard/instructions: how a community uses the scorecard, step by step. */

export const INSTRUCTIONS_INTRO = {
  title: 'Scorecard Instructions',
  crumb: 'Instructions',
  lead: 'Five steps take your community from a first conversation to an action plan. Most teams finish their first assessment in two or three workshops, and every step below works whether you use the download or the online self-assessment.',
} as const;

export interface InstructionStep {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly tips: readonly string[];
  /** How long the step usually takes. */
  readonly time: string;
}

export const INSTRUCTION_STEPS: readonly InstructionStep[] = [
  {
    id: 'form-a-team',
    title: 'Form a team',
    summary:
      'Name one person to lead and invite the people who each hold a piece of the picture. A scorecard filled in by one department scores that department, not the community.',
    tips: [
      'Emergency management, the fire service, land-use planning and public works.',
      'Water and power utilities, land managers and, where you can, an insurer.',
      'Neighbourhood associations, schools, and groups who speak for older, disabled and non-English-speaking residents.',
    ],
    time: 'One to two weeks to invite people',
  },
  {
    id: 'gather-data',
    title: 'Gather data',
    summary:
      'Before the first workshop, collect what you already have, so the team spends its time discussing, not searching.',
    tips: [
      'Hazard maps and your community wildfire protection plan, if there is one.',
      'Budgets for fuel reduction and preparedness, and grants you have applied for.',
      'Building codes, evacuation plans, warning-system coverage and the dates of your last drills.',
    ],
    time: 'Two to four weeks, alongside other work',
  },
  {
    id: 'score-the-essentials',
    title: 'Score each of the Ten Essentials',
    summary:
      'Work through the essentials in order. For each one, discuss the question, agree on a score from 0 to 5 and write down the evidence. Where the team disagrees, note both views: the disagreement is itself a finding.',
    tips: [
      'Score what is in place today, not what is planned.',
      'A score without evidence is a guess: name the plan, budget line or drill behind it.',
      'Keep a parking list for questions nobody in the room can answer.',
    ],
    time: 'One or two workshops of about three hours',
  },
  {
    id: 'agree-actions',
    title: 'Agree actions',
    summary:
      'Pick the three essentials with the lowest scores and agree one concrete action for each in the next twelve months, with an owner and a date.',
    tips: [
      'Prefer actions you can finish over actions that sound impressive.',
      'Use your scores to back grant applications and budget requests.',
      'Share your results and what you learned with the Feedback & Upload form.',
    ],
    time: 'One workshop',
  },
  {
    id: 'repeat-yearly',
    title: 'Repeat yearly',
    summary:
      'Score again every year, ideally before the fire season. Comparing this year with last shows what your actions changed and keeps resilience on the agenda when people move on.',
    tips: [
      'Put next year’s date in the calendar before you close this year’s last workshop.',
      'Keep each year’s workbook, so new team members can see how scores were reached.',
    ],
    time: 'Half a day a year once the team is practised',
  },
];

export interface ScoreLevel {
  readonly score: number;
  readonly meaning: string;
}

/** The scale the workbook and its guide use for every essential. */
export const SCORE_SCALE: readonly ScoreLevel[] = [
  { score: 0, meaning: 'Nothing is in place.' },
  { score: 1, meaning: 'A plan is being discussed.' },
  { score: 2, meaning: 'A plan exists on paper.' },
  { score: 3, meaning: 'The plan is partly in action.' },
  { score: 4, meaning: 'The plan is fully in action.' },
  { score: 5, meaning: 'It is in action, tested and reviewed every year.' },
];

export interface DownloadDocument {
  readonly kind: 'instructions' | 'spreadsheet' | 'pdf';
  readonly title: string;
  readonly fileName: string;
  readonly description: string;
}

/** The three documents in community-wildfire-resilience-scorecard-02-20-24.zip. */
export const DOWNLOAD_DOCUMENTS: readonly DownloadDocument[] = [
  {
    kind: 'instructions',
    title: 'Instructions',
    fileName: 'Instructions-02-20-24.txt',
    description: 'A one-page summary of these steps, to hand to everyone on your team.',
  },
  {
    kind: 'spreadsheet',
    title: 'Spreadsheet workbook',
    fileName: 'Scorecard-Workbook-02-20-24.xlsx',
    description: 'The scorecard itself: one row per essential, with columns for your score, evidence and actions.',
  },
  {
    kind: 'pdf',
    title: 'PDF guide',
    fileName: 'Scorecard-Guide-02-20-24.pdf',
    description: 'The Ten Essentials and the scoring scale explained, ready to read on screen or print for a workshop.',
  },
];

export const DOWNLOAD_VERSION_NOTE =
  'Version of 02-20-24. Open the zip with the free tools listed in the scorecard overview.';
