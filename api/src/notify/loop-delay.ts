import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';

/** How long one window of measurements lasts; the worst of this one and the last is reported. */
const WINDOW_MS = 30_000;

let histogram: ELDHistogram | undefined;
let previousMaxMs = 0;
let windowStartedAt = 0;

/**
 * The longest the event loop of this process was late recently (this window or the last), in ms.
 * A timer (a socket's timeout, a sweep) fires that much after its time: on a loaded machine, a
 * send the timeouts bound to N ms may still be going on after N ms plus this.
 */
export function recentLoopDelayMs(now = Date.now()): number {
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    windowStartedAt = now;
  }
  const currentMaxMs = histogram.max / 1e6;
  if (now - windowStartedAt >= WINDOW_MS) {
    previousMaxMs = currentMaxMs;
    histogram.reset();
    windowStartedAt = now;
  }
  return Math.max(previousMaxMs, currentMaxMs);
}
