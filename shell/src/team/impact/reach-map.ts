import * as Plot from '@observablehq/plot';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { ReachLevel } from '@wpc/shared/team/impact-schemas';
import { ATLAS_URLS } from './atlas-urls';
import type { Draw } from './ChartSection';
import { token } from './charts';

/** The US levels the map can shade; provinces are a table (no well-kept offline shapes on npm). */
export type MapLevel = Extract<ReachLevel, 'state' | 'county'>;

/** us-atlas's features are keyed by FIPS code; the report names states by postal code (FIPS 5-2). */
const STATE_FIPS: Readonly<Record<string, string>> = {
  AL: '01',
  AK: '02',
  AZ: '04',
  AR: '05',
  CA: '06',
  CO: '08',
  CT: '09',
  DE: '10',
  DC: '11',
  FL: '12',
  GA: '13',
  HI: '15',
  ID: '16',
  IL: '17',
  IN: '18',
  IA: '19',
  KS: '20',
  KY: '21',
  LA: '22',
  ME: '23',
  MD: '24',
  MA: '25',
  MI: '26',
  MN: '27',
  MS: '28',
  MO: '29',
  MT: '30',
  NE: '31',
  NV: '32',
  NH: '33',
  NJ: '34',
  NM: '35',
  NY: '36',
  NC: '37',
  ND: '38',
  OH: '39',
  OK: '40',
  OR: '41',
  PA: '42',
  RI: '44',
  SC: '45',
  SD: '46',
  TN: '47',
  TX: '48',
  UT: '49',
  VT: '50',
  VA: '51',
  WA: '53',
  WV: '54',
  WI: '55',
  WY: '56',
  PR: '72',
};

type Atlas = Topology<{ states: GeometryCollection; nation: GeometryCollection; counties?: GeometryCollection }>;

/**
 * The pre-projected (Albers USA) atlas of a level, fetched when first shown: states ~26 KB
 * compressed, counties ~210 KB, never in the page's first load.
 */
export async function loadAtlas(level: MapLevel): Promise<Atlas> {
  const response = await fetch(ATLAS_URLS[level]);
  if (!response.ok) throw new Error(`The map's shapes could not be loaded (${response.status}).`);
  return (await response.json()) as Atlas;
}

/** The FIPS code a region of the report is drawn as (a county's code is already its FIPS). */
export const fipsOf = (level: MapLevel, code: string) => (level === 'state' ? STATE_FIPS[code] : code);

/** A choropleth of the regions that reached the threshold; the rest of the country stays blank. */
export const reachMap =
  (atlas: Atlas, level: MapLevel, counts: ReadonlyMap<string, number>): Draw =>
  (width) => {
    const shapes = feature(
      atlas,
      level === 'county' && atlas.objects.counties ? atlas.objects.counties : atlas.objects.states,
    );
    const borders = mesh(atlas, atlas.objects.states, (a, b) => a !== b);
    const land = token('--wpc-color-surface-alt');
    const border = token('--wpc-color-surface');
    return Plot.plot({
      width,
      projection: { type: 'identity', domain: feature(atlas, atlas.objects.nation) },
      color: { type: 'quantize', n: 5, scheme: 'oranges', legend: true, label: 'Count', unknown: 'transparent' },
      marks: [
        Plot.geo(feature(atlas, atlas.objects.nation), { fill: land }),
        Plot.geo(shapes, { fill: (shape: { id?: string | number }) => counts.get(String(shape.id)) }),
        Plot.geo(borders, { stroke: border, strokeWidth: 0.75 }),
      ],
    });
  };
