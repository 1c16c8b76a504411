import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { Update, UpdateChange, UpdateRepository } from '.';

type UpdateDoc = Omit<Update, 'id'> & { _id: string };
export const UPDATES = 'updates';
const of = (db: Db) => db.collection<UpdateDoc>(UPDATES);
const fromDoc = ({ _id, ...rest }: UpdateDoc): Update => ({ id: _id, ...rest });
const CHANGE_TRIES = 5;

/**
 * Updates in their own collection. A change replaces the document only if its version is the one
 * read (FerretDB 1.x does not isolate that: two replicas changing one update in the same instant may
 * both land; within one process the changes of an update are made one after another).
 */
export function mongoUpdates(client: DatabaseClient<Db>): UpdateRepository {
  const changing = new Map<string, Promise<Update | null>>();
  const attempt = (id: string, change: UpdateChange) =>
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
    });
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
    change: (id, change) => {
      // One change of an update at a time in this process: FerretDB 1.x lets a replace conditioned on
      // the version land over another made meanwhile, so the sender marking a fan-out done could undo
      // a pause the console had just answered (the update went on sending).
      const previous = changing.get(id) ?? Promise.resolve();
      const next = previous.then(
        () => attempt(id, change),
        () => attempt(id, change),
      );
      changing.set(id, next);
      const forget = () => {
        if (changing.get(id) === next) changing.delete(id);
      };
      next.then(forget, forget);
      return next;
    },
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
