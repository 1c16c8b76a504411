// Everything the About page says. The people and organisations named here are sample content
// for the consortium team to replace with the real ones (see the README).
import heroImage from '../images/about-hero.svg';

/** An About-page person (spec §3): name, role, image, professional-network link. */
export interface AboutPerson {
  readonly name: string;
  readonly role: string;
  /** A photo; without one the page shows the person's initials. */
  readonly image?: { readonly src: string; readonly alt: string };
  readonly linkedin: string;
}

export interface Leader extends AboutPerson {
  readonly bio: string;
}

export interface TeamMember {
  readonly name: string;
  readonly role: string;
}

export const ABOUT_HERO = {
  title: 'About Us',
  lead:
    'We are people who have watched wildfire change the places we love, and decided to do something about it ' +
    'before the next fire season rather than after it.',
  image: {
    src: heroImage,
    alt: 'Illustration: a globe criss-crossed by dotted routes between pinned communities, with people standing around it.',
    width: 480,
    height: 360,
  },
} as const;

export const ABOUT_US = {
  title: 'Who we are',
  paragraphs: [
    'The Wildfire Prevention Consortium is a non-profit network of communities, governments, companies, insurers, ' +
      'researchers, volunteers and innovators. We share one goal: fewer catastrophic wildfires, and communities ' +
      'that are ready for the fires that do come.',
    'The consortium is a programme of the Resilient Futures Initiative, a non-profit that helps communities plan ' +
      'for climate-driven disasters. The initiative gives us our home, our governance and our back office, so ' +
      'every donated hour and dollar goes into the work itself.',
    'We build the Community Wildfire Resilience Scorecard together with a disaster-resilience alliance of more ' +
      'than 450 members in 35 countries, and we host the Wildfire Innovation Showcase with a venture networking ' +
      'community that connects founders with impact investors.',
  ],
} as const;

export const WHAT_WE_DO = {
  title: 'What we do',
  items: [
    {
      title: 'Measure readiness',
      text: 'A free scorecard, built on the UN 10 Essentials framework, that shows a community where it stands and what to do next.',
      href: '/scorecard',
      linkLabel: 'Explore the scorecard',
    },
    {
      title: 'Champion innovation',
      text: 'A virtual showcase where wildfire ventures pitch to investors, agencies and the communities who need their tools.',
      href: '/showcase/innovations',
      linkLabel: 'See the showcase',
    },
    {
      title: 'Connect people',
      text: 'A network of over 100 organisations that share what works, pilot new ideas and open doors for one another.',
      href: '/map',
      linkLabel: 'Browse the map',
    },
  ],
} as const;

export const LEADERS_TITLE = 'Our leadership';

export const LEADERS: readonly Leader[] = [
  {
    name: 'Dr. Elena Marquez',
    role: 'Founder and Executive Director',
    linkedin: 'https://www.linkedin.com/in/elena-marquez-wildfire',
    bio:
      'Elena spent fifteen years modelling fire behaviour for state agencies before starting the consortium to ' +
      'put that science into the hands of local leaders. She chairs our scorecard working group.',
  },
  {
    name: 'Marcus Chen',
    role: 'Co-founder and Director of Innovation',
    linkedin: 'https://www.linkedin.com/in/marcus-chen-climate',
    bio:
      'Marcus is a former climate-tech founder and investor. He runs the Wildfire Innovation Showcase and ' +
      'makes sure every promising venture meets the people who can help it grow.',
  },
];

export const CURATION_PARTNERS = {
  title: 'Innovation Curation Partners',
  intro:
    'Twelve experts from science, fire service, insurance and investment read every application to the showcase ' +
    'and choose the ventures that present. We are grateful for their time and their candour.',
} as const;

/** Spec §9: twelve curation partners. */
export const CURATION_PARTNER_PEOPLE: readonly AboutPerson[] = [
  {
    name: 'Priya Raman',
    role: 'Wildfire Risk Scientist, Sierra Fire Lab',
    linkedin: 'https://www.linkedin.com/in/priya-raman-fire',
  },
  {
    name: 'Tom Blackfeather',
    role: 'Tribal Fire Management Officer (retired)',
    linkedin: 'https://www.linkedin.com/in/tom-blackfeather',
  },
  {
    name: 'Sarah O’Donnell',
    role: 'Partner, Evergreen Climate Ventures',
    linkedin: 'https://www.linkedin.com/in/sarah-odonnell-vc',
  },
  {
    name: 'Kenji Watanabe',
    role: 'Remote Sensing Lead, Orbital Earth Analytics',
    linkedin: 'https://www.linkedin.com/in/kenji-watanabe-eo',
  },
  {
    name: 'Amara Okonkwo',
    role: 'Head of Resilience, Pacific Mutual Insurance',
    linkedin: 'https://www.linkedin.com/in/amara-okonkwo',
  },
  {
    name: 'Luis Herrera',
    role: 'Fire Chief, Valley Springs Fire District',
    linkedin: 'https://www.linkedin.com/in/luis-herrera-fire',
  },
  {
    name: 'Hannah Lindqvist',
    role: 'Professor of Forest Ecology',
    linkedin: 'https://www.linkedin.com/in/hannah-lindqvist',
  },
  {
    name: 'David Kim',
    role: 'Managing Director, Cedar Impact Fund',
    linkedin: 'https://www.linkedin.com/in/david-kim-impact',
  },
  {
    name: 'Rachel Thompson',
    role: 'County Emergency Manager',
    linkedin: 'https://www.linkedin.com/in/rachel-thompson-em',
  },
  {
    name: 'Mateo Alvarez',
    role: 'Founder, GridGuard Utility Safety',
    linkedin: 'https://www.linkedin.com/in/mateo-alvarez-grid',
  },
  {
    name: 'Grace Nakamura',
    role: 'Community Wildfire Planner',
    linkedin: 'https://www.linkedin.com/in/grace-nakamura-planning',
  },
  {
    name: 'Oliver Grant',
    role: 'Venture Partner, Northfield Capital',
    linkedin: 'https://www.linkedin.com/in/oliver-grant-vc',
  },
];

export const TEAM = {
  title: 'Our team',
  intro:
    'A small core team, mostly volunteers, keeps the consortium running. Many more people have given their ' +
    'time along the way, and the work carries their fingerprints.',
  coreTitle: 'Current core team',
  core: [
    { name: 'Dr. Elena Marquez', role: 'Executive Director' },
    { name: 'Marcus Chen', role: 'Director of Innovation' },
    { name: 'Aisha Patel', role: 'Scorecard Programme Lead' },
    { name: 'Ben Castillo', role: 'Community Partnerships' },
    { name: 'Naomi Fischer', role: 'Communications and Events' },
    { name: 'Samuel Osei', role: 'Web and Data Volunteer' },
  ] satisfies readonly TeamMember[],
  pastTitle: 'Past contributors',
  past: [
    { name: 'Julia Brennan', role: 'Scorecard research, 2023–2024' },
    { name: 'Carlos Mendoza', role: 'Showcase production, 2024' },
    { name: 'Emily Zhang', role: 'Website design, 2023' },
    { name: 'Patrick Murphy', role: 'Pilot community liaison, 2024' },
    { name: 'Leila Haddad', role: 'Grant writing, 2023–2024' },
    { name: 'Noah Williams', role: 'Data analysis, 2024' },
    { name: 'Sofia Rossi', role: 'Social media, 2023' },
    { name: 'Daniel Cooper', role: 'Volunteer coordination, 2024–2025' },
  ] satisfies readonly TeamMember[],
} as const;

export const ABOUT_CALL_TO_ACTION = {
  title: 'Want to help?',
  text: 'We are always glad to meet people who want to make their communities safer from wildfire.',
  link: { label: 'Get in touch', href: '/contact-us' },
} as const;
