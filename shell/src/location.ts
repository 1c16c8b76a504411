import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';

// single-spa re-fires every pushState as popstate, so these two events cover all navigation.
function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
  };
}

const readPathname = () => window.location.pathname;

/** The path being prerendered; in the browser the location itself is read. */
const PrerenderPathContext = createContext<string | undefined>(undefined);

export function PrerenderPath({ path, children }: { readonly path: string; readonly children: ReactNode }) {
  return createElement(PrerenderPathContext.Provider, { value: path }, children);
}

export function usePathname(): string {
  const prerenderPath = useContext(PrerenderPathContext);
  // Hydration reads the server snapshot: the browser's path, which the edge prerendered for.
  return useSyncExternalStore(subscribe, readPathname, () => prerenderPath ?? readPathname());
}

const readSearch = () => window.location.search;

/** The query string ("?a=b" or ""); empty on the server, whose pages never depend on it. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, readSearch, () => '');
}
