import { UPDATE_LISTS, type UpdateListId } from '@wpc/shared/updates';
import { DuplicateKeyError, type CollectionSpec, type Doc, type DocumentClient, type Documents } from '../../db/port';
import { fromJson } from '../json-dates';
import { tallies } from '../tallies';
import { addressHash, addressKey, isWholeAddress } from './address';
import type { ListCounts, ListState, Subscriber, SubscriberSummary, SubscriptionRepository } from '.';

/** `emailKey`: the address as compared (address.ts), for searching and ordering in any case. */
type SubscriberDoc = Doc & Omit<Subscriber, 'id'> & { emailKey: string };

const stateOf = (list: UpdateListId) => `lists.${list}.state`;

/** A subscriber of the embedded table before the port (`subscribers`: id, email_key, the JSON document). */
function legacySubscriber(row: Record<string, unknown>): SubscriberDoc {
  const { id: _id, ...subscriber } = fromJson<Subscriber>(row.doc);
  return { _id: row.id as string, ...subscriber, emailKey: row.email_key as string };
}

/**
 * One document per address, under its hash. `emailKey` orders the search and the export; each
 * list's state finds an update's recipients page by page (on the embedded store an index column
 * each, so a page is one SQL query; FerretDB 1.24 scans for them either way).
 */
export const UPDATE_SUBSCRIBERS: CollectionSpec = {
  name: 'update_subscribers',
  indexes: [
    { name: 'emailKey', key: { emailKey: 1 } },
    ...UPDATE_LISTS.map((list) => ({ name: stateOf(list), key: { [stateOf(list)]: 1 as const } })),
  ],
  legacy: legacySubscriber,
  legacyTables: ['subscribers'],
};

const subscribersIn = (documents: Documents) => documents.collection<SubscriberDoc>(UPDATE_SUBSCRIBERS.name);

/** The per-list counts are one tally (records/tallies.ts): counting would read every subscriber on FerretDB. */
const COUNTS = 'subscribers';
/** A change read over by another writer is tried again this often before giving up. */
const CHANGE_TRIES = 5;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fromDoc = ({ _id, emailKey: _key, ...rest }: SubscriberDoc): Subscriber => ({ id: _id, ...rest });
const summaryOf = ({ _id, email, lists, createdAt }: SubscriberDoc): SubscriberSummary => ({
  id: _id,
  email,
  lists,
  createdAt,
});

/** The change of the per-list counts from one subscriber's change ("<list>_<state>": +1 or -1). */
function countChange(before: Pick<Subscriber, 'lists'> | null, after: Pick<Subscriber, 'lists'> | null) {
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

/**
 * Subscribers (update_subscribers), each under its address's hash. A change writes the document
 * only if its version is the one read (optimistic concurrency), else reads again; FerretDB 1.x does
 * not isolate that condition, so two replicas' changes of one address in the same instant can both
 * land (the last wins): rare (one person, one address) and never worse than one of the two changes.
 * Within one process the changes of a subscriber are made one after another.
 */
export function updateSubscribers(client: DocumentClient): SubscriptionRepository {
  const changing = new Map<string, Promise<Subscriber | null>>();
  const counts = tallies(
    client,
    (documents) => documents,
    COUNTS,
    async (documents) => {
      const total: Record<string, number> = {};
      for (const doc of await subscribersIn(documents).find({}))
        for (const [key, n] of Object.entries(countChange(null, doc))) total[key] = (total[key] ?? 0) + n;
      return total;
    },
  );

  /** One try of a change: the stored subscriber, or undefined when another writer came first. */
  async function changeOnce(
    db: Documents,
    id: string,
    change: (current: Subscriber | null) => Subscriber | null | undefined,
  ) {
    const doc = await subscribersIn(db).findOne({ _id: id });
    const current = doc ? fromDoc(doc) : null;
    const next = change(current);
    if (next === undefined) return current;
    if (next === null) {
      if (await subscribersIn(db).deleteOne({ _id: id })) await counts.add(db, COUNTS, countChange(current, null));
      return null;
    }
    const { id: _ignored, ...rest } = next;
    const fields = { ...rest, emailKey: addressKey(rest.email), version: (current?.version ?? 0) + 1 };
    const stored = fromDoc({ _id: id, ...fields });
    if (!current) {
      try {
        await subscribersIn(db).insert({ _id: id, ...fields });
      } catch (error) {
        if (error instanceof DuplicateKeyError) return undefined;
        throw error;
      }
    } else if (!(await subscribersIn(db).updateOne({ _id: id, version: current.version }, { $set: fields })))
      return undefined;
    await counts.add(db, COUNTS, countChange(current, stored));
    return stored;
  }

  return {
    get: (id) =>
      client.run('subscriber', async (db) => {
        const doc = await subscribersIn(db).findOne({ _id: id });
        return doc ? fromDoc(doc) : null;
      }),
    change: (id, change) => {
      // One change of a subscriber at a time in this process: a form sent again and again with one
      // address (10 at once in the submit bench) would otherwise spend its tries on its own
      // requests' writes (the embedded store's only process, too, interleaves awaited calls).
      const attempt = () =>
        client.run('change subscriber', async (db) => {
          for (let tries = 1; ; tries += 1) {
            const stored = await changeOnce(db, id, change);
            if (stored !== undefined) return stored;
            if (tries >= CHANGE_TRIES) throw new Error('The subscriber kept changing; try again.');
          }
        });
      const next = (changing.get(id) ?? Promise.resolve()).then(attempt, attempt);
      changing.set(id, next);
      const forget = () => {
        if (changing.get(id) === next) changing.delete(id);
      };
      next.then(forget, forget);
      return next;
    },
    // A whole address is one lookup by its hash; part of one needs a look at every address, which
    // FerretDB 1.24 on SQLite does for any filter but _id (1-2 s at 10,000): so that search runs
    // without the request deadline (the console asks only when someone searches).
    search: ({ q, list, limit }) => {
      const onList = list ? { [stateOf(list)]: { $exists: true } } : {};
      if (isWholeAddress(q))
        return client.run('find subscriber', async (db) => {
          const doc = await subscribersIn(db).findOne({ _id: addressHash(q), ...onList });
          return doc ? [summaryOf(doc)] : [];
        });
      return client.unbounded('search subscribers', async (db) => {
        const filter = { emailKey: { $regex: escapeRegex(addressKey(q)) }, ...onList };
        return (await subscribersIn(db).find(filter, { sort: { emailKey: 1 }, limit })).map(summaryOf);
      });
    },
    counts: async () => {
      const tally = await counts.read(COUNTS);
      const count = (list: string, state: ListState) => tally[`${list}_${state}`] ?? 0;
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
        async (db) => (await subscribersIn(db).findOne({ [stateOf(list)]: 'confirmed' })) !== null,
      ),
    // A page of an update's fan-out: background work no request waits on, so not held to
    // STORE_TIMEOUT_MS. On FerretDB's SQLite backend the nested filter scans the collection, which
    // took longer than that at 10,000 subscribers and stalled the fan-out (bench:updates).
    recipients: (list, after, limit) =>
      client.unbounded('recipients', async (db) => {
        const filter = { [stateOf(list)]: 'confirmed', ...(after ? { _id: { $gt: after } } : {}) };
        const docs = await subscribersIn(db).find(filter, { sort: { _id: 1 }, limit });
        return docs.map((doc) => ({ id: doc._id, email: doc.email }));
      }),
    all: () =>
      client.run('all subscribers', async (db) =>
        (await subscribersIn(db).find({}, { sort: { emailKey: 1 } })).map(fromDoc),
      ),
  };
}
