import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import { changed, liveData, versionOf, type ContentEntryRepository, type EntryVersion, type StoredEntry } from '.';

/** One document per entry (`<area>/<id>`), its history embedded: a change and its version are one write. */
type EntryDoc = StoredEntry & { _id: string; versions: EntryVersion[] };

const entriesOf = (db: Db) => db.collection<EntryDoc>('content_entries');
const keyOf = (area: string, id: string) => `${area}/${id}`;
const WITHOUT_HISTORY = { projection: { versions: 0 } } as const;

function entryOf(doc: Omit<EntryDoc, 'versions'> & { versions?: unknown }): StoredEntry {
  const { _id, versions, ...entry } = doc;
  void _id;
  void versions;
  // An absent part reads as none (the wire server may leave out a null set on insert).
  return { ...entry, published: entry.published ?? null, scheduled: entry.scheduled ?? null };
}

export const CONTENT_ENTRY_INDEXES: readonly MongoIndex[] = [
  { collection: 'content_entries', name: 'area', key: { area: 1 } },
  { collection: 'content_entries', name: 'scheduled_at', key: { 'scheduled.at': 1 } },
];

/** Content entries (content_entries) in MongoDB. */
export function mongoContentEntries(client: DatabaseClient<Db>): ContentEntryRepository {
  return {
    list: (area) =>
      client.run('listContent', async (db) =>
        (await entriesOf(db).find({ area }, WITHOUT_HISTORY).sort({ createdAt: 1, _id: 1 }).toArray()).map(entryOf),
      ),
    find: (area, id) =>
      client.run('findContent', async (db) => {
        const doc = await entriesOf(db).findOne({ _id: keyOf(area, id) }, WITHOUT_HISTORY);
        return doc ? entryOf(doc) : null;
      }),
    create: (entry, action) =>
      client.run('createContent', async (db) => {
        const result = await entriesOf(db).updateOne(
          { _id: keyOf(entry.area, entry.id) },
          { $setOnInsert: { ...entry, versions: [versionOf(entry, action)] } },
          { upsert: true },
        );
        return result.upsertedCount === 1;
      }),
    update: (area, id, expected, change) =>
      client.run('updateContent', async (db) => {
        const collection = entriesOf(db);
        const current = await collection.findOne({ _id: keyOf(area, id) }, WITHOUT_HISTORY);
        if (!current || current.version !== expected) return null;
        const next = changed(entryOf(current), change);
        // Conditional on the version read: a change made meanwhile wins, and this one is refused.
        const result = await collection.updateOne(
          { _id: keyOf(area, id), version: expected },
          {
            $set: {
              draft: next.draft,
              published: next.published,
              scheduled: next.scheduled,
              version: next.version,
              updatedAt: next.updatedAt,
              updatedBy: next.updatedBy,
            },
            $push: { versions: versionOf(next, change.action) },
          },
        );
        return result.modifiedCount === 1 ? next : null;
      }),
    versions: (area, id) =>
      client.run('contentVersions', async (db) => {
        const doc = await entriesOf(db).findOne({ _id: keyOf(area, id) }, { projection: { versions: 1 } });
        return [...(doc?.versions ?? [])].sort((a, b) => b.version - a.version);
      }),
    due: (now) =>
      client.run('dueContent', async (db) =>
        (
          await entriesOf(db)
            .find({ 'scheduled.at': { $lte: now } }, WITHOUT_HISTORY)
            .toArray()
        ).map(entryOf),
      ),
    everyData: (area) =>
      client.run('everyContentData', async (db) =>
        (await entriesOf(db).find({ area }).toArray()).flatMap((doc) => [
          ...liveData(entryOf(doc)),
          ...doc.versions.map((version) => version.data),
        ]),
      ),
  };
}
