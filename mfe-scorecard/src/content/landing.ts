import { CollabPopup, ContactPopup, DownloadPopup, SubscribeForm, SupportPopup } from '@wpc/shared/forms/on-demand';
import { ZIP_TOOLS, type CardBlock, type CardImage, type CardInlineForm, type CardPopupForm } from '@wpc/shared/ui';
import { ScorecardFeedbackPopup } from '../components/ScorecardPopups';
import prepareImage from '../images/card-prepare.svg';
import overviewImage from '../images/card-overview.svg';
import assessImage from '../images/card-assess.svg';
import collaborateImage from '../images/card-collaborate.svg';
import subscribeImage from '../images/card-subscribe.svg';
import feedbackImage from '../images/card-feedback.svg';
import supportImage from '../images/card-support.svg';
import contributeImage from '../images/card-contribute.svg';

/** The online self-assessment, built beside this page (its route joins the route table with it). */
export const ASSESS_PATH = '/scorecard/assess';

export const LANDING_BANNER = {
  title: 'Community Inspection',
  tagline: ['Catastrophic Fires Destroy', 'Community Preparation Saves'] as const,
  introduction:
    'The Community Wildfire Resilience Scorecard is a free self-assessment that shows a community where it stands against the ten essentials of wildfire resilience, and where to act first.',
  downloadLabel: 'Download Scorecard',
  imageLabel:
    'Illustration: three fire-safety inspectors with clipboards walk a street of homes with cleared, defensible space, below a forested ridge under a smoky evening sky.',
  credit: 'Image: Wildfire Prevention Consortium web team',
} as const;

export const SUB_HEADER_TITLE = 'Community Wildfire Resilience Scorecard';

/** One card of the landing page (spec §2, §3): the page menu and the card both come from here. */
export interface LandingCard {
  readonly id: string;
  /** The card's entry in the PAGE MENU. */
  readonly menuLabel: string;
  readonly title: string;
  readonly titleColor: string;
  readonly image: CardImage;
  readonly caption?: string;
  readonly blocks: readonly CardBlock[];
  /** Opened by the card's button block. */
  readonly popupForm?: CardPopupForm;
  /** A form shown inside the card instead of in a pop-up. */
  readonly inlineForm?: CardInlineForm;
}

const image = (src: string, alt: string): CardImage => ({ src, alt, width: 300, height: 400 });

export const LANDING_CARDS: readonly LandingCard[] = [
  {
    id: 'prepare',
    menuLabel: 'Prepare',
    title: 'Preparation Matters',
    titleColor: 'var(--wpc-color-ember)',
    image: image(
      prepareImage,
      'A home at the centre of rings of cleared, watered ground, with trees kept at a distance and a flame far off.',
    ),
    blocks: [
      {
        type: 'paragraph',
        content:
          'Fire seasons are longer, hotter and more destructive than a generation ago. Whether a neighbourhood comes through one is decided long before the smoke appears: by the plans it has made, the ground it has cleared and the people who know what to do.',
      },
      { type: 'header-H4', content: 'What prepared communities have in common' },
      {
        type: 'list',
        items: [
          'A named lead and a team that meets before the fire season, not during it.',
          'Homes hardened against embers, with defensible space kept clear.',
          'Evacuation routes, warnings and shelters that have been tested with real drills.',
          'A recovery plan that rebuilds safer instead of rebuilding the same risk.',
        ],
      },
      {
        type: 'paragraph',
        content: 'Pilot the scorecard with us and we will walk your team through its first assessment, free of charge.',
      },
      { type: 'button', label: 'Pilot with Us' },
    ],
    popupForm: CollabPopup,
  },
  {
    id: 'overview',
    menuLabel: 'Overview',
    title: 'Scorecard Overview',
    titleColor: 'var(--wpc-color-forest)',
    image: image(
      overviewImage,
      'The scorecard document: a green cover above ten bars of different lengths, one score for each essential.',
    ),
    blocks: [
      {
        type: 'paragraph',
        content:
          'The scorecard turns the UN 10 Essentials for Making Cities Resilient into questions a community can answer about wildfire. It comes as a zip file with instructions, a workbook and a printable guide.',
      },
      {
        type: 'accordion',
        items: [
          {
            question: 'What is the scorecard?',
            answer:
              'A structured self-assessment. For each of the ten essentials, your team answers a question, gives a score from 0 to 5 and notes the evidence, so you end with an honest picture of your wildfire resilience.',
          },
          {
            question: 'Why is it needed?',
            answer:
              'Wildfires cost an estimated $394 to $893 billion a year, yet most communities have never measured how ready they are. A shared score shows where the gaps are and makes the case for funding to close them.',
          },
          {
            question: 'How do I use it?',
            answer:
              'Download the zip, read the instructions, then bring the right people together for a workshop of a few hours. Score each essential, agree on the three weakest and choose one action for each. Score again a year later.',
          },
          {
            question: 'Who is it for?',
            answer:
              'Local governments, fire services, emergency managers, utilities, land managers, insurers, community groups and residents: anyone with a stake in how their community lives with fire.',
          },
        ],
      },
      { type: 'button', label: 'Download Scorecard' },
      { type: 'paragraph', content: 'Free tools to open the zip file on Windows, Mac and Linux:' },
      { type: 'icons', items: ZIP_TOOLS, label: 'Tools to open the zip file' },
      { type: 'link', label: 'Problems Downloading? Contact Us', href: '/scorecard/contact' },
    ],
    popupForm: DownloadPopup,
  },
  {
    id: 'assess',
    menuLabel: 'Assess',
    title: 'Assess Wildfire Risk and Readiness',
    titleColor: 'var(--wpc-color-sky)',
    image: image(
      assessImage,
      'A clipboard with a gauge moving from red to green above a checklist with two items ticked.',
    ),
    blocks: [
      {
        type: 'paragraph',
        content:
          'Prefer to work on screen? Score your community online, one essential at a time. Your answers stay in your browser, and you can stop and come back whenever you like.',
      },
      {
        type: 'list',
        items: [
          'A score for each of the ten essentials and one for your community overall.',
          'A chart of your strengths and gaps that you can print or share.',
          'The three essentials to work on first, with practical next steps.',
        ],
      },
      { type: 'link', label: 'Start the Self-Assessment', href: ASSESS_PATH, appearance: 'button' },
    ],
  },
  {
    id: 'collaborate',
    menuLabel: 'Collaborate',
    title: 'Collaborate With Us',
    titleColor: 'var(--wpc-color-green)',
    image: image(
      collaborateImage,
      'Three people in green, orange and blue circles joined by dashed lines around a tick.',
    ),
    blocks: [
      {
        type: 'paragraph',
        content:
          'Our pilot programme pairs communities with the people who wrote the scorecard. Pilots shape the next edition: what you find hard to score, we make clearer for everyone.',
      },
      { type: 'header-H4', content: 'Four ways to pilot' },
      {
        type: 'list',
        items: [
          'Self-pilot: run the scorecard on your own, with our instructions and a call when you need one.',
          'Collaborate with other networks: pilot alongside neighbouring communities or a regional network.',
          'Expert review: score it yourselves, then have our reviewers check your results.',
          'Full collaboration: our team facilitates your workshops from first meeting to action plan.',
        ],
      },
      { type: 'link', label: 'Compare the pilot options', href: '/scorecard/participation' },
      { type: 'button', label: 'Join the Pilot Programme' },
    ],
    popupForm: CollabPopup,
  },
  {
    id: 'subscribe',
    menuLabel: 'Subscribe',
    title: 'Subscribe for Updates',
    titleColor: 'var(--wpc-color-forest)',
    image: image(subscribeImage, 'An envelope with a leaf and a notification bell.'),
    blocks: [
      {
        type: 'paragraph',
        content:
          'New editions of the scorecard, pilot results, funding opportunities and stories from communities that have used it, a few times a year.',
      },
    ],
    inlineForm: SubscribeForm,
  },
  {
    id: 'feedback',
    menuLabel: 'Feedback',
    title: 'Share Feedback & Upload Your Scorecard',
    titleColor: 'var(--wpc-color-sky)',
    image: image(feedbackImage, 'A completed checklist document beside an upload arrow and a speech bubble.'),
    blocks: [
      {
        type: 'paragraph',
        content:
          'Finished an assessment? Send us your workbook, your notes or photos of your workshop. Tell us which questions worked and which did not: every edition of the scorecard is built from this feedback.',
      },
      {
        type: 'list',
        items: [
          'Upload images, PDFs, documents, presentations and spreadsheets, up to 20MB each.',
          'Larger files? Paste a link to a shared folder instead.',
          'We never publish a community’s results without its permission.',
        ],
      },
      { type: 'button', label: 'Feedback & Upload' },
    ],
    popupForm: ScorecardFeedbackPopup,
  },
  {
    id: 'support',
    menuLabel: 'Support',
    title: 'Need Scorecard Support? We can Help!',
    titleColor: 'var(--wpc-color-ember)',
    image: image(supportImage, 'A helper wearing a headset between a question mark and a reply with a tick.'),
    blocks: [
      {
        type: 'paragraph',
        content:
          'Stuck on a question, unsure who to invite to your workshop or looking for data to back a score? Our scorecard team answers every message, usually within two working days.',
      },
      { type: 'link', lead: 'Many answers are already in the', label: 'Scorecard FAQ', href: '/scorecard/faq' },
      { type: 'button', label: 'Contact the Scorecard Team' },
    ],
    popupForm: ContactPopup,
  },
  {
    id: 'contribute',
    menuLabel: 'Contribute',
    title: 'Contribute to the Cause',
    titleColor: 'var(--wpc-color-green)',
    image: image(contributeImage, 'Hands holding a seedling in a pot, with a crossed-out flame above it.'),
    blocks: [
      {
        type: 'paragraph',
        content:
          'The scorecard is free for every community, and it stays free because people give their time, knowledge and resources. Share what your community has learned, volunteer as a facilitator, lend your expertise or data, or fund a pilot.',
      },
      { type: 'button', label: 'Support Wildfire Prevention' },
    ],
    popupForm: SupportPopup,
  },
];
