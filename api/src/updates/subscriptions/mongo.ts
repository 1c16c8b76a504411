import type { Db } from 'mongodb';
import { UPDATE_LISTS } from '@wpc/shared/updates';
import type { DatabaseClient } from '../../db/client';
import type { ListCounts, Subscriber, SubscriptionRepository } from '.';

type SubscriberDoc = Omit<Subscriber, 'id'> & { _id: string };
export const SUBSCRIBERS = 'update_subscribers';
const of = (db: Db) => db.collection<SubscriberDoc>(SUBSCRIBERS);
const DUPLICATE_KEY = 11000;
/** A change read over by another writer is tried again this often before giving up. */
const CHANGE_TRIES = 5;
const fromDoc = ({ _id, ...rest }: SubscriberDoc): Subscriber => ({ id: _id, ...rest });
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Subscribers in one collection, each under its address's hash. A change replaces the document
 * only if its version is the one read (optimistic concurrency), else reads again; FerretDB 1.x does
 * not isolate that condition, so two changes of one address in the same instant can both land
 * (the last wins): rare (one person, one address) and never worse than one of the two changes.
 */
export function mongoSubscriptions(client: DatabaseClient<Db>): SubscriptionRepository {
  return {
    get: (id) =>
      client.run('subscriber', async (db) => {
        const doc = await of(db).findOne({ _id: id });
        return doc ? fromDoc(doc) : null;
      }),
    change: (id, change) =>
      client.run('change subscriber', async (db) => {
        for (let tries = 0; ; tries += 1) {
          const doc = await of(db).findOne({ _id: id });
          const current = doc ? fromDoc(doc) : null;
          const next = change(current);
          if (next === undefined) return current;
          if (next === null) {
            await of(db).deleteOne({ _id: id });
            return null;
          }
          const { id: _ignored, ...rest } = next;
          const stored: SubscriberDoc = { ...rest, _id: id, version: (current?.version ?? 0) + 1 };
          if (!current) {
            try {
              await of(db).insertOne(stored);
              return fromDoc(stored);
            } catch (error) {
              if ((error as { code?: unknown }).code !== DUPLICATE_KEY || tries + 1 >= CHANGE_TRIES) throw error;
              continue;
            }
          }
          const { matchedCount } = await of(db).replaceOne({ _id: id, version: current.version }, stored);
          if (matchedCount === 1) return fromDoc(stored);
          if (tries + 1 >= CHANGE_TRIES) throw new Error('The subscriber kept changing; try again.');
        }
      }),
    search: ({ q, list, limit }) =>
      client.run('search subscribers', async (db) => {
        const filter: Record<string, unknown> = {};
        if (q) filter.email = { $regex: escapeRegex(q.trim()), $options: 'i' };
        if (list) filter[`lists.${list}.state`] = { $exists: true };
        const docs = await of(db).find(filter).sort({ email: 1 }).limit(limit).toArray();
        return docs.map(fromDoc);
      }),
    counts: () =>
      client.run('count subscribers', async (db) => {
        // One pass, counted here (FerretDB scans for each query anyway).
        const docs = await of(db)
          .find({}, { projection: { lists: 1 } })
          .toArray();
        return UPDATE_LISTS.map((list): ListCounts => {
          const states = docs.map((doc) => doc.lists?.[list]?.state);
          const count = (state: string) => states.filter((value) => value === state).length;
          return { list, confirmed: count('confirmed'), pending: count('pending'), left: count('left') };
        });
      }),
    anyConfirmed: (list) =>
      client.run(
        'any confirmed',
        async (db) =>
          (await of(db).findOne({ [`lists.${list}.state`]: 'confirmed' }, { projection: { _id: 1 } })) !== null,
      ),
    // A page of an update's fan-out: background work no request waits on, so not held to
    // STORE_TIMEOUT_MS. On FerretDB's SQLite backend the nested filter scans the collection, which
    // took longer than that at 10,000 subscribers and stalled the fan-out (bench:updates).
    recipients: (list, after, limit) =>
      client.unbounded('recipients', async (db) => {
        const docs = await of(db)
          .find(
            { [`lists.${list}.state`]: 'confirmed', ...(after ? { _id: { $gt: after } } : {}) },
            { projection: { email: 1 } },
          )
          .sort({ _id: 1 })
          .limit(limit)
          .toArray();
        return docs.map((doc) => ({ id: doc._id, email: doc.email }));
      }),
    all: () =>
      client.run('all subscribers', async (db) => (await of(db).find({}).sort({ email: 1 }).toArray()).map(fromDoc)),
  };
}
