import type { MailQueue, MailState, NewMailState } from '../../mail/queue';

/**
 * One recipient of one update: a durable record, sent through the mail queue. Its id is
 * "<update id>.<subscriber id>", so a fan-out that runs again adds nobody twice.
 */
export interface Delivery {
  readonly id: string;
  readonly updateId: string;
  readonly subscriberId: string;
  readonly email: string;
}

/** Delivery states beyond the queue's own (pending, sent, failed). */
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'suppressed' | 'cancelled';

export interface DeliveryCounts {
  readonly queued: number;
  readonly sent: number;
  readonly failed: number;
  readonly suppressed: number;
  readonly cancelled: number;
}

export const deliveryId = (updateId: string, subscriberId: string) => `${updateId}.${subscriberId}`;

export interface DeliveryRepository {
  /** Adds deliveries, skipping any already there; answers how many were new. */
  add(
    deliveries: readonly (Delivery & { readonly mail: NewMailState | (MailState & { status: 'suppressed' }) })[],
  ): Promise<number>;
  counts(updateId: string): Promise<DeliveryCounts>;
  /** Whether any delivery of the update is still to be sent (the sender's "is it sent?"): stops at the first. */
  anyPending(updateId: string): Promise<boolean>;
  /** Every pending delivery of the update is cancelled; answers how many. */
  cancel(updateId: string): Promise<number>;
  /** An erased address: its pending deliveries are cancelled and every delivery forgets the address. */
  erase(subscriberId: string): Promise<number>;
  get(id: string): Promise<(Delivery & { readonly mail: MailState }) | null>;
  /** Deliveries of updates being sent (state "sending") only: a paused update's wait. */
  readonly queue: MailQueue<Delivery>;
}
