import type { Doc } from '../../db/port';
import type { EntryVersion, StoredEntry } from '.';

/**
 * The embedded store before the port (daf0fdc) kept an entry as one JSON text with its instants
 * as milliseconds (content_entries.entry), and its history a row each (content_versions): read
 * together, one row per entry, into the port's document (the history embedded, as on MongoDB).
 */
export const legacyEntriesSelect = (table: string) => `
  SELECT e.entry AS entry, (
    SELECT json_group_array(json_object(
      'version', v.version, 'action', v.action, 'at', v.at, 'by', v.by, 'slug', v.slug, 'data', json(v.data)))
    FROM content_versions v WHERE v.area = e.area AND v.id = e.id
  ) AS versions
  FROM ${table} e ORDER BY e.rowid`;

type Instants<T, K extends keyof T> = Omit<T, K> & { [P in K]: number };
type EntryJson = Instants<StoredEntry, 'createdAt' | 'updatedAt'> & {
  published: Instants<NonNullable<StoredEntry['published']>, 'publishedAt' | 'updatedAt'> | null;
  scheduled: Instants<NonNullable<StoredEntry['scheduled']>, 'at'> | null;
};

function entryFromJson(text: string): StoredEntry {
  const json = JSON.parse(text) as EntryJson;
  return {
    ...json,
    published: json.published && {
      ...json.published,
      publishedAt: new Date(json.published.publishedAt),
      updatedAt: new Date(json.published.updatedAt),
    },
    scheduled: json.scheduled && { ...json.scheduled, at: new Date(json.scheduled.at) },
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
  };
}

/** One row of legacyEntriesSelect as the entry's document under `_id`. */
export function legacyEntry(row: Record<string, unknown>, idOf: (entry: StoredEntry) => string): Doc {
  const entry = entryFromJson(row.entry as string);
  const versions = (JSON.parse(row.versions as string) as Instants<EntryVersion, 'at'>[])
    .map((version): EntryVersion => ({ ...version, at: new Date(version.at) }))
    .sort((a, b) => a.version - b.version);
  return { _id: idOf(entry), ...entry, versions };
}
