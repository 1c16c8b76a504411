/**
 * How an area's pages read its content: per route (or route pattern), the page's data computed
 * from the published entries, and the metadata that follows from it. Written by each area in
 * `src/content/page-data.ts`; run by its server (and the build's prerender), never in browsers.
 */
import type { PageMeta } from '../page-meta';
import type { AreaContentOf, AreaModelBase, ContentEntry } from './declare';

export type RouteParams = Readonly<Record<string, string>>;

/**
 * What the site publishes besides content, which the area's server asks the API for and renders
 * into the pages that show it (issue 40: the public reach line). Empty in the build's seed pages.
 */
export interface SiteFigures {
  /** US states and Canadian provinces holding 5 or more scorecard downloads (GET /api/impact/reach). */
  readonly reachRegions?: number;
}

export interface PageDefinition<C, D> {
  /** For a route pattern: the parameters of each page it has ({ slug } per published release). */
  params?(content: C): readonly RouteParams[];
  /** The page's data; undefined when there is no such page (an unknown slug: the 404). */
  data(content: C, params: RouteParams, figures: SiteFigures): D | undefined;
  /**
   * What the page's metadata takes from its data (title, description, lastModified, JSON-LD),
   * over the route's entry in src/content/page-meta.ts.
   */
  meta?(data: D, params: RouteParams): Partial<PageMeta>;
}

/** An area's page definitions, by route path or pattern ("/scorecard/news/:slug"). */
export type AreaPageData<M extends AreaModelBase> = Readonly<
  Record<string, PageDefinition<AreaContentOf<M>, NonNullable<unknown>>>
>;

/** Where a draft of each type is previewed: the path of the page that shows it. */
export type PreviewPaths<M extends AreaModelBase> = {
  readonly [K in keyof M['types'] & string]: (entry: ContentEntry<unknown>) => string;
};

/** Types a page definition by its data, so the page component's `usePageData<D>()` can name D. Method
 * syntax above keeps definitions with their own data types assignable to AreaPageData. */
export function definePage<C, D extends NonNullable<unknown>>(definition: PageDefinition<C, D>): PageDefinition<C, D> {
  return definition;
}

/** The newest of some entries' updatedAt, as a day (YYYY-MM-DD): a page's lastModified. */
export function lastModifiedOf(entries: readonly Pick<ContentEntry<unknown>, 'updatedAt'>[], fallback: string): string {
  const newest = Math.max(...entries.map((entry) => Date.parse(entry.updatedAt)).filter(Number.isFinite));
  return Number.isFinite(newest) ? new Date(newest).toISOString().slice(0, 10) : fallback;
}
