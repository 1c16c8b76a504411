import { ObjectId, type Collection, type Document, type Filter } from 'mongodb';
import type { ClaimedNotification, NotificationOutbox, NotificationState } from './outbox';
import type { StoredSubmission } from './types';

interface OutboxDoc extends Document {
  _id: ObjectId;
  receivedAt: Date;
  notification?: NotificationState;
}

const OBJECT_ID = /^[a-f0-9]{24}$/i;
const PENDING = { 'notification.status': 'pending' } as const;

/**
 * Indexes of the outbox queries, created with the submissions' own: due entries, and the
 * pending ones by age for /api/health (MongoDB uses them; FerretDB 1.x scans either way).
 */
export const OUTBOX_INDEXES = [
  { name: 'notification_dueAt', key: { 'notification.dueAt': 1 }, options: { sparse: true } },
  { name: 'notification_status_receivedAt', key: { 'notification.status': 1, receivedAt: 1 }, options: {} },
] as const;

/**
 * The outbox of the MongoDB store. A claim is one conditional updateOne ("pending and due"),
 * which the server applies atomically to the document, so of two replicas claiming the same
 * entry one changes it and the other changes nothing; the winner then reads the document by _id.
 */
export function mongoOutbox(
  run: <T>(work: (submissions: Collection<OutboxDoc>) => Promise<T>) => Promise<T>,
  toSubmission: (doc: OutboxDoc) => StoredSubmission,
): NotificationOutbox {
  const finish = async (id: string, lease: string, update: Document): Promise<boolean> => {
    if (!OBJECT_ID.test(id)) return false;
    const filter = { _id: new ObjectId(id), ...PENDING, 'notification.lease': lease } as Filter<OutboxDoc>;
    const result = await run((submissions) => submissions.updateOne(filter, update));
    return result.modifiedCount === 1;
  };
  return {
    async due(now, limit) {
      const docs = await run((submissions) =>
        submissions
          .find({ ...PENDING, 'notification.dueAt': { $lte: now } } as Filter<OutboxDoc>, { projection: { _id: 1 } })
          .limit(limit)
          .toArray(),
      );
      return docs.map((doc) => doc._id.toHexString());
    },

    async claim(id, lease, now, leaseMs): Promise<ClaimedNotification | null> {
      if (!OBJECT_ID.test(id)) return null;
      const _id = new ObjectId(id);
      const claimed = await run((submissions) =>
        submissions.updateOne({ _id, ...PENDING, 'notification.dueAt': { $lte: now } } as Filter<OutboxDoc>, {
          $set: { 'notification.dueAt': new Date(now.getTime() + leaseMs), 'notification.lease': lease },
          $inc: { 'notification.attempts': 1 },
        }),
      );
      if (claimed.modifiedCount !== 1) return null;
      const doc = await run((submissions) => submissions.findOne({ _id }));
      if (!doc?.notification || doc.notification.lease !== lease) return null;
      return { submission: toSubmission(doc), notification: doc.notification, lease };
    },

    markSent: (id, lease, at) =>
      finish(id, lease, {
        $set: { 'notification.status': 'sent', 'notification.sentAt': at },
        $unset: { 'notification.dueAt': '', 'notification.lease': '' },
      }),

    retryLater: (id, lease, dueAt, reason) =>
      finish(id, lease, {
        $set: { 'notification.dueAt': dueAt, 'notification.lastError': reason },
        $unset: { 'notification.lease': '' },
      }),

    markFailed: (id, lease, at, reason) =>
      finish(id, lease, {
        $set: { 'notification.status': 'failed', 'notification.failedAt': at, 'notification.lastError': reason },
        $unset: { 'notification.dueAt': '', 'notification.lease': '' },
      }),

    async stats() {
      return run(async (submissions) => {
        const [pending, failed, oldest] = await Promise.all([
          submissions.countDocuments(PENDING as Filter<OutboxDoc>),
          submissions.countDocuments({ 'notification.status': 'failed' } as Filter<OutboxDoc>),
          submissions
            .find(PENDING as Filter<OutboxDoc>, { projection: { receivedAt: 1 } })
            .sort({ receivedAt: 1 })
            .limit(1)
            .next(),
        ]);
        return { pending, failed, oldestPendingAt: oldest ? oldest.receivedAt : null };
      });
    },
  };
}
