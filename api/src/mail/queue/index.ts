/**
 * A queue of emails kept in the store, one entry per email, each entry a field of the record it
 * belongs to: a submission's team notification, a subscriber's confirmation, an update's delivery
 * to one recipient. One claim logic on the storage port (record.ts) and one worker
 * (notify/worker.ts) that sends them in order of priority.
 */

/** The sending state of one email. */
export interface MailState {
  /** Only `pending` entries are ever claimed; records may add states of their own (cancelled, ...). */
  readonly status: string;
  /** Claims so far; also the version a claim's holder checks before recording the outcome. */
  readonly attempts: number;
  /** The Message-ID of every attempt, so a repeated email is recognisable as one. */
  readonly messageId: string;
  /**
   * Pending only: when the entry may next be claimed. A claim moves it forward by the lease,
   * so an entry whose holder died becomes claimable again once the lease has run out.
   */
  readonly dueAt?: Date;
  /** Random token of the current claim; only its holder may record the outcome. */
  readonly lease?: string;
  readonly lastError?: string;
  readonly sentAt?: Date;
  readonly failedAt?: Date;
}

/** A new entry: pending, due at once (or at `dueAt`). */
export interface NewMailState extends MailState {
  readonly status: 'pending';
  readonly attempts: 0;
  readonly dueAt: Date;
}

export interface Claimed<Item> {
  readonly item: Item;
  readonly state: MailState;
  /** The claim's token, to pass back with the outcome. */
  readonly lease: string;
}

/**
 * The queue's steps. Every change is conditioned on the entry's current state, so replicas on
 * one database never both hold an entry.
 */
export interface MailQueue<Item> {
  /** Ids of pending entries due at `now` (unclaimed, or whose lease ran out), at most `limit`. */
  due(now: Date, limit: number): Promise<string[]>;
  /**
   * Claims a pending entry that is due at `now` for `leaseMs`; null when it is not pending, not
   * due or another worker took it first.
   */
  claim(id: string, lease: string, now: Date, leaseMs: number): Promise<Claimed<Item> | null>;
  /**
   * Extends the holder's claim to `now + leaseMs`, right before the end of the message goes out;
   * false when the claim was lost meanwhile (another worker took the entry, or it was settled).
   */
  renew(id: string, lease: string, now: Date, leaseMs: number): Promise<boolean>;
  /** Records a delivery; false when the claim was lost meanwhile (its lease ran out and another took it). */
  markSent(id: string, lease: string, at: Date): Promise<boolean>;
  /** Gives the entry back, to be claimed again from `dueAt`. */
  retryLater(id: string, lease: string, dueAt: Date, reason: string): Promise<boolean>;
  /**
   * The entry will never be delivered (a permanent refusal, or retried for too long); a record may
   * name a state of its own for that (a delivery to an address suppressed meanwhile).
   */
  markFailed(id: string, lease: string, at: Date, reason: string, status?: string): Promise<boolean>;
  /**
   * Makes every claimed entry due at once. Only for a database one process opens (the embedded
   * one, under its DATA_DIR lock): any claim found at start belongs to a process that died.
   */
  releaseLeases?(now: Date): Promise<number>;
}
