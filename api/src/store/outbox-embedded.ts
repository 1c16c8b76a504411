import type Datastore from '@seald-io/nedb';
import type { ClaimedNotification, NotificationOutbox, NotificationState } from './outbox';
import type { StoredSubmission } from './types';

interface OutboxDoc {
  _id: string;
  receivedAt: Date;
  notification?: NotificationState;
}

const PENDING = { 'notification.status': 'pending' };

/**
 * The outbox of the embedded store: NeDB runs one operation at a time and appends each update to
 * its data file before it resolves, so a claim (a conditional update) is atomic and durable.
 */
export function embeddedOutbox<Doc extends OutboxDoc>(
  open: () => Promise<Datastore<Doc>>,
  toSubmission: (doc: Doc) => StoredSubmission,
): Required<NotificationOutbox> {
  const finish = async (id: string, lease: string, update: Record<string, unknown>): Promise<boolean> => {
    const datastore = await open();
    const { numAffected } = await datastore.updateAsync(
      { _id: id, ...PENDING, 'notification.lease': lease },
      update,
      {},
    );
    return numAffected === 1;
  };
  return {
    async due(now, limit) {
      const datastore = await open();
      const docs = (await datastore
        .findAsync({ ...PENDING, 'notification.dueAt': { $lte: now } }, { _id: 1 })
        .limit(limit)) as unknown as { _id: string }[];
      return docs.map((doc) => doc._id);
    },

    async claim(id, lease, now, leaseMs): Promise<ClaimedNotification | null> {
      const datastore = await open();
      const { numAffected, affectedDocuments } = await datastore.updateAsync(
        { _id: id, ...PENDING, 'notification.dueAt': { $lte: now } },
        {
          $set: { 'notification.dueAt': new Date(now.getTime() + leaseMs), 'notification.lease': lease },
          $inc: { 'notification.attempts': 1 },
        },
        { returnUpdatedDocs: true },
      );
      const doc = affectedDocuments as unknown as Doc | null;
      if (numAffected !== 1 || !doc?.notification) return null;
      return { submission: toSubmission(doc), notification: { ...doc.notification }, lease };
    },

    markSent: (id, lease, at) =>
      finish(id, lease, {
        $set: { 'notification.status': 'sent', 'notification.sentAt': at },
        $unset: { 'notification.dueAt': true, 'notification.lease': true },
      }),

    retryLater: (id, lease, dueAt, reason) =>
      finish(id, lease, {
        $set: { 'notification.dueAt': dueAt, 'notification.lastError': reason },
        $unset: { 'notification.lease': true },
      }),

    markFailed: (id, lease, at, reason) =>
      finish(id, lease, {
        $set: { 'notification.status': 'failed', 'notification.failedAt': at, 'notification.lastError': reason },
        $unset: { 'notification.dueAt': true, 'notification.lease': true },
      }),

    async releaseLeases(now) {
      const datastore = await open();
      const { numAffected } = await datastore.updateAsync(
        { ...PENDING, 'notification.lease': { $exists: true } },
        { $set: { 'notification.dueAt': now }, $unset: { 'notification.lease': true } },
        { multi: true },
      );
      return numAffected;
    },

    async stats() {
      const datastore = await open();
      const [pending, failed, oldest] = await Promise.all([
        datastore.countAsync(PENDING),
        datastore.countAsync({ 'notification.status': 'failed' }),
        datastore.findAsync(PENDING, { receivedAt: 1 }).sort({ receivedAt: 1 }).limit(1),
      ]);
      const first = (oldest as unknown as OutboxDoc[])[0];
      return { pending, failed, oldestPendingAt: first ? first.receivedAt : null };
    },
  };
}
