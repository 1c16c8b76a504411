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
