/**
 * The two organisers who sign the showcase invitation (spec §3: names, roles, photos, logos).
 * The people are SAMPLE CONTENT for the team to replace; they also present the consortium's
 * update at each showcase (presentations.ts).
 */
import { CONSORTIUM, VENTURE_COMMUNITY } from './hosts';

export interface Organizer {
  readonly name: string;
  readonly role: string;
  readonly organisation: string;
  /** File under public/, '' for none: an initials avatar is shown instead. */
  readonly photo: string;
  readonly logo: string;
  readonly bio: string;
}

export const ORGANIZERS: readonly [Organizer, Organizer] = [
  {
    name: 'Elena Marsh',
    role: 'Executive Director',
    organisation: CONSORTIUM.name,
    photo: '',
    logo: CONSORTIUM.logo,
    bio:
      'Elena spent fifteen years in county emergency management before co-founding the consortium. She looks for ' +
      'ideas a small town could put to work by next fire season.',
  },
  {
    name: 'David Okonkwo',
    role: 'Showcase Director',
    organisation: VENTURE_COMMUNITY.name,
    photo: '',
    logo: VENTURE_COMMUNITY.logo,
    bio:
      'David connects climate-resilience founders with investors and first customers. He has coached hundreds of ' +
      'ventures through their first pitch.',
  },
];
