import type { MailQueue } from '../../mail/queue';
import type { StoredSubmission } from '../submissions';
import type { NotificationState, OutboxRepository } from '.';

/**
 * The outbox's steps that are the mail queue's own, the same on both backends; a claim answers with
 * the submission and its notification.
 */
export function outboxQueueSteps(
  queue: MailQueue<StoredSubmission>,
): Pick<OutboxRepository, 'due' | 'claim' | 'renew' | 'markSent' | 'retryLater' | 'markFailed'> {
  return {
    due: (now, limit) => queue.due(now, limit),
    claim: async (id, lease, now, leaseMs) => {
      const claimed = await queue.claim(id, lease, now, leaseMs);
      return claimed && { submission: claimed.item, notification: claimed.state as NotificationState, lease };
    },
    renew: (id, lease, now, leaseMs) => queue.renew(id, lease, now, leaseMs),
    markSent: (id, lease, at) => queue.markSent(id, lease, at),
    retryLater: (id, lease, dueAt, reason) => queue.retryLater(id, lease, dueAt, reason),
    markFailed: (id, lease, at, reason) => queue.markFailed(id, lease, at, reason),
  };
}
