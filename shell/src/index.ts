import { applyDeferredStylesheets } from './stylesheets';

/**
 * The shell starts in steps, each in a task of its own, so that no single task holds the main
 * thread long (Total Blocking Time, issue 32): the stylesheets the edge deferred are switched on,
 * then the biggest modules every page runs are set up one at a time (each import runs its
 * module's code), then the shell itself. The page is painted and readable before any of this.
 */
const STEPS: readonly (() => unknown)[] = [
  applyDeferredStylesheets,
  () => import('react-dom/client'),
  () => import('@wpc/shared/area'),
  // Async boundary: shared modules (React, @wpc/shared) are negotiated before any shell code runs.
  () => import('./bootstrap'),
];

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function start() {
  for (const step of STEPS) {
    await nextTask();
    await step();
  }
}
void start();
