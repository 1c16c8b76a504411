import type { Db } from 'mongodb';
import { UPDATE_LISTS } from '@wpc/shared/updates';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import { mongoTally } from '../tallies';
import { addressHash, addressKey, isWholeAddress } from './address';
import type { ListCounts, ListState, Subscriber, SubscriberSummary, SubscriptionRepository } from '.';

/** `emailKey`: the address as compared (./address.ts), for searching and ordering in any case. */
type SubscriberDoc = Omit<Subscriber, 'id'> & { _id: string; emailKey: string };
export const SUBSCRIBERS = 'update_subscribers';
const of = (db: Db) => db.collection<SubscriberDoc>(SUBSCRIBERS);
const DUPLICATE_KEY = 11000;
/** A change read over by another writer is tried again this often before giving up. */
const CHANGE_TRIES = 5;
const fromDoc = ({ _id, emailKey: _key, ...rest }: SubscriberDoc): Subscriber => ({ id: _id, ...rest });
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The change of the per-list counts from one subscriber's change ("<list>_<state>": +1 or -1). */
function countChange(before: Subscriber | null, after: Subscriber | null): Record<string, number> {
  const diff: Record<string, number> = {};
  for (const [subscriber, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const list of UPDATE_LISTS) {
      const state = subscriber?.lists[list]?.state;
      if (state) diff[`${list}_${state}`] = (diff[`${list}_${state}`] ?? 0) + sign;
    }
  }
  return diff;
}

/** Real MongoDB orders the search by address with it (FerretDB 1.24 on SQLite uses only _id). */
export const SUBSCRIBER_INDEXES: readonly MongoIndex[] = [
  { collection: SUBSCRIBERS, name: 'emailKey', key: { emailKey: 1 } },
];

/**
 * Subscribers in one collection, each under its address's hash. A change replaces the document
 * only if its version is the one read (optimistic concurrency), else reads again; FerretDB 1.x does
 * not isolate that condition, so two changes of one address in the same instant can both land
 * (the last wins): rare (one person, one address) and never worse than one of the two changes.
 */
export function mongoSubscriptions(client: DatabaseClient<Db>): SubscriptionRepository {
  const tally = mongoTally(client, 'subscribers', async (db) => {
    const counts: Record<string, number> = {};
    for await (const doc of of(db).find({}, { projection: { lists: 1 } })) {
      for (const [key, n] of Object.entries(countChange(null, { lists: doc.lists } as Subscriber))) {
        counts[key] = (counts[key] ?? 0) + n;
      }
    }
    return counts;
  });
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
            if ((await of(db).deleteOne({ _id: id })).deletedCount === 1)
              await tally.add(db, countChange(current, null));
            return null;
          }
          const { id: _ignored, ...rest } = next;
          const stored: SubscriberDoc = {
            ...rest,
            _id: id,
            emailKey: addressKey(rest.email),
            version: (current?.version ?? 0) + 1,
          };
          if (!current) {
            try {
              await of(db).insertOne(stored);
              await tally.add(db, countChange(null, fromDoc(stored)));
              return fromDoc(stored);
            } catch (error) {
              if ((error as { code?: unknown }).code !== DUPLICATE_KEY || tries + 1 >= CHANGE_TRIES) throw error;
              continue;
            }
          }
          const { matchedCount } = await of(db).replaceOne({ _id: id, version: current.version }, stored);
          if (matchedCount === 1) {
            await tally.add(db, countChange(current, fromDoc(stored)));
            return fromDoc(stored);
          }
          if (tries + 1 >= CHANGE_TRIES) throw new Error('The subscriber kept changing; try again.');
        }
      }),
    // A whole address is one lookup by its hash; part of one needs a look at every address, which
    // FerretDB 1.24 on SQLite does for any filter but _id (1-2 s at 10,000): so that search runs
    // without the request deadline (the console asks only when someone searches).
    search: ({ q, list, limit }) => {
      const onList = list ? { [`lists.${list}.state`]: { $exists: true } } : {};
      const projection = { email: 1, lists: 1, createdAt: 1 };
      const summary = ({
        _id,
        email,
        lists,
        createdAt,
      }: Pick<SubscriberDoc, '_id' | 'email' | 'lists' | 'createdAt'>) =>
        ({ id: _id, email, lists, createdAt }) satisfies SubscriberSummary;
      if (isWholeAddress(q))
        return client.run('find subscriber', async (db) => {
          const doc = await of(db).findOne({ _id: addressHash(q), ...onList }, { projection });
          return doc ? [summary(doc)] : [];
        });
      return client.unbounded('search subscribers', async (db) => {
        const filter = { emailKey: { $regex: escapeRegex(addressKey(q)) }, ...onList };
        const docs = await of(db).find(filter, { projection }).sort({ emailKey: 1 }).limit(limit).toArray();
        return docs.map(summary);
      });
    },
    counts: async () => {
      const counts = await tally.read();
      const count = (list: string, state: ListState) => counts[`${list}_${state}`] ?? 0;
      return UPDATE_LISTS.map((list): ListCounts => ({
        list,
        confirmed: count(list, 'confirmed'),
        pending: count(list, 'pending'),
        left: count(list, 'left'),
      }));
    },
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
      client.run('all subscribers', async (db) => (await of(db).find({}).sort({ emailKey: 1 }).toArray()).map(fromDoc)),
  };
}
