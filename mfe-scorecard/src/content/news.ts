/**
 * The seed press release: the one of 19 February 2024 (spec §2, §9), as the scorecard area
 * published it before the team edited releases in /team. The figures are the spec's; the quoted
 * people, the place line and the publication address are SAMPLE content.
 */
import { PRESS_CONTACTS } from './people';

const LAUNCH_BODY = [
  'The Wildfire Prevention Consortium and the Resilient Communities Alliance today launched the Community Wildfire Resilience Scorecard, a free self-assessment that helps towns, counties and regions see how ready they are for catastrophic wildfire and where to act first.',
  'Wildfires now cost an estimated $394 to $893 billion a year. Yet most communities have never measured their own readiness in a way that brings fire services, planners, utilities, insurers and residents to the same table. The scorecard gives them a shared, evidence-based picture in a few workshops.',
  'The scorecard adapts the UN 10 Essentials for Making Cities Resilient to wildfire. Its original city scorecard is used by about 350 cities, and the wildfire edition keeps the same structure so that results remain comparable. It was written and reviewed with members of the alliance, which counts more than 400 member organisations in 35 countries.',
  '> “Every community we work with asks the same question: where do we start? The scorecard answers it. In one afternoon a team can see which of the ten essentials are strong, which are missing, and which three actions would change the most.”\n>\n> **Dr. Elena Marquez**, Lead author, Wildfire Prevention Consortium',
  '## From scores to funding',
  'Communities that take a structured approach to resilience are already turning it into investment. Partners in the network that shaped the scorecard have secured a $6.3 million grant and a $6.7 million watershed grant, and the first pilot community has received $60,000 in funding to complete the scorecard and act on its results.',
  '> “Cities have shown that measuring resilience is the first step to financing it. Bringing the same discipline to wildfire, with the people who fight fires and the people who live with them, is long overdue.”\n>\n> **Rahul Mehta**, Chair, Wildfire Working Group, Resilient Communities Alliance',
  '## Available today, free of charge',
  'The scorecard can be downloaded now as a zip file holding step-by-step instructions, a spreadsheet workbook and a PDF guide. Communities that would like support can join the pilot programme, from a self-pilot with guidance on call to full collaboration with the authors.',
  '## About the Wildfire Prevention Consortium',
  'The Wildfire Prevention Consortium is a non-profit that brings together communities, governments, companies, insurers, researchers and innovators to prevent catastrophic wildfires. Besides the scorecard, it hosts the Wildfire Innovation Showcase, which links wildfire innovators with impact investors.',
  '## About the Resilient Communities Alliance',
  'The Resilient Communities Alliance is a network of more than 400 organisations in 35 countries that work with local governments to reduce disaster risk, and the home of the original city resilience scorecard.',
].join('\n\n');

/** The release as the alliance published it (sample address for the team to replace). */
export const PUBLICATION_URL =
  'https://www.resilientcommunitiesalliance.org/news/2024-02-19-community-wildfire-resilience-scorecard';

/** Checked against the press release's declaration where the model lists it as seed (model.ts). */
export const LAUNCH_RELEASE = {
  title: 'Community Wildfire Resilience Scorecard Launched',
  headline:
    'Consortium and global alliance launch a free scorecard to help communities prepare for catastrophic wildfire',
  date: '2024-02-19',
  place: 'San Francisco, California',
  summary:
    'A free self-assessment built on the UN 10 Essentials helps communities measure how ready they are for catastrophic wildfire, and decide what to do first.',
  body: LAUNCH_BODY,
  links: [{ label: 'Read the release on the alliance’s website', url: PUBLICATION_URL }],
  contacts: PRESS_CONTACTS.map(({ name, role, organisation, email, phone }) => ({
    name,
    role,
    organisation,
    email,
    ...(phone ? { phone } : {}),
  })),
};
