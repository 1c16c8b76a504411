import type { ContentArea } from '@wpc/shared/content-model';
import { VERSION_ACTIONS } from '@wpc/shared/team/content-schemas';

/** What an entry says: its slug and its fields' values, as the area's declaration names them. */
export interface EntryContent {
  readonly slug: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What the site shows of an entry: the content of one version, and since when. */
export interface PublishedState extends EntryContent {
  readonly publishedAt: Date;
  readonly updatedAt: Date;
  /** The entry's version that was published. */
  readonly version: number;
}

/** A publish waiting for its time: the content of the version scheduled, by whom. */
export interface ScheduledState extends EntryContent {
  readonly at: Date;
  readonly version: number;
  readonly by: string;
}

/**
 * One entry of an area's content: the draft the editor works on, what is published of it, and a
 * publish waiting for its time. `version` counts every change; a change names the version it was
 * made on, so a second editor's save on an older one is refused instead of overwriting.
 */
export interface StoredEntry {
  readonly area: ContentArea;
  /** The content type's name in the area's model ("pressRelease"). */
  readonly type: string;
  readonly id: string;
  readonly draft: EntryContent;
  readonly version: number;
  readonly published: PublishedState | null;
  readonly scheduled: ScheduledState | null;
  readonly createdAt: Date;
  readonly createdBy: string;
  readonly updatedAt: Date;
  readonly updatedBy: string;
}

export type VersionAction = (typeof VERSION_ACTIONS)[number];

/** One version in an entry's history: who did what when, and the draft as it then was. */
export interface EntryVersion extends EntryContent {
  readonly version: number;
  readonly action: VersionAction;
  readonly at: Date;
  readonly by: string;
}

/** A change of an entry: the parts given replace the stored ones. */
export interface EntryChange {
  readonly draft?: EntryContent;
  readonly published?: PublishedState | null;
  readonly scheduled?: ScheduledState | null;
  readonly action: VersionAction;
  readonly at: Date;
  readonly by: string;
}

/** The entries of every area, each with its history. */
export interface ContentEntryRepository {
  /** An area's entries (without their histories), oldest first. */
  list(area: ContentArea): Promise<StoredEntry[]>;
  find(area: ContentArea, id: string): Promise<StoredEntry | null>;
  /** Stores a new entry as its version 1, unless one has its id: false then, and nothing changes. */
  create(entry: StoredEntry, action: 'seed' | 'create'): Promise<boolean>;
  /**
   * Changes an entry still at version `expected` and records the change as the next version. The
   * entry as stored now, or null when it is at another version (or gone): nothing changed then.
   */
  update(area: ContentArea, id: string, expected: number, change: EntryChange): Promise<StoredEntry | null>;
  /** An entry's history, newest first. */
  versions(area: ContentArea, id: string): Promise<EntryVersion[]>;
  /** Entries of any area whose scheduled publish is due at `now`. */
  due(now: Date): Promise<StoredEntry[]>;
  /**
   * The data of all an area holds: each entry's draft, published and scheduled content and every
   * version of its history (what a restore can bring back). The unused-image sweep reads it.
   */
  everyData(area: ContentArea): Promise<Readonly<Record<string, unknown>>[]>;
}

/** What an entry names now and can be restored to: its draft, published and scheduled content. */
export const liveData = (entry: StoredEntry) =>
  [entry.draft, entry.published, entry.scheduled].flatMap((content) => (content ? [content.data] : []));

/** The entry after a change, at its next version. */
export function changed(entry: StoredEntry, change: EntryChange): StoredEntry {
  return {
    ...entry,
    draft: change.draft ?? entry.draft,
    published: change.published === undefined ? entry.published : change.published,
    scheduled: change.scheduled === undefined ? entry.scheduled : change.scheduled,
    version: entry.version + 1,
    updatedAt: change.at,
    updatedBy: change.by,
  };
}

/** The version a change (or a new entry) adds to the history. */
export const versionOf = (entry: StoredEntry, action: VersionAction): EntryVersion => ({
  version: entry.version,
  action,
  at: entry.updatedAt,
  by: entry.updatedBy,
  slug: entry.draft.slug,
  data: entry.draft.data,
});
