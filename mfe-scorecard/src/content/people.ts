/**
 * People of the scorecard area. Every person here is SAMPLE content for the team to replace
 * (README, sample content); phone numbers use the 555-01xx range reserved for fiction.
 */

export interface Author {
  readonly id: string;
  readonly name: string;
  /** One entry per line: a role may span several lines. */
  readonly role: readonly string[];
  readonly linkedin: string;
  readonly description: string;
  /** A photo when the team has one; without it the card shows the person's initials. */
  readonly photo?: string;
}

export const AUTHORS: readonly Author[] = [
  {
    id: 'elena-marquez',
    name: 'Dr. Elena Marquez',
    role: ['Lead Author', 'Director of Community Resilience', 'Wildfire Prevention Consortium'],
    linkedin: 'https://www.linkedin.com/in/elena-marquez-resilience',
    description:
      'Elena spent fifteen years writing hazard mitigation plans for counties in the American West before joining the consortium. She led the adaptation of the 10 Essentials to wildfire and ran the first workshops with pilot communities.',
  },
  {
    id: 'daniel-okafor',
    name: 'Daniel Okafor',
    role: ['Scorecard Programme Lead', 'Wildfire Prevention Consortium'],
    linkedin: 'https://www.linkedin.com/in/daniel-okafor-wildfire',
    description:
      'Daniel coordinates the pilot programme and is the person most likely to answer your message. A former emergency management officer, he turned the workbook into something a volunteer team can fill in over two evenings.',
  },
  {
    id: 'rahul-mehta',
    name: 'Rahul Mehta',
    role: ['Co-author', 'Chair, Wildfire Working Group', 'Resilient Communities Alliance'],
    linkedin: 'https://www.linkedin.com/in/rahul-mehta-drr',
    description:
      'Rahul helped cities on three continents use the original city scorecard. He made sure the wildfire edition stays comparable with it, so a community can see its results beside the hundreds of cities that came before.',
  },
  {
    id: 'hannah-lindqvist',
    name: 'Dr. Hannah Lindqvist',
    role: ['Co-author', 'Senior Researcher', 'Wildland Resilience Institute'],
    linkedin: 'https://www.linkedin.com/in/hannah-lindqvist-fire',
    description:
      'Hannah studies how neighbourhoods in the wildland-urban interface recover after fire. She designed the scoring scale and tested it with fire chiefs, planners and residents before launch.',
  },
  {
    id: 'marcus-bell',
    name: 'Marcus Bell',
    role: ['Co-author', 'Retired Fire Chief', 'Emergency Management Adviser'],
    linkedin: 'https://www.linkedin.com/in/marcus-bell-fire-chief',
    description:
      'Marcus led a rural fire district for twenty years and through two evacuations. He wrote the questions on response and recovery, and insists every score be backed by a drill, a budget line or a signed agreement.',
  },
];

export interface ContactPerson {
  readonly name: string;
  readonly role: string;
  readonly organisation: string;
  readonly email: string;
  readonly phone?: string;
}

/** Shown on the press release. */
export const PRESS_CONTACTS: readonly ContactPerson[] = [
  {
    name: 'Maya Thornton',
    role: 'Press contact, Communications Director',
    organisation: 'Wildfire Prevention Consortium',
    email: 'press@wildfirepreventionconsortium.org',
    phone: '+1 415 555 0142',
  },
  {
    name: 'Ingrid Solberg',
    role: 'Press contact, Head of Communications',
    organisation: 'Resilient Communities Alliance',
    email: 'media@resilientcommunitiesalliance.org',
    phone: '+1 212 555 0178',
  },
  {
    name: 'Daniel Okafor',
    role: 'Scorecard contact, Programme Lead',
    organisation: 'Wildfire Prevention Consortium',
    email: 'scorecard@wildfirepreventionconsortium.org',
  },
];

export interface NamedContributor {
  readonly name: string;
  readonly affiliation: string;
}

export interface ContributorGroup {
  readonly id: string;
  readonly title: string;
  readonly people: readonly NamedContributor[];
}

/** Collaborators beyond the five authors. */
export const COLLABORATORS: readonly ContributorGroup[] = [
  {
    id: 'contributing-authors',
    title: 'Contributing authors',
    people: [
      { name: 'Aiyana Redcloud', affiliation: 'Tribal emergency management adviser' },
      { name: 'Sofia Castellanos', affiliation: 'Land-use planner, Resilient Communities Alliance' },
      { name: 'Tom Whitaker', affiliation: 'Utility wildfire mitigation engineer' },
      { name: 'Grace Nakamura', affiliation: 'Insurance risk analyst' },
      { name: 'Peter Adeyemi', affiliation: 'Watershed scientist, Wildland Resilience Institute' },
    ],
  },
  {
    id: 'reviewers',
    title: 'Reviewers',
    people: [
      { name: 'Laura Bianchi', affiliation: 'Civil protection officer' },
      { name: 'James O’Connell', affiliation: 'County fire marshal' },
      { name: 'Priya Raman', affiliation: 'Public health emergency planner' },
      { name: 'Carlos Mendoza', affiliation: 'Community organiser, neighbourhood fire-safe council' },
      { name: 'Ruth Abernathy', affiliation: 'Forest ecologist' },
      { name: 'Kenji Watanabe', affiliation: 'Disaster recovery specialist, Resilient Communities Alliance' },
    ],
  },
];

/** The people who build and look after the scorecard pages. */
export const WEB_TEAM: readonly ContributorGroup[] = [
  {
    id: 'web-design-development',
    title: 'Design and development',
    people: [
      { name: 'Lena Fischer', affiliation: 'Product design and illustration' },
      { name: 'Omar Haddad', affiliation: 'Front-end development' },
      { name: 'Bea Santos', affiliation: 'Accessibility and testing' },
    ],
  },
  {
    id: 'web-content',
    title: 'Content and editing',
    people: [
      { name: 'Maya Thornton', affiliation: 'Editor' },
      { name: 'Noah Greenberg', affiliation: 'Copywriter (volunteer)' },
    ],
  },
];
