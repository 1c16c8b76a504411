import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { MailState } from '../../mail/queue';
import { claimTickets, legacyMailState, mailQueue } from '../../mail/queue/record';
import { tallies } from '../tallies';
import type { UpdateRepository } from '../updates';
import type { Delivery, DeliveryCounts, DeliveryRepository } from '.';

type DeliveryDoc = Doc & Omit<Delivery, 'id'> & { mail: MailState };

/**
 * One document per recipient of an update, its email in the field `mail` (the shared mail
 * queue). Read by _id, but for an update's pending ones (`updateId` + `mail.status`), the queue's
 * sweep (`mail.status` + `mail.dueAt`) and erasure (`subscriberId`).
 */
export const UPDATE_DELIVERIES: CollectionSpec = {
  name: 'update_deliveries',
  indexes: [
    { name: 'updateId_status', key: { updateId: 1, 'mail.status': 1 } },
    { name: 'mail_dueAt', key: { 'mail.status': 1, 'mail.dueAt': 1 } },
    { name: 'subscriberId', key: { subscriberId: 1 } },
  ],
  legacy: (row) => ({
    _id: row.id as string,
    updateId: row.update_id as string,
    subscriberId: row.subscriber_id as string,
    email: row.email as string,
    mail: legacyMailState(row),
  }),
};
export const UPDATE_DELIVERY_CLAIMS = claimTickets('update_delivery_claims');

const deliveriesIn = (documents: Documents) => documents.collection<DeliveryDoc>(UPDATE_DELIVERIES.name);
const deliveryOf = ({ _id, updateId, subscriberId, email }: Doc): Delivery => ({
  id: _id,
  updateId: updateId as string,
  subscriberId: subscriberId as string,
  email: email as string,
});

const CANCEL = { $set: { 'mail.status': 'cancelled' }, $unset: { 'mail.dueAt': '', 'mail.lease': '' } } as const;

const countsOf = (by: Readonly<Record<string, number>>): DeliveryCounts => ({
  queued: by.pending ?? 0,
  sent: by.sent ?? 0,
  failed: by.failed ?? 0,
  suppressed: by.suppressed ?? 0,
  cancelled: by.cancelled ?? 0,
});

/** An update's deliveries by status, each tally named by its update. */
const tallyOf = (updateId: string) => `deliveries ${updateId}`;

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
 * Deliveries (update_deliveries), each with its email in the shared mail queue, sent only while
 * their update is (asked of the updates' record). Each update's counts by status are a running
 * tally (records/tallies.ts) that every change of status adjusts in its own store call (the
 * fan-out, the queue's outcomes, cancelling, erasure), so the console's look at an update is one
 * lookup by _id, not a count of its deliveries (FerretDB reads every document to count).
 */
export function updateDeliveries(
  client: DocumentClient,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DocumentClient,
  /** The updates, read by the queue's client too. */
  updates: Pick<UpdateRepository, 'get' | 'sending'>,
): DeliveryRepository {
  const tally = tallies(
    client,
    (documents) => documents,
    'deliveries',
    async (documents, name) => {
      const by: Record<string, number> = {};
      for (const { mail } of await deliveriesIn(documents).find({ updateId: name.slice(tallyOf('').length) }))
        by[mail.status] = (by[mail.status] ?? 0) + 1;
      return by;
    },
  );
  const moved = (db: Documents, updateId: string, from: string, to: string, n = 1) =>
    tally.add(db, tallyOf(updateId), { [from]: -n, [to]: n });
  return {
    add: (deliveries) =>
      client.run('add deliveries', async (db) => {
        // A fan-out run again: the records already there are refused one by one, the rest stored.
        const stored = await deliveriesIn(db).insertNew(deliveries.map(({ id, ...rest }) => ({ _id: id, ...rest })));
        for (const [updateId, diff] of addedByUpdate(stored))
          await tally.add(db, tallyOf(updateId), diff, { start: true });
        return stored.length;
      }),
    counts: async (updateId) => countsOf(await tally.read(tallyOf(updateId))),
    // Background work no request waits on, so without the request deadline: on FerretDB 1.24 it reads
    // the update's deliveries until it meets a pending one (all of them once none is left).
    anyPending: (updateId) =>
      client.unbounded(
        'pending deliveries',
        async (db) => (await deliveriesIn(db).findOne({ updateId, 'mail.status': 'pending' })) !== null,
      ),
    cancel: (updateId) =>
      client.run('cancel deliveries', async (db) => {
        const cancelled = await deliveriesIn(db).updateMany({ updateId, 'mail.status': 'pending' }, CANCEL);
        await moved(db, updateId, 'pending', 'cancelled', cancelled);
        return cancelled;
      }),
    erase: (subscriberId) =>
      client.run('erase deliveries', async (db) => {
        // One per update at most: each cancelled by its _id, so its update's tally knows which.
        for (const { _id, updateId } of await deliveriesIn(db).find({ subscriberId, 'mail.status': 'pending' }))
          if (await deliveriesIn(db).updateOne({ _id, 'mail.status': 'pending' }, CANCEL))
            await moved(db, updateId, 'pending', 'cancelled');
        return deliveriesIn(db).updateMany({ subscriberId }, { $set: { email: '' } });
      }),
    get: (id) =>
      client.run('delivery', async (db) => {
        const doc = await deliveriesIn(db).findOne({ _id: id });
        return doc ? { ...deliveryOf(doc), mail: doc.mail } : null;
      }),
    queue: mailQueue(queueClient, {
      collection: UPDATE_DELIVERIES.name,
      field: 'mail',
      claims: UPDATE_DELIVERY_CLAIMS.name,
      item: deliveryOf,
      dueFilter: async () => ({ updateId: { $in: await updates.sending() } }),
      // Sent while its update is sending; settled as cancelled once the update is (the cancel's own
      // write may have been undone by a claim's, FerretDB 1.x not isolating them).
      sendable: async (doc) => {
        const update = await updates.get(doc.updateId as string);
        if (update?.state === 'sending') return true;
        return update?.state === 'cancelled' ? 'cancelled' : false;
      },
      statusChanged: (db, doc, from, to) => moved(db, doc.updateId as string, from, to),
    }),
  };
}
