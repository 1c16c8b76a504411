import { DuplicateKeyError, type CollectionSpec, type Doc, type DocumentClient, type Documents } from '../../db/port';
import { changed, liveData, versionOf, type ContentEntryRepository, type EntryVersion, type StoredEntry } from '.';
import { legacyEntriesSelect, legacyEntry } from './legacy';

/** One document per entry (`<area>/<id>`), its history embedded: a change and its version are one write. */
type EntryDoc = Doc & StoredEntry & { versions: EntryVersion[] };

const keyOf = (area: string, id: string) => `${area}/${id}`;

/**
 * An area's entries are read by `area`, the scheduler's due check by `scheduled.at` (FerretDB 1.x
 * scans for both; real MongoDB and the embedded store use the indexes); everything else by _id.
 */
export const CONTENT_ENTRIES: CollectionSpec = {
  name: 'content_entries',
  indexes: [
    { name: 'area', key: { area: 1 } },
    { name: 'scheduled_at', key: { 'scheduled.at': 1 } },
  ],
  legacy: (row) => legacyEntry(row, (entry) => keyOf(entry.area, entry.id)),
  legacyJoin: { select: legacyEntriesSelect, tables: ['content_versions'] },
};

const entriesIn = (documents: Documents) => documents.collection<EntryDoc>(CONTENT_ENTRIES.name);
/** Lists and finds leave the history out: an entry gains a version with every save. */
const WITHOUT_HISTORY = { without: ['versions'] } as const;

function entryOf(doc: EntryDoc): StoredEntry {
  const { area, type, id, draft, version, published, scheduled, createdAt, createdBy, updatedAt, updatedBy } = doc;
  // An absent part reads as none (the wire server may leave out a null set on insert).
  const parts = { published: published ?? null, scheduled: scheduled ?? null };
  return { area, type, id, draft, version, ...parts, createdAt, createdBy, updatedAt, updatedBy };
}

const byCreation = (a: EntryDoc, b: EntryDoc) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** Content entries (content_entries), each with its history. */
export function contentEntries(client: DocumentClient): ContentEntryRepository {
  return {
    list: (area) =>
      client.run('listContent', async (db) =>
        // Sorted here: the area's index answers the filter alone on the embedded store.
        (await entriesIn(db).find({ area }, WITHOUT_HISTORY)).sort(byCreation).map(entryOf),
      ),
    find: (area, id) =>
      client.run('findContent', async (db) => {
        const doc = await entriesIn(db).findOne({ _id: keyOf(area, id) }, WITHOUT_HISTORY);
        return doc ? entryOf(doc) : null;
      }),
    create: (entry, action) =>
      client.run('createContent', async (db) => {
        try {
          await entriesIn(db).insert({
            _id: keyOf(entry.area, entry.id),
            ...entry,
            versions: [versionOf(entry, action)],
          });
          return true;
        } catch (error) {
          if (error instanceof DuplicateKeyError) return false;
          throw error;
        }
      }),
    update: (area, id, expected, change) =>
      client.run('updateContent', async (db) => {
        const current = await entriesIn(db).findOne({ _id: keyOf(area, id) }, WITHOUT_HISTORY);
        if (!current || current.version !== expected) return null;
        const next = changed(entryOf(current), change);
        const { draft, published, scheduled, version, updatedAt, updatedBy } = next;
        // Conditional on the version read: a change made meanwhile wins, and this one is refused.
        const applied = await entriesIn(db).updateOne(
          { _id: keyOf(area, id), version: expected },
          {
            $set: { draft, published, scheduled, version, updatedAt, updatedBy },
            $push: { versions: versionOf(next, change.action) },
          },
        );
        return applied ? next : null;
      }),
    versions: (area, id) =>
      client.run('contentVersions', async (db) => {
        const doc = await entriesIn(db).findOne({ _id: keyOf(area, id) });
        return [...(doc?.versions ?? [])].sort((a, b) => b.version - a.version);
      }),
    due: (now) =>
      client.run('dueContent', async (db) =>
        (
          await entriesIn(db).find(
            { 'scheduled.at': { $lte: now } },
            { ...WITHOUT_HISTORY, sort: { 'scheduled.at': 1 } },
          )
        ).map(entryOf),
      ),
    everyData: (area) =>
      client.run('everyContentData', async (db) =>
        (await entriesIn(db).find({ area })).flatMap((doc) => [
          ...liveData(entryOf(doc)),
          ...doc.versions.map((version) => version.data),
        ]),
      ),
  };
}
