import type { Db, Document } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import type { MailState } from '../../mail/queue';
import { mongoMailQueue } from '../../mail/queue/mongo';
import { UPDATES } from '../updates/mongo';
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

const sendingIds = async (db: Db) =>
  (
    await db
      .collection(UPDATES)
      .find({ state: 'sending' }, { projection: { _id: 1 } })
      .toArray()
  ).map((doc) => doc._id as unknown as string);

/** Deliveries in their own collection, each with its email (field `mail`) in the shared mail queue. */
export function mongoDeliveries(
  client: DatabaseClient<Db>,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DatabaseClient<Db> = client,
): DeliveryRepository {
  const cancel = (filter: Document) =>
    client.run('cancel deliveries', async (db) => {
      const { modifiedCount } = await of(db).updateMany(
        { ...filter, 'mail.status': 'pending' },
        { $set: { 'mail.status': 'cancelled' }, $unset: { 'mail.dueAt': '', 'mail.lease': '' } },
      );
      return modifiedCount;
    });
  return {
    add: (deliveries) =>
      client.run('add deliveries', async (db) => {
        if (deliveries.length === 0) return 0;
        try {
          const result = await of(db).insertMany(
            deliveries.map(({ id, ...rest }) => ({ _id: id, ...rest })),
            { ordered: false },
          );
          return result.insertedCount;
        } catch (error) {
          // A fan-out run again: the records already there are refused one by one, the rest stored.
          const inserted = (error as { insertedCount?: number; code?: number; writeErrors?: { code: number }[] })
            .insertedCount;
          const errors = (error as { writeErrors?: { code: number }[] }).writeErrors;
          if (inserted !== undefined && errors?.every((entry) => entry.code === 11000)) return inserted;
          throw error;
        }
      }),
    counts: (updateId) =>
      client.run('count deliveries', async (db) =>
        countsOf(
          (
            await of(db)
              .aggregate<{ _id: string; n: number }>([
                { $match: { updateId } },
                { $group: { _id: '$mail.status', n: { $sum: 1 } } },
              ])
              .toArray()
          ).map((row) => ({ status: row._id, n: row.n })),
        ),
      ),
    // Background work no request waits on, so without the request deadline: on FerretDB 1.24 it reads
    // the update's deliveries until it meets a pending one (all of them once none is left).
    anyPending: (updateId) =>
      client.unbounded(
        'pending deliveries',
        async (db) =>
          (await of(db).findOne({ updateId, 'mail.status': 'pending' }, { projection: { _id: 1 } })) !== null,
      ),
    cancel: (updateId) => cancel({ updateId }),
    erase: (subscriberId) =>
      client.run('erase deliveries', async (db) => {
        await of(db).updateMany(
          { subscriberId, 'mail.status': 'pending' },
          { $set: { 'mail.status': 'cancelled' }, $unset: { 'mail.dueAt': '', 'mail.lease': '' } },
        );
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
          .collection(UPDATES)
          .findOne({ _id: doc.updateId as never }, { projection: { state: 1 } });
        if (update?.state === 'sending') return true;
        return update?.state === 'cancelled' ? 'cancelled' : false;
      },
    }),
  };
}
