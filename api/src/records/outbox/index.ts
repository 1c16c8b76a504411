import type { MailQueue, MailState } from '../../mail/queue';
import type { StoredSubmission } from '../submissions';

/**
 * The team notification of one submission. It is written by the submission's own insert (see
 * NewNotification), so a stored submission always has its entry: atomic on every backend, with no
 * multi-document transaction (FerretDB 1.x has none). Absent when notifications are off.
 */
export interface NotificationState extends MailState {
  readonly status: 'pending' | 'sent' | 'failed';
}

export interface ClaimedNotification {
  readonly submission: StoredSubmission;
  readonly notification: NotificationState;
  /** The claim's token, to pass back with the outcome. */
  readonly lease: string;
}

export interface OutboxStats {
  readonly pending: number;
  /** When the oldest pending submission arrived; null when none is pending. */
  readonly oldestPendingAt: Date | null;
  readonly failed: number;
}

/**
 * The notification outbox: the mail queue's steps (mail/queue), a claim answering with the
 * submission and its notification, and the figures /api/health reports.
 */
export interface OutboxRepository extends Omit<MailQueue<StoredSubmission>, 'claim' | 'markFailed'> {
  claim(id: string, lease: string, now: Date, leaseMs: number): Promise<ClaimedNotification | null>;
  markFailed(id: string, lease: string, at: Date, reason: string): Promise<boolean>;
  stats(): Promise<OutboxStats>;
}
