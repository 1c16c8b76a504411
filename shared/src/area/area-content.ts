/**
 * An area's content as its pages read it, from its declaration (src/content/model.ts), its page
 * definitions (src/content/page-data.ts) and its pages' metadata (src/content/page-meta.ts):
 * entries checked and prepared, the pages the content gives the area, and each page's data and
 * metadata. Used by the area's server and build (server.tsx) and by its tests. Node only.
 */
import {
  modelToJson,
  type AreaContentOf,
  type AreaModelBase,
  type AreaPageData,
  type ContentEntry,
  type ContentSource,
  type FieldJson,
  type RouteParams,
  type SiteFigures,
} from '@wpc/shared/content-model';
import { validatorForModel, type EntryIssue } from '@wpc/shared/content-model/validate';
import { prepareData } from '@wpc/shared/content-model/prepare';
import type { PublishedEntry } from '@wpc/shared/content-contract';
import { breadcrumbList, type AreaPageMeta, type PageMeta } from '@wpc/shared/page-meta';
import { isPattern, matchesPattern, pageRoutesOf, patternParams, patternPath } from '@wpc/shared/routes';

/** The area's published content as its pages read it: entries by type, and where they came from. */
export interface AreaContent {
  readonly source: ContentSource;
  readonly byType: Readonly<Record<string, readonly ContentEntry<Record<string, unknown>>[]>>;
  /** The figures the pages show besides content, as last fetched; none in the build's seed. */
  readonly figures?: SiteFigures;
}

/** An entry the area's declaration refuses: named by type and id, with the fields at fault (never their values). */
export interface RefusedEntry {
  readonly type: string;
  readonly id: string;
  readonly fields: readonly string[];
}

export interface AreaPage {
  /** The route or route pattern that renders it. */
  readonly route: string;
  /** Undefined for a route whose page reads no content. */
  readonly data: unknown;
  readonly meta: PageMeta;
}

export interface AreaContentDefinition {
  readonly model: AreaModelBase;
  readonly pageData: AreaPageData<AreaModelBase>;
  readonly pageMeta: AreaPageMeta;
}

/** The entries were checked against the declaration, so they have the page types it infers. */
const typed = (content: AreaContent) => content.byType as unknown as AreaContentOf<AreaModelBase>;

const fieldPaths = (issues: readonly EntryIssue[]) => [...new Set(issues.map((issue) => issue.path))];

export function createAreaContent({ model, pageData, pageMeta }: AreaContentDefinition) {
  const { area } = model;
  const validator = validatorForModel(model);
  const fieldsOf = new Map<string, readonly FieldJson[]>(validator.model.types.map((type) => [type.name, type.fields]));
  const routes = () => pageRoutesOf(area);

  /**
   * Published entries checked against the declaration and prepared for the pages. An entry that
   * does not fit, or repeats another's id or slug, is left out and reported, never rendered.
   */
  function buildContent(
    source: ContentSource,
    entries: readonly PublishedEntry[],
    report: (refused: RefusedEntry) => void = () => {},
  ): AreaContent {
    const byType: Record<string, ContentEntry<Record<string, unknown>>[]> = {};
    for (const name of fieldsOf.keys()) byType[name] = [];
    for (const entry of entries) {
      const checked = validator.checkEntry(entry.type, entry);
      if (!checked.ok) {
        report({ type: entry.type, id: entry.id, fields: fieldPaths(checked.issues) });
        continue;
      }
      const list = byType[entry.type]!;
      if (list.some((other) => other.slug === checked.slug || other.id === entry.id)) {
        report({ type: entry.type, id: entry.id, fields: ['slug'] });
        continue;
      }
      list.push({
        id: entry.id,
        slug: checked.slug,
        publishedAt: entry.publishedAt,
        updatedAt: entry.updatedAt,
        data: prepareData(fieldsOf.get(entry.type)!, checked.data),
      });
    }
    return { source, byType };
  }

  /** The seed as the API loads it: published entries (dist/content-seed.json). */
  function seedEntries(): PublishedEntry[] {
    return model.seed.map((entry) => ({
      type: entry.type,
      id: entry.id,
      slug: entry.slug,
      data: entry.data as Record<string, unknown>,
      publishedAt: entry.publishedAt ?? model.seedDate,
      updatedAt: entry.updatedAt ?? model.seedDate,
    }));
  }

  /** The seed as content; throws if the seed does not fit its own declaration (the build fails). */
  function seedContent(): AreaContent {
    const refused: RefusedEntry[] = [];
    const content = buildContent({ kind: 'seed', revision: 'seed' }, seedEntries(), (entry) => refused.push(entry));
    if (refused.length > 0) throw new Error(`The ${area} seed does not fit its model: ${JSON.stringify(refused)}`);
    return content;
  }

  /** Every page the content gives the area: its routes, and one page per instance of a route pattern. */
  function pagePaths(content: AreaContent): { path: string; route: string }[] {
    return routes().flatMap(({ path: route }) => {
      if (!isPattern(route)) return [{ path: route, route }];
      const definition = pageData[route];
      if (!definition?.params) throw new Error(`${area}: ${route} needs params() in src/content/page-data.ts`);
      return definition.params(typed(content)).map((params) => ({ path: patternPath(route, params), route }));
    });
  }

  function routeOf(path: string): string | undefined {
    const all = routes();
    return (
      all.find((route) => route.path === path)?.path ??
      all.find((route) => isPattern(route.path) && matchesPattern(route.path, path))?.path
    );
  }

  /** A page's data and metadata; undefined when the content has no such page. */
  function pageFor(path: string, content: AreaContent): AreaPage | undefined {
    const route = routeOf(path);
    if (!route) return undefined;
    const params: RouteParams = isPattern(route) ? patternParams(route, path) : {};
    const definition = pageData[route];
    const data = definition ? definition.data(typed(content), params, content.figures ?? {}) : undefined;
    if (definition && data === undefined) return undefined;
    const base = pageMeta[route];
    if (!base) throw new Error(`${area} has no metadata for ${route}: add it to src/content/page-meta.ts`);
    const meta: PageMeta = { ...base, ...(definition && data !== undefined ? definition.meta?.(data, params) : {}) };
    if (path === '/') return { route, data, meta };
    // Every page below the front page also gets its breadcrumb trail.
    const trail = breadcrumbList(path, meta.title);
    return { route, data, meta: { ...meta, structuredData: [...(meta.structuredData ?? []), trail] } };
  }

  return {
    area,
    contentModelJson: () => modelToJson(model),
    buildContent,
    seedEntries,
    seedContent,
    routeEntries: () => routes().map((route) => route.path),
    pagePaths,
    pageFor,
  };
}

export type AreaContentApi = ReturnType<typeof createAreaContent>;
