import type { BuiltPageMeta } from '@wpc/shared/page-meta';

/**
 * A page's metadata as its build ships it (ssr/<route>.json), for tests of what the edge does
 * with it: a description of a search result's length and a share image named by its hash.
 */
export function builtPageMeta(title: string, shareImage: string, changes: Partial<BuiltPageMeta> = {}): BuiltPageMeta {
  return {
    title,
    description: `${title}: a page of the consortium’s site, described for search results and share previews.`,
    type: 'article',
    lastModified: '2026-03-04',
    shareImage: { file: shareImage, width: 1200, height: 630, alt: `An illustration for ${title}` },
    ...changes,
  };
}
