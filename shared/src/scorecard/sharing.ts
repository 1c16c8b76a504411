import type { BenchmarkFigures } from './scoring';

/**
 * What "Share anonymised results" sends and what the comparison answers: the browser builds
 * the body from these lists, the API's zod schema (@wpc/shared/schemas) checks it against them.
 */
/** Comparison opens only once this many communities have shared, so no one result stands out. */
export const BENCHMARK_MINIMUM = 5;

export const COMMUNITY_TYPES = [
  { id: 'city', label: 'City or town' },
  { id: 'county', label: 'County, district or municipality' },
  { id: 'rural', label: 'Rural community or village' },
  { id: 'tribal', label: 'Tribal Nation, First Nation or Indigenous community' },
  { id: 'neighbourhood', label: 'Neighbourhood or homeowners’ association' },
  { id: 'region', label: 'Region, province or state' },
  { id: 'other', label: 'Other' },
] as const;

export type CommunityType = (typeof COMMUNITY_TYPES)[number]['id'];

export const COMMUNITY_TYPE_IDS = COMMUNITY_TYPES.map((type) => type.id) as [CommunityType, ...CommunityType[]];

/** ISO 3166-1 alpha-2 codes; browsers show each in the visitor's language with Intl.DisplayNames. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
  'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
  'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE ' +
  'YT ZA ZM ZW'
).split(' ') as [string, ...string[]];

export const ZIP_MIN = 4;
export const ZIP_MAX = 20;

/** The body of POST /api/submit-assessment: no name, email or notes, only what compares. */
export interface AssessmentShare {
  readonly communityType: CommunityType;
  readonly country: string;
  readonly zip?: string;
  /** All 40 scores, question id -> 0..5. */
  readonly scores: Readonly<Record<string, number>>;
  readonly consent: true;
}

/** GET /api/assessment-benchmarks. */
export type BenchmarksResponse =
  | {
      readonly available: false;
      /** How many communities have shared so far. */
      readonly count: number;
      readonly minimum: number;
      readonly message: string;
    }
  | ({
      readonly available: true;
      readonly count: number;
      readonly minimum: number;
      /** When the figures were computed (they are cached for up to a minute). */
      readonly computedAt: string;
    } & BenchmarkFigures);
