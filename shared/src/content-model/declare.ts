/**
 * Declaring an area's content: its types (fields, labels, help) and its seed, the entries its
 * `src/content/` files held before publishing existed. Written once per area, in
 * `mfe-<area>/src/content/model.ts`; everything else is derived from it (docs/publishing.md).
 */
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { DataOf, Fields, PageDataOf } from './fields';

/** The areas that publish content: the remotes, as the route table lists them. */
export type ContentArea = RemoteArea;
export const CONTENT_AREAS = REMOTE_AREAS;

export interface ContentType<F extends Fields = Fields> {
  /** One entry, as the editor names it ("Press release"). */
  readonly label: string;
  /** The list ("Press releases"). */
  readonly plural: string;
  /** What entries of this type are for, shown above the list in the editor. */
  readonly help?: string;
  /** The field that names an entry in lists, search and the audit log. */
  readonly titleField: string;
  /** The field the editor suggests an entry's slug from. */
  readonly slugFrom: string;
  readonly fields: F;
}

/** A content type; its title and slug fields must be fields of its own. */
export function defineContentType<const F extends Fields>(
  type: ContentType<F> & { readonly titleField: keyof F & string; readonly slugFrom: keyof F & string },
): ContentType<F> {
  return type;
}

export type ContentTypes = { readonly [name: string]: ContentType };

/** An entry's id and slug, as the contract publishes them. */
interface EntryKeys {
  /** Stable across edits; a seed entry's id is the one the API keeps when it loads the seed. */
  readonly id: string;
  /** Unique within its type: the entry's address (/scorecard/news/<slug>) or anchor. */
  readonly slug: string;
}

/** A seed entry: the dates default to the model's `seedDate`. */
export type SeedEntryOf<T extends ContentTypes> = {
  [K in keyof T & string]: EntryKeys & {
    readonly type: K;
    readonly data: DataOf<T[K]['fields']>;
    readonly publishedAt?: string;
    readonly updatedAt?: string;
  };
}[keyof T & string];

/** What any area's model is, whatever its types: what generic code (the renderer, the kit) reads. */
export interface AreaModelBase {
  readonly area: ContentArea;
  /** Keyed by type name ("pressRelease"): the name the contract's entries carry. */
  readonly types: ContentTypes;
  /** When the seed's content last changed (ISO instant): its entries' publishedAt and updatedAt unless they say. */
  readonly seedDate: string;
  readonly seed: readonly (EntryKeys & {
    readonly type: string;
    readonly data: unknown;
    readonly publishedAt?: string;
    readonly updatedAt?: string;
  })[];
}

export interface AreaModel<T extends ContentTypes = ContentTypes> extends AreaModelBase {
  readonly types: T;
  readonly seed: readonly SeedEntryOf<T>[];
}

export function defineAreaModel<const T extends ContentTypes>(model: AreaModel<T>): AreaModel<T> {
  return model;
}

/** A published entry as an area's pages receive it: validated, Markdown rendered, images resolved. */
export interface ContentEntry<D> extends EntryKeys {
  readonly publishedAt: string;
  readonly updatedAt: string;
  readonly data: D;
}

/** The stored data of one type of a model: `DataOfType<typeof MODEL, 'pressRelease'>`. */
export type DataOfType<M extends AreaModelBase, K extends keyof M['types']> = DataOf<M['types'][K]['fields']>;

/** What a page renders of one entry of a type: `PageEntry<typeof MODEL, 'pressRelease'>`. */
export type PageEntry<M extends AreaModelBase, K extends keyof M['types']> = ContentEntry<
  PageDataOf<M['types'][K]['fields']>
>;

/** An area's published content, by type, as its renderer hands it to the pages' data functions. */
export type AreaContentOf<M extends AreaModelBase> = {
  readonly [K in keyof M['types'] & string]: readonly PageEntry<M, K>[];
};

/** Where the content came from: the API's published entries, or the build's seed. */
export interface ContentSource {
  readonly kind: 'published' | 'seed';
  /** The API's revision, or "seed". */
  readonly revision: string;
}
