import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { Update, UpdateRepository } from '.';

type UpdateDoc = Omit<Update, 'id'> & { _id: string };
export const UPDATES = 'updates';
const of = (db: Db) => db.collection<UpdateDoc>(UPDATES);
const fromDoc = ({ _id, ...rest }: UpdateDoc): Update => ({ id: _id, ...rest });
const CHANGE_TRIES = 5;

/**
 * Updates in their own collection. A change replaces the document only if its version is the one
 * read (FerretDB 1.x does not isolate that: two console clicks in the same instant may both land).
 */
export function mongoUpdates(client: DatabaseClient<Db>): UpdateRepository {
  return {
    create: async ({ id, ...rest }) => {
      await client.run('create update', (db) => of(db).insertOne({ _id: id, ...rest }));
    },
    get: (id) =>
      client.run('update', async (db) => {
        const doc = await of(db).findOne({ _id: id });
        return doc ? fromDoc(doc) : null;
      }),
    list: () =>
      client.run('updates', async (db) =>
        (await of(db).find({}).sort({ createdAt: -1, _id: -1 }).toArray()).map(fromDoc),
      ),
    change: (id, change) =>
      client.run('change update', async (db) => {
        for (let tries = 0; ; tries += 1) {
          const doc = await of(db).findOne({ _id: id });
          if (!doc) return null;
          const current = fromDoc(doc);
          const next = change(current);
          if (!next) return current;
          const { id: _ignored, ...rest } = next;
          const stored = { ...rest, _id: id, version: current.version + 1 };
          const { matchedCount } = await of(db).replaceOne({ _id: id, version: current.version }, stored);
          if (matchedCount === 1) return fromDoc(stored);
          if (tries + 1 >= CHANGE_TRIES) throw new Error('The update kept changing; try again.');
        }
      }),
    due: (now) =>
      client.run('due updates', async (db) =>
        (
          await of(db)
            .find({
              $or: [
                { state: 'scheduled', scheduledAt: { $lte: now } },
                { state: 'sending', fannedOut: false },
              ],
            })
            .toArray()
        ).map(fromDoc),
      ),
    published: () =>
      client.run('published updates', async (db) =>
        (
          await of(db)
            .find({ startedAt: { $ne: null } })
            .sort({ startedAt: -1 })
            .toArray()
        ).map(fromDoc),
      ),
  };
}
