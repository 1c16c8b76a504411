import type { Db, Document } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import type { MailState } from '../../mail/queue';
import { mongoMailQueue } from '../../mail/queue/mongo';
import { mongoTallies, type MongoTallies } from '../tallies';
import { UPDATES } from '../updates/record';
import type { Delivery, DeliveryRepository } from '.';
import { countsOf } from './embedded';

type DeliveryDoc = Omit<Delivery, 'id'> & { _id: string; mail: MailState };
const DELIVERIES = 'update_deliveries';
const of = (db: Db) => db.collection<DeliveryDoc>(DELIVERIES);
const fromDoc = ({ _id, updateId, subscriberId, email }: Document): Delivery => ({
  id: _id as string,
  updateId: updateId as string,
  subscriberId: subscriberId as string,
  email: email as string,
});

export const DELIVERY_INDEXES: readonly MongoIndex[] = [
  { collection: DELIVERIES, name: 'updateId_status', key: { updateId: 1, 'mail.status': 1 } },
  { collection: DELIVERIES, name: 'mail_dueAt', key: { 'mail.status': 1, 'mail.dueAt': 1 } },
];

const CANCEL = { $set: { 'mail.status': 'cancelled' }, $unset: { 'mail.dueAt': '', 'mail.lease': '' } } as const;

const sendingIds = async (db: Db) =>
  (
    await db
      .collection(UPDATES.name)
      .find({ state: 'sending' }, { projection: { _id: 1 } })
      .toArray()
  ).map((doc) => doc._id as unknown as string);

/** An update's deliveries by status, each tally named by its update. */
const tallyOf = (updateId: string) => `deliveries ${updateId}`;

function deliveryTallies(client: DatabaseClient<Db>): MongoTallies {
  return mongoTallies(client, 'deliveries', async (db, name) => {
    const updateId = name.slice(tallyOf('').length);
    const rows = await of(db)
      .aggregate<{ _id: string; n: number }>([
        { $match: { updateId } },
        { $group: { _id: '$mail.status', n: { $sum: 1 } } },
      ])
      .toArray();
    return Object.fromEntries(rows.map((row) => [row._id, row.n]));
  });
}

/** The positions of a batch an unordered insertMany stored: all but those refused for a repeated _id. */
function storedPositions(count: number, error: unknown): number[] | null {
  const errors = (error as { writeErrors?: { code: number; index: number }[] } | null)?.writeErrors;
  if (!errors?.every((entry) => entry.code === 11000)) return null;
  const refused = new Set(errors.map((entry) => entry.index));
  return Array.from({ length: count }, (_, index) => index).filter((index) => !refused.has(index));
}

/** The tallies' change for these new deliveries, by update. */
const addedByUpdate = (deliveries: readonly { updateId: string; mail: { status: string } }[]) => {
  const diffs = new Map<string, Record<string, number>>();
  for (const { updateId, mail } of deliveries) {
    const diff = diffs.get(updateId) ?? {};
    diff[mail.status] = (diff[mail.status] ?? 0) + 1;
    diffs.set(updateId, diff);
  }
  return diffs;
};

/**
 * Deliveries in their own collection, each with its email (field `mail`) in the shared mail queue.
 * Each update's counts by status are a running tally (tallies.ts) that every change of status
 * adjusts in its own store call (the fan-out, the queue's outcomes, cancelling, erasure), so the
 * console's look at an update is one lookup by _id, not a count of its deliveries.
 */
export function mongoDeliveries(
  client: DatabaseClient<Db>,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DatabaseClient<Db> = client,
): DeliveryRepository {
  const tallies = deliveryTallies(client);
  const moved = (db: Db, updateId: string, from: string, to: string, n = 1) =>
    tallies.add(db, tallyOf(updateId), { [from]: -n, [to]: n });
  return {
    add: (deliveries) =>
      client.run('add deliveries', async (db) => {
        if (deliveries.length === 0) return 0;
        let stored = deliveries;
        try {
          await of(db).insertMany(
            deliveries.map(({ id, ...rest }) => ({ _id: id, ...rest })),
            { ordered: false },
          );
        } catch (error) {
          // A fan-out run again: the records already there are refused one by one, the rest stored.
          const positions = storedPositions(deliveries.length, error);
          if (!positions) throw error;
          stored = positions.map((index) => deliveries[index]!);
        }
        for (const [updateId, diff] of addedByUpdate(stored))
          await tallies.add(db, tallyOf(updateId), diff, { start: true });
        return stored.length;
      }),
    counts: async (updateId) =>
      countsOf(Object.entries(await tallies.read(tallyOf(updateId))).map(([status, n]) => ({ status, n }))),
    // Background work no request waits on, so without the request deadline: on FerretDB 1.24 it reads
    // the update's deliveries until it meets a pending one (all of them once none is left).
    anyPending: (updateId) =>
      client.unbounded(
        'pending deliveries',
        async (db) =>
          (await of(db).findOne({ updateId, 'mail.status': 'pending' }, { projection: { _id: 1 } })) !== null,
      ),
    cancel: (updateId) =>
      client.run('cancel deliveries', async (db) => {
        const { modifiedCount } = await of(db).updateMany({ updateId, 'mail.status': 'pending' }, CANCEL);
        await moved(db, updateId, 'pending', 'cancelled', modifiedCount);
        return modifiedCount;
      }),
    erase: (subscriberId) =>
      client.run('erase deliveries', async (db) => {
        // One per update at most: each cancelled by its _id, so its update's tally knows which.
        const pending = await of(db)
          .find({ subscriberId, 'mail.status': 'pending' }, { projection: { _id: 1, updateId: 1 } })
          .toArray();
        for (const { _id, updateId } of pending)
          if ((await of(db).updateOne({ _id, 'mail.status': 'pending' }, CANCEL)).modifiedCount === 1)
            await moved(db, updateId, 'pending', 'cancelled');
        return (await of(db).updateMany({ subscriberId }, { $set: { email: '' } })).modifiedCount;
      }),
    get: (id) =>
      client.run('delivery', async (db) => {
        const doc = await of(db).findOne({ _id: id });
        return doc ? { ...fromDoc(doc), mail: doc.mail } : null;
      }),
    queue: mongoMailQueue(queueClient, {
      collection: DELIVERIES,
      field: 'mail',
      claims: 'update_delivery_claims',
      idOf: (id) => id,
      idFrom: (id) => id as string,
      item: fromDoc,
      dueFilter: async (db) => ({ updateId: { $in: await sendingIds(db) } }),
      // Sent while its update is sending; settled as cancelled once the update is (the cancel's own
      // write may have been undone by a claim's, FerretDB 1.x not isolating them).
      sendable: async (doc, db) => {
        const update = await db
          .collection(UPDATES.name)
          .findOne({ _id: doc.updateId as never }, { projection: { state: 1 } });
        if (update?.state === 'sending') return true;
        return update?.state === 'cancelled' ? 'cancelled' : false;
      },
      statusChanged: (db, doc, from, to) => moved(db, doc.updateId as string, from, to),
    }),
  };
}
