// The map is built in many short tasks rather than a few long ones (issue 32: no long tasks while
// a page starts; a task over 50 ms makes a tap wait). Work is measured in time on the device
// itself, not counted in items, so a slow phone gets slices as short as a laptop's, and the main
// thread is handed back every few milliseconds. No Leaflet here: the page imports this too.

interface Scheduler {
  yield(): Promise<void>;
}

/**
 * Hands the main thread back so that input and rendering can run, then continues. With
 * `scheduler.yield` the continuation goes ahead of other queued tasks (the map keeps its
 * place); elsewhere it waits for a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Waits until the browser has rendered a frame. Style and layout left pending by earlier work
 * (a stylesheet that arrived, the map's own elements) are then done by the browser in its own
 * step, instead of being forced inside the next one (Leaflet reads sizes as it sets up, and
 * forces a reflow when it adds its tile layer). A hidden tab renders no frames: the map is built
 * when it is shown.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** How long one slice may run: well under a long task, with room for the rendering that follows it. */
export const SLICE_MS = 5;

/**
 * Calls `each` on every item, yielding whenever a slice has run for SLICE_MS. Stops early, and
 * resolves false, once `cancelled` says so (the map was removed meanwhile).
 */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T) => void,
  cancelled: () => boolean,
): Promise<boolean> {
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToMain();
      if (cancelled()) return false;
      sliceStart = performance.now();
    }
    each(item);
  }
  return !cancelled();
}
