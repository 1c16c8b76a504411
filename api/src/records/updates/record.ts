import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import { fromJson } from '../json-dates';
import type { Update, UpdateChange, UpdateRepository } from '.';

type UpdateDoc = Doc & Omit<Update, 'id'>;

/**
 * One document per update. The sender's due check and the deliveries' claim read `state`; the
 * list and the archive are sorted in memory (the team writes a few updates a month). Before the
 * port the embedded store kept the same name with the document as JSON beside its columns.
 */
export const UPDATES: CollectionSpec = {
  name: 'updates',
  indexes: [{ name: 'state', key: { state: 1 } }],
  legacy: (row) => {
    const { id: _id, ...update } = fromJson<Update>(row.doc);
    return { _id: row.id as string, ...update };
  },
};

/** A change read over by another writer is tried again this often before giving up. */
const CHANGE_TRIES = 5;

const updatesIn = (documents: Documents) => documents.collection<UpdateDoc>(UPDATES.name);
const updateOf = ({ _id, ...rest }: UpdateDoc): Update => ({ id: _id, ...rest });

/**
 * Updates (updates). A change writes only if the version is the one read, else reads again
 * (FerretDB 1.x does not isolate that condition: two replicas changing one update in the same
 * instant may both land; within one process the changes of an update are made one after another).
 */
export function teamUpdates(client: DocumentClient): UpdateRepository {
  const changing = new Map<string, Promise<Update | null>>();
  const attempt = (id: string, change: UpdateChange) =>
    client.run('change update', async (db) => {
      for (let tries = 0; ; tries += 1) {
        const doc = await updatesIn(db).findOne({ _id: id });
        if (!doc) return null;
        const current = updateOf(doc);
        const next = change(current);
        if (!next) return current;
        const { id: _ignored, ...fields } = next;
        const stored = { ...fields, version: current.version + 1 };
        // The whole document replaced: a field the change left out goes.
        const gone = Object.keys(doc).filter((field) => field !== '_id' && !(field in stored));
        const update = {
          $set: stored,
          ...(gone.length > 0 && { $unset: Object.fromEntries(gone.map((f) => [f, ''])) }),
        };
        if (await updatesIn(db).updateOne({ _id: id, version: current.version }, update)) return { id, ...stored };
        if (tries + 1 >= CHANGE_TRIES) throw new Error('The update kept changing; try again.');
      }
    });
  return {
    create: ({ id, ...rest }) => client.run('create update', (db) => updatesIn(db).insert({ _id: id, ...rest })),
    get: (id) =>
      client.run('update', async (db) => {
        const doc = await updatesIn(db).findOne({ _id: id });
        return doc ? updateOf(doc) : null;
      }),
    list: () =>
      client.run('updates', async (db) =>
        (await updatesIn(db).find({}, { sort: { createdAt: -1, _id: -1 } })).map(updateOf),
      ),
    change: (id, change) => {
      // One change of an update at a time in this process: FerretDB 1.x lets a write conditioned on
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
          await updatesIn(db).find({
            // The state narrows by its index; the rest is the condition itself.
            state: { $in: ['scheduled', 'sending'] },
            $or: [
              { state: 'scheduled', scheduledAt: { $lte: now } },
              { state: 'sending', fannedOut: false },
            ],
          })
        ).map(updateOf),
      ),
    sending: () =>
      client.run('sending updates', async (db) =>
        (await updatesIn(db).find({ state: 'sending' })).map((doc) => doc._id),
      ),
    published: () =>
      client.run('published updates', async (db) =>
        (await updatesIn(db).find({ startedAt: { $ne: null } }, { sort: { startedAt: -1 } })).map(updateOf),
      ),
  };
}
