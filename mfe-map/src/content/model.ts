/**
 * The map area's content: the showcase organisations (issue 28), edited by the team in /team. The
 * declaration gives the editor its fields, the API its validation (through /content-model.json)
 * and the page its types. The seed is organisations.ts as it stood: the API loads it once.
 */
import { defineAreaModel, defineContentType, field, slugify, type DataOf } from '@wpc/shared/content-model';
import { parseLatLong } from '../map/lat-long';
import { organisations } from './organisations';

/** Marker logos are drawn at 1.5rem + zoom/8 rem (up to ~4rem): these widths cover them at 2x. */
const LOGO_WIDTHS = [64, 128];

export const organisation = defineContentType({
  label: 'Organisation',
  plural: 'Organisations',
  help: 'Organisations that have presented at the Wildfire Innovation Showcase, on the map at /map and in the list below it.',
  titleField: 'name',
  slugFrom: 'name',
  fields: {
    name: field.text({ label: 'Name', maxLength: 120 }),
    description: field.longText({
      label: 'Short description',
      help: 'One sentence: what the organisation does. Shown in the marker’s pop-up and the list.',
      maxLength: 160,
    }),
    website: field.url({ label: 'Website' }),
    country: field.text({ label: 'Country', optional: true, maxLength: 80 }),
    coordinates: field.coordinates({
      label: 'Place on the map',
      help: 'Latitude and longitude in decimal degrees, e.g. 37.7749 and -122.4194. Without them the organisation is listed as “not on the map yet”.',
      optional: true,
    }),
    logo: field.image({
      label: 'Logo',
      help: 'Square works best. Without a logo the marker shows the organisation’s initials.',
      widths: LOGO_WIDTHS,
      optional: true,
    }),
    session: field.reference({
      label: 'Showcase session',
      help: 'The showcase session where the organisation presented.',
      to: 'showcase/session',
      optional: true,
    }),
  },
});

export type OrganisationData = DataOf<typeof organisation.fields>;

export const MODEL = defineAreaModel({
  area: 'map',
  types: { organisation },
  seedDate: '2026-11-22T00:00:00.000Z',
  seed: organisations.map((entry, index) => {
    const position = parseLatLong(entry.latLong);
    const data: OrganisationData = {
      name: entry.orgName,
      description: entry.shortDescription,
      website: entry.website,
      ...(position ? { coordinates: { lat: position.lat, lng: position.long } } : {}),
      ...(entry.orgLogo ? { logo: { src: entry.orgLogo, alt: `${entry.orgName} logo`, width: 64, height: 64 } } : {}),
    };
    return {
      type: 'organisation' as const,
      id: `organisation-${String(index + 1).padStart(2, '0')}`,
      slug: slugify(entry.orgName),
      data,
    };
  }),
});
