import type { EntryVersion, StoredEntry } from '.';

/**
 * An entry as one JSON text with its instants as milliseconds: how the embedded store keeps it
 * (its data is free-form JSON, so columns would only mirror it).
 */
export function entryToJson(entry: StoredEntry): string {
  return JSON.stringify({
    ...entry,
    published: entry.published && {
      ...entry.published,
      publishedAt: entry.published.publishedAt.getTime(),
      updatedAt: entry.published.updatedAt.getTime(),
    },
    scheduled: entry.scheduled && { ...entry.scheduled, at: entry.scheduled.at.getTime() },
    createdAt: entry.createdAt.getTime(),
    updatedAt: entry.updatedAt.getTime(),
  });
}

type Instants<T, K extends keyof T> = Omit<T, K> & { [P in K]: number };
type EntryJson = Instants<StoredEntry, 'createdAt' | 'updatedAt'> & {
  published: Instants<NonNullable<StoredEntry['published']>, 'publishedAt' | 'updatedAt'> | null;
  scheduled: Instants<NonNullable<StoredEntry['scheduled']>, 'at'> | null;
};

export function entryFromJson(text: string): StoredEntry {
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

export type { EntryVersion };
