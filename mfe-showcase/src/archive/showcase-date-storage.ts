/** The showcase the visitor last chose, kept for the browser session (spec §2 and §9), as MMDDYYYY. */

export const SHOWCASE_DATE_KEY = 'showcase-date';

/** The session's storage, or null where there is none (a server) or it is blocked by the browser. */
function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored date when it is one of `dates` (the published showcases'); null when missing or unknown. */
export function readStoredShowcaseDate(
  dates: readonly string[],
  storage: Storage | null = sessionStore(),
): string | null {
  try {
    const stored = storage?.getItem(SHOWCASE_DATE_KEY);
    return stored && dates.includes(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeShowcaseDate(date: string, storage: Storage | null = sessionStore()): void {
  try {
    storage?.setItem(SHOWCASE_DATE_KEY, date);
  } catch {
    // Storage full or blocked: the choice then lasts only for this page view.
  }
}
