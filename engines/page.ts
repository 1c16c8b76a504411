import type { EngineDriver } from './driver';

const POLL_MS = 150;

/**
 * Polls a reading of the page until it is truthy, and answers it; fails with what it waited for
 * and the last reading. (A page is checked as a person would: it may take a moment.)
 */
export async function waitUntil<T, A extends unknown[]>(
  driver: EngineDriver,
  what: string,
  read: (...args: A) => T,
  args: A,
  accept: (reading: T) => boolean = Boolean,
  timeout = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const reading = await driver.evaluate(read, ...args);
    if (accept(reading)) return reading;
    if (Date.now() > deadline) {
      throw new Error(
        `${driver.engine}: waited ${timeout / 1000} s for ${what}; last reading: ${JSON.stringify(reading)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * True when React owns the required elements and whichever of the others the page has (hydrated or
 * rendered, an element carries a fiber): the team console has no site footer.
 */
function reactOwns(required: string[], ifPresent: string[]): boolean {
  const owned = (element: Element | null) => Object.keys(element ?? {}).some((key) => key.startsWith('__reactFiber$'));
  return (
    required.every((selector) => owned(document.querySelector(selector))) &&
    ifPresent.every((selector) => {
      const element = document.querySelector(selector);
      return element === null || owned(element);
    })
  );
}

/**
 * Waits until React owns the chrome and the page's heading, as test-support/e2e/hydration.ts does
 * for Playwright: a prerendered page is visible before it is interactive.
 */
export async function waitForHydration(driver: EngineDriver): Promise<void> {
  await waitUntil(driver, 'React to hydrate the header, footer and main heading', reactOwns, [
    ['main h1'],
    ['header', 'footer'],
  ]);
}

/** The text of the first element the CSS selector finds, when it is on screen; null otherwise. */
export function shownText(selector: string): string | null {
  const element = document.querySelector(selector);
  if (!element || element.getClientRects().length === 0) return null;
  if (getComputedStyle(element).visibility === 'hidden') return null;
  return (element.textContent ?? '').trim() || null;
}

/** The trimmed text of the first element the XPath finds, when it is on screen; null otherwise. */
export function shownTextAt(expression: string): string | null {
  const node = document.evaluate(expression, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
  if (!(node instanceof Element) || node.getClientRects().length === 0) return null;
  if (getComputedStyle(node).visibility === 'hidden') return null;
  return (node.textContent ?? '').trim() || null;
}

/** An attribute of the first element the XPath finds (null when there is none). */
export function attributeAt(expression: string, name: string): string | null {
  const node = document.evaluate(expression, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
  return node instanceof Element ? node.getAttribute(name) : null;
}

/** XPath string literal (the texts used here have no double quotes). */
function literal(text: string): string {
  return `"${text}"`;
}

export const xpath = {
  /** A button by its text or aria-label, inside `within` (an XPath) when given. */
  button: (name: string, within = '') =>
    `${within}//button[normalize-space(.)=${literal(name)} or @aria-label=${literal(name)}]`,
  /** The element an aria-labelledby names by its text (a region, a dialog). */
  labelledBy: (tag: string, name: string) =>
    `//${tag}[@aria-labelledby = //*[normalize-space(.)=${literal(name)}]/@id]`,
  /** The form control of a label, by the label's own text (before any "(required)"). */
  control: (label: string, within = '') =>
    `//*[@id = ${within}//label[normalize-space(text()[1])=${literal(label)}]/@for]`,
};
