import type { MailQueue, MailState, NewMailState } from '../../mail/queue';

/**
 * One confirmation link sent to an address: its token is "<id>.<secret>". Pressing Confirm on
 * its page confirms every list the address is waiting on; a used or expired link changes nothing.
 */
export interface Confirmation {
  readonly id: string;
  readonly subscriberId: string;
  readonly email: string;
  readonly secret: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt?: Date;
}

export interface ConfirmationRepository {
  /** Stores the link with its email, queued. */
  create(confirmation: Confirmation, mail: NewMailState): Promise<void>;
  get(id: string): Promise<(Confirmation & { readonly mail: MailState }) | null>;
  /** Marks the link used; false when it was used already. */
  use(id: string, at: Date): Promise<boolean>;
  /** Forgets every link of an address (erasure); answers how many. */
  removeFor(subscriberId: string): Promise<number>;
  /** The confirmation emails waiting to be sent. */
  readonly queue: MailQueue<Confirmation>;
}
