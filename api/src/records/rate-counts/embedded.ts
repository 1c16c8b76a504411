import type { RateCount, RateCountRepository } from '.';

/** Windows ended this long ago are forgotten in one sweep, at most once per window. */
interface Window {
  count: number;
  readonly resetAt: number;
}

/**
 * The embedded store's counts live in this process's memory: one process owns a DATA_DIR (its
 * lock), so it sees every request, and a count needs no durability (a restart forgets it, as
 * express-rate-limit's own memory store did). A key's window starts at its first request.
 */
export function embeddedRateCounts(clock: () => number = Date.now): RateCountRepository {
  const windows = new Map<string, Window>();
  let nextSweep = 0;
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.resetAt > now ? window : undefined;
  };
  return {
    async hit(key, windowMs, amount = 1): Promise<RateCount> {
      const now = clock();
      if (now >= nextSweep) {
        // A day's window (upload quotas) must not put off forgetting the minute ones.
        nextSweep = now + Math.min(windowMs, 60_000);
        for (const [name, window] of windows) if (window.resetAt <= now) windows.delete(name);
      }
      let window = current(key, now);
      if (!window) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += amount;
      return { count: window.count, resetAt: new Date(window.resetAt) };
    },
    async unhit(key, _windowMs, amount = 1) {
      const window = current(key, clock());
      if (window) window.count = Math.max(0, window.count - amount);
    },
    async peek(key, windowMs) {
      const now = clock();
      const window = current(key, now);
      return { count: window?.count ?? 0, resetAt: new Date(window?.resetAt ?? now + windowMs) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
