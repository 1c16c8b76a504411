import type { MailState } from '../../mail/queue';
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
 * The notification outbox. Every change is conditioned on the entry's current state, so
 * replicas on one database never both hold an entry.
 */
export interface OutboxRepository {
  /** Ids of pending entries due at `now` (unclaimed, or whose lease ran out), at most `limit`. */
  due(now: Date, limit: number): Promise<string[]>;
  /**
   * Claims a pending entry that is due at `now` for `leaseMs`; null when it is not pending, not
   * due or another worker took it first.
   */
  claim(id: string, lease: string, now: Date, leaseMs: number): Promise<ClaimedNotification | null>;
  /**
   * Extends the holder's claim to `now + leaseMs`, right before the end of the message goes out;
   * false when the claim was lost meanwhile (another worker took the entry, or it was settled).
   */
  renew(id: string, lease: string, now: Date, leaseMs: number): Promise<boolean>;
  /** Records a delivery; false when the claim was lost meanwhile (its lease ran out and another took it). */
  markSent(id: string, lease: string, at: Date): Promise<boolean>;
  /** Gives the entry back, to be claimed again from `dueAt`. */
  retryLater(id: string, lease: string, dueAt: Date, reason: string): Promise<boolean>;
  /** The entry will never be delivered (a permanent refusal, or retried for too long). */
  markFailed(id: string, lease: string, at: Date, reason: string): Promise<boolean>;
  /**
   * Makes every claimed entry due at once. Only for a database one process opens (the embedded
   * one, under its DATA_DIR lock): any claim found at start belongs to a process that died.
   */
  releaseLeases?(now: Date): Promise<number>;
  stats(): Promise<OutboxStats>;
}
