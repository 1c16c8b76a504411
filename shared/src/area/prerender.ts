import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * Renders an element to HTML at build time, waiting for every lazy page and Suspense boundary.
 * An error anywhere fails the build: a page the server cannot render must not ship.
 */
export async function prerenderToString(element: ReactNode, identifierPrefix: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    identifierPrefix,
    // Every boundary in place, in document order: React outlines a boundary that completes once
    // the page has passed this many bytes (12.8 KB by default) and moves it into place with an
    // inline script, which the site's CSP blocks (a lazy inline form far down the home page).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => void errors.push(error),
  });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length) throw errors[0];
  return html;
}

/** Ids of the modules the Node bundle has run so far (webpack's module cache). */
export function loadedModules(): string[] {
  return Object.keys(require.cache);
}
