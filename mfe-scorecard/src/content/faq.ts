/**
 * The seed questions of /scorecard/faq: the twelve of spec §9, as they stood before the team edited
 * them in /team, in the order the page shows them. Each slug is the question's stable anchor:
 * /scorecard/faq#<slug>. Checked against the FAQ entry's declaration where the model lists them as
 * seed (model.ts).
 */
export const FAQ_SEED = [
  {
    slug: 'what-is-the-scorecard',
    question: 'What is the Community Wildfire Resilience Scorecard?',
    answer:
      'A free self-assessment that helps a community see how ready it is for catastrophic wildfire. It asks about ten essentials of resilience, from how you organise to how you would recover, and for each one your team agrees a score from 0 to 5 and notes the evidence.',
    order: 10,
  },
  {
    slug: 'why-is-it-needed',
    question: 'Why does my community need it?',
    answer:
      'Wildfires cost an estimated $394 to $893 billion a year, and the seasons are getting longer. Most communities have plans, but few have checked them together, across departments and with residents. The scorecard shows where the gaps are and gives you evidence to fund the work of closing them.',
    order: 20,
  },
  {
    slug: 'what-are-the-ten-essentials',
    question: 'What are the Ten Essentials?',
    answer: 'The UN 10 Essentials for Making Cities Resilient, which the scorecard applies to wildfire:',
    listEssentials: true,
    linkLabel: 'See the Ten Essentials explained',
    linkUrl: '/scorecard/instructions',
    order: 30,
  },
  {
    slug: 'relation-to-city-scorecard',
    question: 'How does it relate to the original city scorecard?',
    answer:
      'It keeps the structure of the disaster resilience scorecard for cities, used by about 350 cities, and asks its questions about wildfire. Results stay comparable, so a community can learn from cities that have already been through the process.',
    order: 40,
  },
  {
    slug: 'who-should-take-part',
    question: 'Who should take part in the assessment?',
    answer:
      'Invite the people who each hold part of the picture: emergency management, the fire service, planners, utilities, land managers, insurers, community groups and residents. Eight to fifteen people is a good size for a workshop.',
    linkLabel: 'See who takes part',
    linkUrl: '/scorecard/participation',
    order: 50,
  },
  {
    slug: 'how-long-does-it-take',
    question: 'How long does an assessment take?',
    answer:
      'Most teams need two or three workshops of about three hours, plus a few weeks beforehand to gather data. Once your team is practised, the yearly repeat takes about half a day.',
    order: 60,
  },
  {
    slug: 'does-it-cost-anything',
    question: 'Does it cost anything?',
    answer:
      'No. The scorecard is free to download and use, and so are all four pilot options. The consortium is funded by grants, sponsors and people who contribute their time.',
    order: 70,
  },
  {
    slug: 'what-is-in-the-download',
    question: 'What is in the download?',
    answer:
      'A zip file with three documents: step-by-step instructions, a spreadsheet workbook where you enter your scores, and a PDF guide to the essentials and the scoring scale.',
    linkLabel: 'Read the instructions',
    linkUrl: '/scorecard/instructions',
    order: 80,
  },
  {
    slug: 'cannot-open-the-zip',
    question: 'I cannot open the zip file. What can I do?',
    answer:
      'Most computers open zip files with a double click. If yours does not, a free tool will: 7-Zip on Windows, The Unarchiver on Mac or PeaZip on Linux. If the download itself fails, contact us and we will email you the documents.',
    linkLabel: 'Problems Downloading? Contact Us',
    linkUrl: '/scorecard/contact',
    order: 90,
  },
  {
    slug: 'how-is-it-scored',
    question: 'How are the essentials scored?',
    answer:
      'Each essential gets a score from 0 (nothing in place) to 5 (in action, tested and reviewed every year), backed by evidence such as a plan, a budget line or the date of a drill. Add them up for a total out of 50, then focus on your three lowest scores.',
    order: 100,
  },
  {
    slug: 'do-we-share-results',
    question: 'Do we have to share our results?',
    answer:
      'No. Your results belong to your community. If you choose to send us your workbook with the Feedback & Upload form, we use it to improve the scorecard and never publish a community’s results without its permission.',
    order: 110,
  },
  {
    slug: 'how-to-pilot',
    question: 'How can we pilot the scorecard with your team?',
    answer:
      'Choose one of four options, from a self-pilot with guidance on call to full collaboration where our team facilitates your workshops, and tell us about your community through the Collaborate With Us form.',
    linkLabel: 'Compare the pilot options',
    linkUrl: '/scorecard/participation',
    order: 120,
  },
];
