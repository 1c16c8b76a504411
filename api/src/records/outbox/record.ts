import type { DocumentClient } from '../../db/port';
import { claimTickets, mailQueue } from '../../mail/queue/record';
import { submissionOf, submissionsIn, SUBMISSIONS, type SubmissionDoc } from '../submissions/record';
import type { NotificationState, OutboxRepository } from '.';

/** The claim tickets of the team notifications (mail/queue/record.ts says why by tickets). */
export const NOTIFICATION_CLAIMS = claimTickets('notification_claims');

/**
 * The team notifications: the `notification` field of each submission's document (written by the
 * submission's own insert), claimed through the mail queue every email shares.
 */
export function submissionNotifications(client: DocumentClient): OutboxRepository {
  const queue = mailQueue(client, {
    collection: SUBMISSIONS.name,
    field: 'notification',
    claims: NOTIFICATION_CLAIMS.name,
    item: (doc) => submissionOf(doc as SubmissionDoc),
  });
  return {
    ...queue,
    claim: async (id, lease, now, leaseMs) => {
      const claimed = await queue.claim(id, lease, now, leaseMs);
      return claimed && { submission: claimed.item, notification: claimed.state as NotificationState, lease };
    },
    async stats() {
      // One read (FerretDB scans the collection for each query): counted here, not by the server.
      const docs = await client.run('outbox stats', (db) =>
        submissionsIn(db).find(
          { 'notification.status': { $in: ['pending', 'failed'] } },
          { without: ['fields', 'files', 'idempotencyKey', 'requestFingerprint'] },
        ),
      );
      let pending = 0;
      let failed = 0;
      let oldestPendingAt: Date | null = null;
      for (const doc of docs) {
        if (doc.notification?.status === 'failed') failed += 1;
        else {
          pending += 1;
          if (!oldestPendingAt || doc.receivedAt < oldestPendingAt) oldestPendingAt = doc.receivedAt;
        }
      }
      return { pending, failed, oldestPendingAt };
    },
  };
}
