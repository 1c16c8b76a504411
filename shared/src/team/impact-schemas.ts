/**
 * The Impact page's wire contract (issue 40), written once: the API checks the query and builds
 * its answer against these schemas and documents them; the console takes its types from them.
 * Everything here is an aggregate: counters per day and dimension, never a visit or a person.
 */
import { z } from 'zod';
import { FORMS, type FormId } from '../schemas/definitions';
import {
  BEACON_OUTCOMES,
  DEVICE_CLASSES,
  IMPACT_CUSTOM_MAX_DAYS,
  IMPACT_OUTCOMES,
  IMPACT_PERIODS,
  REACH_KINDS,
  REACH_LEVELS,
} from './impact';

// The constants are in ./impact (zod-free, so the console's browser code can read them).
export * from './impact';

const FORM_IDS = Object.keys(FORMS) as [FormId, ...FormId[]];
const DAY = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const DAY_CHOICE = 'Use a date such as 2025-01-31.';
/** A day the calendar has: Date.parse alone takes 2026-02-31 (as 3 March). */
const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const day = z.string({ error: DAY_CHOICE }).regex(DAY, DAY_CHOICE).refine(isRealDay, DAY_CHOICE);
/**
 * A day a custom period may start or end on: from 2000 (the site counts nothing earlier, and the
 * period before one of at most IMPACT_CUSTOM_MAX_DAYS still has a four-digit year).
 */
const PERIOD_DAY = /^[2-9]\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const PERIOD_DAY_CHOICE = 'Use a day from 2000-01-01 on, such as 2025-01-31.';
const periodDay = z
  .string({ error: PERIOD_DAY_CHOICE })
  .regex(PERIOD_DAY, PERIOD_DAY_CHOICE)
  .refine(isRealDay, PERIOD_DAY_CHOICE);

// The beacon (public, anonymous, forgeable: small and strict)

/** A beacon's body is at most this many bytes (the API refuses a larger one with 413). */
export const BEACON_MAX_BYTES = 1024;
const route = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\/[^\s?#]*$/, 'Use the page path, such as /scorecard.');
const utm = z.string().max(100).optional();

/** A navigation inside the site (the first page of a visit is counted by the edge that served it). */
export const beaconViewSchema = z.strictObject({
  type: z.literal('view'),
  route,
  /** The page the visitor came from: only its domain is kept. */
  referrer: z.string().max(300).optional(),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
});
/** Something the visitor did that only the browser sees. */
export const beaconOutcomeSchema = z.strictObject({
  type: z.literal('outcome'),
  outcome: z.enum(BEACON_OUTCOMES),
  route,
  form: z.enum(FORM_IDS).optional(),
});
export const beaconSchema = z.discriminatedUnion('type', [beaconViewSchema, beaconOutcomeSchema]);
export type Beacon = z.infer<typeof beaconSchema>;

// The node edge's batch (internal: the API takes it only from a caller it trusts as a proxy)

/** Where the node edge sends, once a second, the pages and zips it served. */
export const EDGE_BATCH_PATH = '/api/impact/edge-batch';
/** Views and zips served that one batch reports at most (the edge sends a full one at once). */
export const EDGE_BATCH_MAX_RECORDS = 500;
/** What the edge keeps of each field; a longer one is cut there before it is sent. */
export const EDGE_FIELD_MAX = { page: 2048, referrer: 300, userAgent: 1024, hops: 10, address: 64 } as const;
/** Every record at its longest, and the batch's own braces and names. */
export const EDGE_BATCH_MAX_BYTES = EDGE_BATCH_MAX_RECORDS * 5 * 1024;
const served = {
  /** The visitor's user agent: for bots and the device class, hashed for the day's uniques, never kept. */
  userAgent: z.string().max(EDGE_FIELD_MAX.userAgent),
  /**
   * The addresses the edge saw, as X-Forwarded-For would carry them: the hops before it, then its
   * own peer. The API picks the visitor's with its trusted proxies (TRUST_PROXY), as for a header.
   */
  forwardedFor: z.array(z.string().min(1).max(EDGE_FIELD_MAX.address)).min(1).max(EDGE_FIELD_MAX.hops),
};
export const edgeViewSchema = z.strictObject({
  type: z.literal('view'),
  /** The page's path and query, as requested. */
  page: z.string().min(1).max(EDGE_FIELD_MAX.page).startsWith('/'),
  referrer: z.string().max(EDGE_FIELD_MAX.referrer).optional(),
  /** Sec-GPC: 1 or DNT: 1: a view, never a unique visitor. */
  optedOut: z.boolean(),
  ...served,
});
export const edgeDownloadSchema = z.strictObject({ type: z.literal('download'), ...served });
export const edgeBatchSchema = z.strictObject({
  records: z
    .array(z.discriminatedUnion('type', [edgeViewSchema, edgeDownloadSchema]))
    .min(1)
    .max(EDGE_BATCH_MAX_RECORDS),
});
export type EdgeBatch = z.infer<typeof edgeBatchSchema>;
export type EdgeRecord = EdgeBatch['records'][number];

// The report

export const impactQuerySchema = z
  .object({
    period: z.enum(IMPACT_PERIODS, { error: `Use one of: ${IMPACT_PERIODS.join(', ')}.` }).default('30d'),
    from: periodDay.optional().describe('First day of a custom period (UTC).'),
    to: periodDay.optional().describe('Last day of a custom period (UTC), inclusive.'),
  })
  .refine((q) => q.period !== 'custom' || (q.from !== undefined && q.to !== undefined), {
    message: 'A custom period needs a first and a last day.',
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'The first day must not be after the last day.',
  })
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < IMPACT_CUSTOM_MAX_DAYS,
    { message: `A custom period spans at most ${IMPACT_CUSTOM_MAX_DAYS} days.` },
  );
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

const count = z.number().int().nonnegative();
/** A figure for the period and for the period of the same length just before it. */
const compared = z.strictObject({ current: count, previous: count });
const span = z.strictObject({ from: day, to: day });

export const impactReportSchema = z.strictObject({
  period: span.extend({ days: z.number().int().positive() }),
  previous: span,
  /** When the aggregates were last brought up to date (ISO 8601). */
  updatedAt: z.string(),
  totals: z.strictObject({
    views: compared,
    visitors: compared,
    outcomes: z.record(z.enum(IMPACT_OUTCOMES), compared),
  }),
  /** One point per day of the period, oldest first, days without a visit included as 0. */
  visits: z.array(z.strictObject({ day, views: count, visitors: count })),
  topPages: z.array(z.strictObject({ route: z.string(), current: count, previous: count })),
  /** Referrer domains; "(direct)" for none, "unknown" for an unreadable one. */
  referrers: z.array(z.strictObject({ domain: z.string(), current: count, previous: count })),
  campaigns: z.array(
    z.strictObject({ source: z.string(), medium: z.string(), campaign: z.string(), current: count, previous: count }),
  ),
  devices: z.array(z.strictObject({ device: z.enum(DEVICE_CLASSES), current: count, previous: count })),
  /** Forms opened and sent, per form. */
  forms: z.array(z.strictObject({ form: z.enum(FORM_IDS), opened: compared, sent: compared })),
  /** A visit → a form opened → a form sent → a subscription confirmed. */
  funnel: z.array(
    z.strictObject({
      step: z.enum(['visit', 'form-opened', 'form-sent', 'subscription-confirmed']),
      current: count,
      previous: count,
    }),
  ),
  /** Scorecard zips served and download forms sent, per day of the period. */
  downloads: z.array(z.strictObject({ day, served: count, formsSent: count })),
  /** Visits that arrived from each update's link (its id is the `utm_campaign`). */
  updates: z.array(z.strictObject({ campaign: z.string(), title: z.string().optional(), visits: compared })),
  /** Subscriptions confirmed and left per day, and the confirmed subscribers at each day's end. */
  listGrowth: z.array(z.strictObject({ day, confirmed: count, left: count, subscribers: count })),
  /**
   * Where the scorecard reaches, per kind: regions holding REACH_MIN_COUNT or more; the rest
   * folded into `other`; codes that match no region in `unknown`.
   */
  reach: z.array(
    z.strictObject({
      kind: z.enum(REACH_KINDS),
      regions: z.array(z.strictObject({ level: z.enum(REACH_LEVELS), code: z.string(), name: z.string(), count })),
      other: count,
      unknown: count,
    }),
  ),
});
export type ImpactReport = z.infer<typeof impactReportSchema>;

// The public reach line (prerendered on /scorecard and the Sponsors page, refreshed daily)

/** Where the API answers the public reach line's figure; the areas' servers ask it daily. */
export const PUBLIC_REACH_PATH = '/api/impact/reach';

/**
 * `GET /api/impact/reach`, public: how many US states and Canadian provinces hold
 * REACH_MIN_COUNT or more scorecard downloads (download forms sent, all time). A county is never
 * named here; the count is of whole states and provinces, from the same aggregates as the report.
 */
export const publicReachSchema = z.strictObject({
  /** States plus provinces with REACH_MIN_COUNT or more downloads. */
  regions: count,
  states: count,
  provinces: count,
  /** When the aggregates were last brought up to date (ISO 8601). */
  updatedAt: z.string(),
});
export type PublicReach = z.infer<typeof publicReachSchema>;
