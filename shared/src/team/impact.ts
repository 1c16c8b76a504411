/**
 * The Impact page's constants (issue 40), without zod, so the console's browser code can read
 * them; the wire schemas in ./impact-schemas are built from these and re-export them.
 */

/** The periods the page offers; each is compared with the period of the same length before it. */
export const IMPACT_PERIODS = ['7d', '30d', '90d', '365d', 'custom'] as const;
export type ImpactPeriod = (typeof IMPACT_PERIODS)[number];
/** A custom period spans at most this many days (the store keeps years; the page compares two). */
export const IMPACT_CUSTOM_MAX_DAYS = 731;

/** A region is shown only when it holds this many or more; smaller counts fold into "other". */
export const REACH_MIN_COUNT = 5;

/**
 * What the site counts besides page views. `form-opened` and `form-sent` are also counted per
 * form (the `form` dimension); `update-visit` is a visit that arrived from an update's link.
 */
export const IMPACT_OUTCOMES = [
  'scorecard-download',
  'download-form-sent',
  'form-opened',
  'form-sent',
  'assessment-started',
  'assessment-finished',
  'assessment-shared',
  'subscription-confirmed',
  'subscription-left',
  'update-delivered',
  'partner-register',
  'partner-apply',
  'update-visit',
] as const;
export type ImpactOutcome = (typeof IMPACT_OUTCOMES)[number];

/** The outcomes a visitor's browser may report in a beacon; the rest the API counts itself. */
export const BEACON_OUTCOMES = [
  'form-opened',
  'assessment-started',
  'partner-register',
  'partner-apply',
] as const satisfies readonly ImpactOutcome[];

export const DEVICE_CLASSES = ['desktop', 'tablet', 'mobile'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** What counts toward reach, by where the visitor said they are (zip or postal code). */
export const REACH_KINDS = ['download', 'pilot', 'collaboration', 'assessment'] as const;
export type ReachKind = (typeof REACH_KINDS)[number];
/** US counties (5-digit FIPS), US states (2-letter postal code), Canadian provinces (2 letters). */
export const REACH_LEVELS = ['county', 'state', 'province'] as const;
export type ReachLevel = (typeof REACH_LEVELS)[number];
