/** One key's count in the current rate-limit window. */
export interface RateCount {
  readonly count: number;
  /** When the window ends and the count starts again from zero. */
  readonly resetAt: Date;
}

/**
 * Request counts per key in fixed windows, kept where every API process sees them, so
 * replicas behind one edge share one limit.
 */
export interface RateCountRepository {
  /** Counts one request (or `amount`: megabytes of uploads) for `key` in the window that holds now. */
  hit(key: string, windowMs: number, amount?: number): Promise<RateCount>;
  /** Takes back what a hit counted in the window that holds now (never below zero). */
  unhit(key: string, windowMs: number, amount?: number): Promise<void>;
  /** `key`'s count in the window that holds now (0 when none), counting nothing. */
  peek(key: string, windowMs: number): Promise<RateCount>;
  /** Forgets every window of `key`. */
  reset(key: string): Promise<void>;
}
