/**
 * The Impact counts (issue 40): counters per day × metric × dimension × value, and for the day
 * only, the visitors' hashes (for uniques) and the day's random salt. Nothing here names a
 * person: a counter is a number under a route, a domain, a campaign, a form or a region.
 */

/** What a counter counts: `view`, `visitor`, an outcome, or `reach:<kind>`. */
export interface CounterKey {
  readonly metric: string;
  /** `all` for the metric's total; else `route`, `referrer`, `campaign`, `device`, `form`, a reach level, ... */
  readonly dim: string;
  /** The dimension's value (a route, a domain, a FIPS code); '' for `all`. */
  readonly value: string;
}

/** A counter summed over some days. */
export interface CounterSum extends CounterKey {
  readonly n: number;
}

export interface ImpactCount extends CounterSum {
  /** A UTC day (YYYY-MM-DD), or TOTAL_DAY for a count kept since the beginning. */
  readonly day: string;
}

/** The counters of a span of days, as the report reads them. */
export interface SpanCounts {
  /** Every counter summed over the span (every process's copies too). */
  readonly sums: readonly CounterSum[];
  /** The metrics' totals (dimension `all`) day by day: the report's series. */
  readonly daily: readonly ImpactCount[];
}

/** The day under which running totals (all-time reach) are kept beside the daily counters. */
export const TOTAL_DAY = 'total';

/** An amount to add to one counter. */
export interface Increment {
  readonly key: CounterKey;
  readonly by: number;
}

export interface ImpactRepository {
  /**
   * Adds to counters of `day`, in this process's own copy of the day (see record.ts), one call at
   * a time per process, so no two writers ever update one document.
   */
  add(day: string, increments: readonly Increment[]): Promise<void>;
  /** The day's random salt, made by whichever replica asks first, the same for all. */
  salt(day: string): Promise<string>;
  /** Keeps a visitor's hash for the day; true when the day had not seen it yet. */
  firstSeen(day: string, hash: string): Promise<boolean>;
  /** Every counter of the days `from` to `to` (inclusive; both TOTAL_DAY for the totals), each process's copies summed. */
  counts(from: string, to: string): Promise<ImpactCount[]>;
  /** The days `from` to `to` (inclusive) summed, and their series: a whole month is one read. */
  span(from: string, to: string): Promise<SpanCounts>;
  /**
   * Rolls the months that ended before `today`'s eve into one document each, and moves the
   * counters of earlier versions (one document per counter) into days; answers how many months
   * and days it wrote. Safe to run on every replica at once.
   */
  rollUp(today: string): Promise<number>;
  /** Deletes the visitors' hashes and the salts of the days before `day`. */
  forgetBefore(day: string): Promise<number>;
}
