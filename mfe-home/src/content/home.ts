// Everything the home page says and shows. Edit the copy here; the page only lays it out.
import {
  CollabPopup,
  ContactPopup,
  DownloadPopup,
  FeedbackPopup,
  NotifyPopup,
  SponsorPopup,
  SubscribeForm,
  SupportPopup,
} from '@wpc/shared/forms/on-demand';
import { ZIP_TOOLS, type CardProps } from '@wpc/shared/ui';
import heroImage from '../images/home-hero.svg';
import assessImage from '../images/card-assess.svg';
import collaborateImage from '../images/card-collaborate.svg';
import contributeImage from '../images/card-contribute.svg';
import feedbackImage from '../images/card-feedback.svg';
import pilotImage from '../images/card-pilot.svg';
import scorecardImage from '../images/card-scorecard.svg';
import showcaseImage from '../images/card-showcase.svg';
import sponsorImage from '../images/card-sponsor.svg';
import subscribeImage from '../images/card-subscribe.svg';
import supportImage from '../images/card-support.svg';

/** A home-page card (spec §3 card definition) and the PAGE MENU entry that leads to it. */
export interface HomeCard extends Omit<CardProps, 'highlighted' | 'scorecardForm'> {
  readonly menuLabel: string;
}

/**
 * Whether showcase registration is open. Closed: the last showcase (16 July 2025) has passed
 * and the next date is not known, so the card asks visitors to be notified (spec §2, §4).
 * The showcase area keeps its own copy of this setting; change both together.
 */
export const SHOWCASE_REGISTRATION_OPEN = false;

export const HERO = {
  eyebrow: 'Prevent, prepare, protect',
  title: 'Catastrophic fires destroy. Community preparation saves.',
  lead:
    'We are a non-profit consortium of communities, governments, insurers, researchers and innovators, ' +
    'helping places get ready before the smoke rises: with a free resilience scorecard, a showcase for ' +
    'wildfire innovation, and people who will work alongside you.',
  statistic: { figure: '45.7 million acres', rest: 'burned in Canada in 2023' },
  statisticNote: 'The worst wildfire season Canada has ever recorded.',
  statisticSource: 'Source: Canadian Interagency Forest Fire Centre (CIFFC).',
  downloadLabel: 'Download Scorecard',
  secondaryLink: { label: 'Who we are', href: '/about' },
  image: {
    src: heroImage,
    alt: 'Illustration: a wildfire burns along a distant ridge at dusk while a town below sits behind a wide, green cleared buffer.',
    width: 640,
    height: 480,
  },
} as const;

export const CARDS_INTRO = {
  title: 'Find your place in wildfire prevention',
  text:
    'Whether you lead a town, run a fire department, build new technology or simply care about the place you live, ' +
    'there is a way to help. Pick a card, or use the page menu to jump straight to one.',
} as const;

const colours = {
  ember: 'var(--wpc-color-ember)',
  forest: 'var(--wpc-color-forest)',
  green: 'var(--wpc-color-green)',
  sky: 'var(--wpc-color-sky)',
  emberDark: 'var(--wpc-color-ember-dark)',
} as const;

const SHOWCASE_LEARN_MORE = {
  type: 'link',
  label: 'Learn more about the showcase',
  href: '/showcase/innovations',
} as const;
const SHOWCASE_IMAGE = {
  src: showcaseImage,
  alt: 'Illustration: a laptop streaming an innovator’s pitch, surrounded by video tiles of attendees and a “7+” badge.',
  width: 480,
  height: 320,
} as const;

/** What the Showcase card shows whether registration is open or not. */
const SHOWCASE_CARD = {
  id: 'showcase',
  menuLabel: 'Showcase',
  title: 'Wildfire Innovation Showcase',
  titleColor: colours.ember,
  image: SHOWCASE_IMAGE,
  caption: 'Free to attend. Free to present.',
} as const;
const SHOWCASE_FEATURING = { type: 'header-H4', content: 'Featuring 7+ trailblazing ventures' } as const;

/** The Showcase card while registration is closed: visitors ask to hear about the next one. */
export const SHOWCASE_NOTIFY_CARD: HomeCard = {
  ...SHOWCASE_CARD,
  blocks: [
    SHOWCASE_FEATURING,
    {
      type: 'paragraph',
      content:
        'A virtual event we host with a venture networking community. Founders working on detection, fuels, ' +
        'forecasting and recovery pitch to impact investors, agencies and the communities who need their tools.',
    },
    {
      type: 'paragraph',
      content:
        'Our last showcase was on 16 July 2025, and the date of the next one is not set yet. Leave your details ' +
        'and you will be the first to hear when registration opens.',
    },
    { type: 'button', label: 'Notify Me!' },
    SHOWCASE_LEARN_MORE,
  ],
  popupForm: NotifyPopup,
};

/** The Showcase card while registration is open. */
export const SHOWCASE_OPEN_CARD: HomeCard = {
  ...SHOWCASE_CARD,
  blocks: [
    SHOWCASE_FEATURING,
    { type: 'paragraph', content: 'Wednesday 16 July 2025, 12 pm PST, online.' },
    {
      type: 'paragraph',
      content:
        'Innovators: apply to present by 7 July 2025, 5 pm PST. Everyone else: register for a front-row seat as ' +
        'founders pitch the ideas that could change how we live with fire.',
    },
    { type: 'link', label: 'Register', href: 'https://www.eventbrite.com/', appearance: 'button' },
    SHOWCASE_LEARN_MORE,
  ],
};

const OTHER_CARDS: readonly HomeCard[] = [
  {
    id: 'assess',
    menuLabel: 'Assess',
    title: 'Assess Wildfire Risk and Readiness',
    titleColor: colours.sky,
    image: {
      src: assessImage,
      alt: 'Illustration: a clipboard checklist with three items ticked, beside a risk gauge pointing towards green.',
      width: 480,
      height: 320,
    },
    caption: 'An honest look today is the start of a safer tomorrow.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'How ready is your community? The scorecard walks your team through the questions that matter, from who ' +
          'is in charge on a red-flag day to how you would rebuild after a fire.',
      },
      { type: 'header-H4', content: 'In one working session you will look at' },
      {
        type: 'list',
        items: [
          'the fire risks your community actually faces, and who knows about them',
          'evacuation routes, warnings and how people with less mobility get out',
          'land use, building rules and defensible space around homes',
          'budgets, partnerships and plans for recovery',
        ],
      },
      {
        type: 'link',
        lead: 'Prefer to answer online?',
        label: 'Start the online self-assessment',
        href: '/scorecard/assess',
      },
      { type: 'button', label: 'Download Scorecard' },
    ],
    popupForm: DownloadPopup,
  },
  {
    id: 'scorecard',
    menuLabel: 'Scorecard',
    title: 'Scorecard Overview',
    titleColor: colours.forest,
    variant: 'scorecard',
    image: {
      src: scorecardImage,
      alt: 'Cover of the Community Wildfire Resilience Scorecard, showing its 10 essentials as numbered tiles.',
      width: 300,
      height: 400,
    },
    caption: 'Community Wildfire Resilience Scorecard, version 02-20-24',
    blocks: [
      {
        type: 'paragraph',
        content:
          'A free self-assessment that helps local leaders see where their community stands on wildfire, and what ' +
          'to do next. It follows the UN 10 Essentials framework and was developed with a disaster-resilience alliance.',
      },
      {
        type: 'accordion',
        items: [
          {
            question: 'What is the Community Wildfire Resilience Scorecard?',
            answer:
              'A spreadsheet and guide that score your community on the 10 essentials of resilience, from ' +
              'organisation and risk scenarios to recovery. It adapts the disaster resilience scorecard that about ' +
              '350 cities already use, with questions written for wildfire.',
          },
          {
            question: 'Why is it needed?',
            answer:
              'Fires are growing larger and moving faster, and most of the damage is decided long before the ' +
              'flames arrive. The scorecard shows the gaps early, while there is still time and money to close them.',
          },
          {
            question: 'How do I use it?',
            answer:
              'Download the zip file, read the instructions, then bring together the people who know your ' +
              'community: emergency managers, planners, utilities, health and community groups. Score each ' +
              'essential together and agree on the actions that come out of it.',
          },
          {
            question: 'Who is it for?',
            answer:
              'Towns, cities, counties, tribal nations and the agencies, insurers and volunteers who work with ' +
              'them. No specialist training is needed, only people willing to answer honestly.',
          },
        ],
      },
      { type: 'button', label: 'Download Scorecard' },
      { type: 'header-H5', content: 'Free tools to open the zip file' },
      { type: 'icons', items: ZIP_TOOLS, label: 'Zip extraction tools' },
      { type: 'link', lead: 'Problems downloading?', label: 'Contact Us', href: '/contact-us' },
    ],
    popupForm: DownloadPopup,
  },
  {
    id: 'sponsor',
    menuLabel: 'Sponsor',
    title: 'Sponsor Opportunities',
    titleColor: colours.emberDark,
    image: {
      src: sponsorImage,
      alt: 'Illustration: a winners’ podium with gold, silver and bronze medals.',
      width: 480,
      height: 320,
    },
    caption: 'Sponsors keep the showcase free for every innovator.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'Put your organisation beside the people changing how we prevent wildfires. Sponsors meet founders ' +
          'before anyone else, join our executive roundtable and are seen by thousands of showcase viewers.',
      },
      { type: 'list', items: ['Bronze $5,000', 'Silver $7,500', 'Gold $25,000'] },
      { type: 'link', label: 'Compare sponsor packages', href: '/sponsors' },
      { type: 'button', label: 'Become a Sponsor' },
    ],
    popupForm: SponsorPopup,
  },
  {
    id: 'pilot',
    menuLabel: 'Pilot',
    title: 'Preparation Matters',
    titleColor: colours.green,
    image: {
      src: pilotImage,
      alt: 'Illustration: three homes inside a ring of cleared green space, with the forest kept at a distance and a “Pilot” flag.',
      width: 480,
      height: 320,
    },
    caption: 'Defensible space, clear roads and a plan everyone knows.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'Wildfires cost an estimated $394 to $893 billion a year. Every community that prepares ahead of time ' +
          'protects homes, jobs and lives, and recovers faster when fire does come.',
      },
      {
        type: 'paragraph',
        content:
          'Be one of our pilot communities. We will help you run the scorecard, bring in experts to review your ' +
          'results, and share what you learn with the places that follow.',
      },
      { type: 'button', label: 'Pilot with Us' },
    ],
    popupForm: CollabPopup,
  },
  {
    id: 'collaborate',
    menuLabel: 'Collaborate',
    title: 'Collaborate With Us',
    titleColor: colours.sky,
    image: {
      src: collaborateImage,
      alt: 'Illustration: six people in a circle, joined by lines to a green leaf at the centre.',
      width: 480,
      height: 320,
    },
    caption: 'Wildfire does not stop at a boundary, and neither do we.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'Our pilot programme grows through the networks people already trust. Join us to try the scorecard, ' +
          'improve it, or carry it to the communities you serve.',
      },
      {
        type: 'list',
        items: [
          'Pilot the scorecard with your town, county or region',
          'Review it as a fire, planning or insurance expert',
          'Share it through your association or network',
          'Co-apply for funding to put its findings into action',
        ],
      },
      { type: 'button', label: 'Collaborate With Us' },
    ],
    popupForm: CollabPopup,
  },
  {
    id: 'subscribe',
    menuLabel: 'Subscribe',
    title: 'Subscribe for Updates',
    titleColor: colours.ember,
    image: {
      src: subscribeImage,
      alt: 'Illustration: an envelope holding a newsletter, with a paper plane on its way.',
      width: 480,
      height: 320,
    },
    caption: 'A few emails a year. Unsubscribe any time.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'Hear first about new scorecard versions, pilot results and the next Wildfire Innovation Showcase. ' +
          'We only write when we have something worth reading.',
      },
    ],
    inlineForm: SubscribeForm,
  },
  {
    id: 'share',
    menuLabel: 'Share',
    title: 'Share Feedback & Upload Your Scorecard',
    titleColor: colours.forest,
    image: {
      src: feedbackImage,
      alt: 'Illustration: a completed scorecard spreadsheet being uploaded to the cloud, and a speech bubble with three stars.',
      width: 480,
      height: 320,
    },
    caption: 'Your results help the next community start further ahead.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'Finished the scorecard, or stuck halfway? Tell us what worked and what did not, and send us your ' +
          'completed scorecard so we can learn from it. We read every message.',
      },
      { type: 'button', label: 'Feedback & Upload' },
      {
        type: 'bottom-paragraph',
        content:
          'You can attach images, PDFs and spreadsheets, max 20MB each. For anything larger, paste a link in the form.',
      },
    ],
    popupForm: FeedbackPopup,
  },
  {
    id: 'support',
    menuLabel: 'Support',
    title: 'Need Support?',
    titleColor: colours.sky,
    image: {
      src: supportImage,
      alt: 'Illustration: a lifebuoy next to a question in one speech bubble and a tick in another.',
      width: 480,
      height: 320,
    },
    caption: 'A real person answers every message.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'Questions about the scorecard, the showcase or working with us? Send us a note and someone from the ' +
          'team will get back to you, usually within two working days.',
      },
      { type: 'button', label: 'Contact Us' },
      {
        type: 'bottom-paragraph',
        content: 'Innovators are also welcome at our weekly meeting, Wednesdays at 12pm PST.',
      },
    ],
    popupForm: ContactPopup,
  },
  {
    id: 'contribute',
    menuLabel: 'Contribute',
    title: 'Contribute to the Cause',
    titleColor: colours.green,
    image: {
      src: contributeImage,
      alt: 'Illustration: a seedling growing out of a jar of coins, with hearts around it.',
      width: 480,
      height: 320,
    },
    caption: 'Time, skills, data or funds: it all adds up.',
    blocks: [
      {
        type: 'paragraph',
        content:
          'We are a small team with a big mission, and we rely on people who give what they can. Share what you ' +
          'have learned, lend your expertise or your computing power, or help fund the next pilot community.',
      },
      { type: 'button', label: 'Support Wildfire Prevention' },
    ],
    popupForm: SupportPopup,
  },
];

/** The ten cards in page order; the Showcase card follows the registration setting. */
export function homeCards(registrationOpen: boolean = SHOWCASE_REGISTRATION_OPEN): readonly HomeCard[] {
  return [registrationOpen ? SHOWCASE_OPEN_CARD : SHOWCASE_NOTIFY_CARD, ...OTHER_CARDS];
}
