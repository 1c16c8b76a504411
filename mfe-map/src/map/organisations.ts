import { slugify } from '@wpc/shared/content-model';
import type { MapOrganisation } from '../content/organisation';
import { parseLatLong, type LatLong } from './lat-long';

/** An organisation as the page shows it: a stable id, and its position when it has a valid one. */
export interface ListedOrganisation extends MapOrganisation {
  /** Unique slug of the name, used for element ids and to find the marker. */
  readonly id: string;
  /** null when latLong does not parse: the organisation is listed but not plotted. */
  readonly position: LatLong | null;
}

export interface PlottedOrganisation extends ListedOrganisation {
  readonly position: LatLong;
}

/** Unique slug of a name, for element ids: the same as the organisation's entry's. */
export const slugOf = slugify;

export function listOrganisations(organisations: readonly MapOrganisation[]): ListedOrganisation[] {
  return organisations.map((organisation) => ({
    ...organisation,
    id: slugOf(organisation.orgName),
    position: parseLatLong(organisation.latLong),
  }));
}

export function isPlotted(organisation: ListedOrganisation): organisation is PlottedOrganisation {
  return organisation.position !== null;
}

const MINOR_WORDS = new Set(['and', 'of', 'the', 'for', 'de', 'la']);

/** Up to two letters for a marker without a logo: "Cinder & Sage Restoration" gives "CS". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s&-]+/).filter((word) => word && !MINOR_WORDS.has(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const BADGE_COLOURS = ['#1f5134', '#9a3412', '#0f4c81', '#5b3a7a', '#7a4e2d', '#2f5d62'] as const;

/** A fixed colour per name, so an initials badge looks the same on every visit and render. */
export function badgeColourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return BADGE_COLOURS[hash % BADGE_COLOURS.length] ?? BADGE_COLOURS[0];
}

function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The list filter: every word typed must appear in the name or the short description. */
export function matchesFilter(organisation: MapOrganisation, query: string): boolean {
  const haystack = folded(`${organisation.orgName} ${organisation.shortDescription}`);
  return folded(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
