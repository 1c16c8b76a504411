import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { IDLE_PREFETCH_MARK, PAGE_STARTED_EVENT, SERVER_BUILD_ATTRIBUTE } from '@wpc/shared/page-contract';

/**
 * Whether a container holds HTML this browser build can hydrate. It does when the server marked
 * it with the same build id (the edge may have served a remote's last good copy while a newer
 * build is live); stale HTML is cleared so the page renders afresh instead of mismatching. The
 * mark is taken away: a later mount into the same container starts empty.
 */
export function takeServerRender(container: Element, buildId: string): boolean {
  const serverBuild = container.getAttribute(SERVER_BUILD_ATTRIBUTE);
  if (serverBuild === null) return false;
  container.removeAttribute(SERVER_BUILD_ATTRIBUTE);
  if (serverBuild === buildId && container.hasChildNodes()) return true;
  container.replaceChildren();
  return false;
}

/** Whether a container still shows server-rendered HTML that nothing has hydrated yet. */
export function showsServerRender(container: Element): boolean {
  return container.hasAttribute(SERVER_BUILD_ATTRIBUTE) && container.hasChildNodes();
}

/** Empties a container whose server-rendered HTML no code took over (the page is left behind). */
export function discardServerRender(container: Element): void {
  if (!container.hasAttribute(SERVER_BUILD_ATTRIBUTE)) return;
  container.removeAttribute(SERVER_BUILD_ATTRIBUTE);
  container.replaceChildren();
}

export interface RootOptions {
  /** Keeps useId values apart between the page's React roots; the server uses the same. */
  readonly identifierPrefix: string;
  /** The browser build's id (__webpack_hash__ of the package that renders the container). */
  readonly buildId: string;
}

/**
 * Hydrates server-rendered HTML as a transition. Hydration at React's default priority runs to
 * the end in one task, however long the page; as a transition React hands the main thread back
 * every few milliseconds, so the page answers input while it hydrates. Input that arrives
 * meanwhile is not lost: a click on HTML not hydrated yet makes React hydrate it at once and then
 * dispatch the click.
 */
export function hydrateInSlices(container: Element, element: ReactNode, options: HydrationOptions): Root {
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, element, options);
  });
  return root!;
}

/** Hydrates the server's HTML when this build rendered it, or renders into an empty container. */
export function renderOrHydrate(
  container: HTMLElement,
  element: ReactNode,
  { identifierPrefix, buildId }: RootOptions,
): Root {
  if (takeServerRender(container, buildId)) return hydrateInSlices(container, element, { identifierPrefix });
  const root = createRoot(container, { identifierPrefix });
  root.render(element);
  return root;
}

/** How long an idle task waits at most for the browser to have time to spare. */
const IDLE_TIMEOUT_MS = 3000;
const idleTasks = new Set<() => unknown>();
let waiting: (() => void)[] | undefined = [];
if (typeof window !== 'undefined') {
  window.addEventListener(
    PAGE_STARTED_EVENT,
    () => {
      const queued = waiting ?? [];
      waiting = undefined;
      queued.forEach((schedule) => schedule());
    },
    { once: true },
  );
}

/**
 * Runs a task once, when the browser first has time to spare after the page has started (the
 * shell announces that once its area has mounted; hydration then yields in slices): what a visitor
 * will likely reach for next (a pop-up's form, the share box) is fetched then rather than after
 * the tap, and never competes with the page's own start. The first such task sets IDLE_PREFETCH_MARK. Browsers without
 * requestIdleCallback wait a moment.
 */
export function whenIdle(task: () => unknown): void {
  if (idleTasks.has(task)) return;
  idleTasks.add(task);
  const run = () => {
    if (!performance.getEntriesByName(IDLE_PREFETCH_MARK).length) performance.mark(IDLE_PREFETCH_MARK);
    task();
  };
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, IDLE_TIMEOUT_MS / 3);
  };
  if (waiting) waiting.push(schedule);
  else schedule();
}

/** Tells the page's idle tasks (whenIdle) that the page's own code has taken over; only the first call counts. */
export function announcePageStarted(): void {
  window.dispatchEvent(new Event(PAGE_STARTED_EVENT));
}
