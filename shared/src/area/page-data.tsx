/**
 * The published content a page renders, in the browser and on the server (issue 28). The area's
 * server computes each page's data from the published entries and renders the page with it; the
 * data travels with the page's HTML as a JSON data island (type="application/json": never run,
 * so the CSP needs no change), and the browser hydrates from that same data. Client-side
 * navigation to another page of the area fetches that page's data from the area's server
 * (ssr/<route>.data.json, written with its HTML), so the browser never checks entries, parses
 * Markdown or sees an entry the server refused.
 */
import { createContext, use, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_DATA_ATTRIBUTE, routeFileName, type PageDataFile } from '@wpc/shared/page-contract';
import { normalisePath, SITE_NAME } from '@wpc/shared/routes';

/** A page's data as the server rendered it: the island's content. */
export interface PageDataSnapshot {
  readonly path: string;
  readonly data: unknown;
}

/** Fetches a page's data for client-side navigation. */
export type PageDataLoader = (path: string) => Promise<PageDataFile>;

type Entry = { readonly value: unknown; readonly title?: string } | { readonly pending: Promise<PageDataFile> };

export class PageDataStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly initial: PageDataSnapshot | null,
    private readonly load: PageDataLoader,
  ) {
    if (initial) this.entries.set(initial.path, { value: initial.data });
  }

  /** The page's data, or the promise of it while it loads (one load per path). */
  entry(path: string): Entry {
    let entry = this.entries.get(path);
    if (!entry) {
      const pending = this.load(path).then((file) => {
        this.entries.set(path, { value: file.data, title: file.title });
        return file;
      });
      // A failed load is not kept: the next render (a Retry) asks again.
      pending.catch(() => this.entries.delete(path));
      entry = { pending };
      this.entries.set(path, entry);
    }
    return entry;
  }
}

const PageDataContext = createContext<PageDataStore | null>(null);

const loaded = (file: PageDataFile) => ({ value: file.data, title: file.title });

/** Fetches ssr/<route>.data.json from the area's own deployment (`base`: the remote's public path). */
export function fetchPageData(base: string): PageDataLoader {
  return async (path) => {
    const response = await fetch(`${base}ssr/${routeFileName(path)}.data.json`, { credentials: 'omit' });
    if (response.status === 404) {
      // No such page (an unpublished release, a mistyped slug): the edge answers the address
      // with its 404 page, which the visitor should see rather than this area's error panel.
      window.location.reload();
      return new Promise<PageDataFile>(() => {});
    }
    if (!response.ok) throw new Error(`The page data of ${path} could not be loaded (${response.status})`);
    return (await response.json()) as PageDataFile;
  };
}

/** The data island: JSON with `<` escaped, so no text in it can end the element. */
export function pageDataJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The island a prerendered area's HTML carries, or null. Read before hydrating. */
export function readPageDataIsland(container: Element): PageDataSnapshot | null {
  const island = container.querySelector(`script[${PAGE_DATA_ATTRIBUTE}]`);
  const path = island?.getAttribute(PAGE_DATA_ATTRIBUTE);
  if (!island || !path) return null;
  try {
    return { path, data: JSON.parse(island.textContent ?? 'null') };
  } catch {
    return null;
  }
}

/** The first page's data, in its HTML (AreaRoutes renders it first thing in the area's root). */
export function PageDataIsland({ snapshot }: { readonly snapshot: PageDataSnapshot }) {
  // Never changes after the first render: hydration finds the server's element and keeps it.
  const [json] = useState(() => pageDataJson(snapshot.data));
  return (
    <script
      type="application/json"
      {...{ [PAGE_DATA_ATTRIBUTE]: snapshot.path }}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** Gives the area's pages their data. */
export function PageDataProvider({ store, children }: { readonly store: PageDataStore; readonly children: ReactNode }) {
  return <PageDataContext.Provider value={store}>{children}</PageDataContext.Provider>;
}

/**
 * The current page's data, as its area's server computed it. Call it from a page component of an
 * area whose page-data definitions give this route data.
 */
export function usePageData<T>(): T {
  const store = useContext(PageDataContext);
  const path = normalisePath(useLocation().pathname);
  if (!store) throw new Error('usePageData needs the area’s PageDataProvider');
  const entry = store.entry(path);
  // Suspends while the data loads (client-side navigation only: a first page has it in its HTML).
  const { value, title } = 'pending' in entry ? loaded(use(entry.pending)) : entry;
  // A page reached in the browser names itself once its data is known (the route table only
  // knows "Press Release" for every release).
  useEffect(() => {
    if (title) document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
  return value as T;
}
