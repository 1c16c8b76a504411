import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

/** Moves within the console (single-spa hears it, like a link click). */
export function goTo(url: string): void {
  navigateToUrl(url);
}

/** A link's click handler that stays in the page, unless the visitor asks for a new tab or window. */
export function followLink(href: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    goTo(href);
  };
}

/** Moves within the console without a history entry (a page the person may not open sends them on). */
export function replaceWith(url: string): void {
  window.history.replaceState(null, '', url);
  // single-spa re-fires replaceState as popstate; said here too so every router hears it once more at most.
  window.dispatchEvent(new PopStateEvent('popstate'));
}
