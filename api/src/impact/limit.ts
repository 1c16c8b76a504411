/**
 * How many views and outcomes one client may add (issue 40, "Bad input"): beacons are anonymous
 * and forgeable, so each address gets at most PER_MINUTE a minute and PER_DAY a day; beyond that
 * its beacons are answered as usual and counted nowhere. Kept in this process's memory: it costs
 * no store call per beacon, and with N replicas an address adds at most N × PER_DAY a day.
 */
export const BEACONS_PER_MINUTE = 30;
export const BEACONS_PER_DAY = 300;
/** Past this many addresses in a window the window starts again (memory stays bounded). */
const ADDRESSES_KEPT = 100_000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

class Window {
  private counts = new Map<string, number>();
  private start = 0;

  constructor(
    private readonly lengthMs: number,
    private readonly max: number,
  ) {}

  /** Counts one for the key; false when the key is past its limit in this window. */
  take(key: string, now: number): boolean {
    const start = Math.floor(now / this.lengthMs) * this.lengthMs;
    if (start !== this.start || this.counts.size >= ADDRESSES_KEPT) {
      this.start = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.max;
  }
}

/** One limiter per app: `allow(client)` is true while the client is within both limits. */
export function beaconLimit(clock: () => number = Date.now) {
  const minute = new Window(MINUTE, BEACONS_PER_MINUTE);
  const day = new Window(DAY, BEACONS_PER_DAY);
  return {
    allow(client: string): boolean {
      const now = clock();
      // Both windows count every request, so a client refused by the minute still uses up its day.
      const withinMinute = minute.take(client, now);
      return day.take(client, now) && withinMinute;
    },
  };
}
