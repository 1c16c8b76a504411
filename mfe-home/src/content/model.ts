/**
 * The home area's content (issue 28): the people on /about and the sponsors on /sponsors, edited
 * by the team in /team. The declaration gives the editor its fields, the API its validation
 * (through /content-model.json) and the pages their types. The seed is about.ts and sponsors.ts
 * as they stood: the API loads it once.
 */
import { defineAreaModel, defineContentType, field, slugify, type DataOf } from '@wpc/shared/content-model';
import { REACH_LINE_TYPE, reachLineType } from '@wpc/shared/reach-line';
import { CURATION_PARTNER_PEOPLE, LEADERS, TEAM } from './about';
import { SAMPLE_SPONSORS } from './sponsors';

export const PERSON_GROUPS = [
  { value: 'leadership', label: 'Leadership' },
  { value: 'curation', label: 'Innovation curation partner' },
  { value: 'core', label: 'Core team' },
  { value: 'past', label: 'Past contributor' },
] as const;

export const person = defineContentType({
  label: 'Person',
  plural: 'People',
  help: 'The people on the About page, in four groups: leadership, curation partners, the core team and past contributors.',
  titleField: 'name',
  slugFrom: 'name',
  fields: {
    name: field.text({ label: 'Name', maxLength: 120 }),
    role: field.text({
      label: 'Role',
      help: 'With the organisation where it helps: “Fire Chief, Valley Springs Fire District”.',
      maxLength: 160,
    }),
    group: field.select({ label: 'Group', options: PERSON_GROUPS }),
    bio: field.longText({
      label: 'Short biography',
      help: 'Shown for leadership only: two or three sentences.',
      optional: true,
      maxLength: 600,
    }),
    photo: field.image({
      label: 'Photo',
      help: 'A square portrait. Without one the page shows the person’s initials.',
      widths: [64, 128, 208],
      optional: true,
    }),
    linkedin: field.url({ label: 'LinkedIn profile', optional: true }),
    order: field.order('People are shown from the lowest number up within their group.'),
  },
});

export const SPONSOR_LEVELS = [
  { value: 'gold', label: 'Gold' },
  { value: 'silver', label: 'Silver' },
  { value: 'bronze', label: 'Bronze' },
] as const;

export const sponsor = defineContentType({
  label: 'Sponsor',
  plural: 'Sponsors',
  help: 'Organisations that sponsor the consortium, listed on /sponsors by level.',
  titleField: 'name',
  slugFrom: 'name',
  fields: {
    name: field.text({ label: 'Name', maxLength: 120 }),
    level: field.select({ label: 'Level', options: SPONSOR_LEVELS }),
    website: field.url({ label: 'Website', optional: true }),
    logo: field.image({
      label: 'Logo',
      help: 'Without a logo the page shows the sponsor’s initials.',
      widths: [96, 192],
      optional: true,
    }),
    order: field.order('Sponsors are shown from the lowest number up within their level.'),
  },
});

/** The public reach line among the Sponsors page's accomplishments (issue 40); off until the team adds an entry. */
export const reachLine = reachLineType('the Sponsors page, under “What we have achieved together”');

export type PersonData = DataOf<typeof person.fields>;
export type SponsorData = DataOf<typeof sponsor.fields>;

const people = (group: PersonData['group'], list: readonly Omit<PersonData, 'group' | 'order'>[]) =>
  list.map((data, index) => ({
    type: 'person' as const,
    id: `person-${group}-${slugify(data.name)}`,
    // A person may be in two groups (a leader is also on the core team): the slug names both.
    slug: `${group}-${slugify(data.name)}`,
    data: { ...data, group, order: (index + 1) * 10 },
  }));

export const MODEL = defineAreaModel({
  area: 'home',
  types: { person, sponsor, [REACH_LINE_TYPE]: reachLine },
  seedDate: '2026-11-22T00:00:00.000Z',
  seed: [
    ...people(
      'leadership',
      LEADERS.map(({ name, role, bio, linkedin }) => ({ name, role, bio, linkedin })),
    ),
    ...people(
      'curation',
      CURATION_PARTNER_PEOPLE.map(({ name, role, linkedin }) => ({ name, role, linkedin })),
    ),
    ...people('core', TEAM.core),
    ...people('past', TEAM.past),
    ...SAMPLE_SPONSORS.map((data, index) => ({
      type: 'sponsor' as const,
      id: `sponsor-${slugify(data.name)}`,
      slug: slugify(data.name),
      data: { ...data, order: (index + 1) * 10 },
    })),
  ],
});
