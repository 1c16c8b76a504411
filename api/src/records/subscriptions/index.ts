import type { EndpointKind, FormId } from '@wpc/shared/schemas';
import type { UpdateListId } from '@wpc/shared/updates';

export type ListState = 'pending' | 'confirmed' | 'left';

/** One list of one address: a subscription. */
export interface ListMembership {
  readonly state: ListState;
  /** When it entered this state. */
  readonly since: Date;
  readonly confirmedAt?: Date;
  readonly leftAt?: Date;
}

/** Proof of consent (GDPR Art. 7): when, where, and the words the visitor saw. */
export interface ConsentRecord {
  readonly at: Date;
  /** The form, or "preferences" for a list chosen again on the preferences page. */
  readonly form: EndpointKind | 'preferences';
  readonly variant: FormId | 'preferences';
  readonly page: string | null;
  /** The submission that carried it ('' for the preferences page). */
  readonly submissionId: string;
  readonly lists: readonly UpdateListId[];
  readonly wording: string;
  readonly wordingVersion: string;
  readonly privacyNoticeVersion: string;
  /** When the address confirmed it (pressed Confirm on the emailed link's page). */
  readonly confirmedAt?: Date;
}

/**
 * Every subscription of one address, with its consent records. The id is the address's hash
 * (./address.ts), so the address is found without a search, and the suppression list keeps the
 * same hash.
 */
export interface Subscriber {
  readonly id: string;
  /** As the visitor typed it (trimmed); matched without regard to case. */
  readonly email: string;
  /** The secret half of the address's preferences and unsubscribe links (token "<id>.<secret>"). */
  readonly secret: string;
  readonly lists: Readonly<Partial<Record<UpdateListId, ListMembership>>>;
  readonly consents: readonly ConsentRecord[];
  /** When confirmation emails went out lately (for "at most one more a day"). */
  readonly confirmationsSent: readonly Date[];
  readonly createdAt: Date;
  /** Bumped by every change; a change made from an older read is tried again. */
  readonly version: number;
}

export interface ListCounts {
  readonly list: UpdateListId;
  readonly confirmed: number;
  readonly pending: number;
  readonly left: number;
}

/** What the console's search shows of a subscriber. */
export type SubscriberSummary = Pick<Subscriber, 'id' | 'email' | 'lists' | 'createdAt'>;

export interface Recipient {
  readonly id: string;
  readonly email: string;
}

/**
 * What a change makes of a subscriber (null: delete it; undefined: leave it as it is). It may run
 * more than once, on a newer read, so it must depend on nothing but its argument.
 */
export type SubscriberChange = (current: Subscriber | null) => Subscriber | null | undefined;

export interface SubscriptionRepository {
  get(id: string): Promise<Subscriber | null>;
  /** Reads, changes and writes one subscriber; answers what is stored afterwards. */
  change(id: string, change: SubscriberChange): Promise<Subscriber | null>;
  /**
   * Subscribers on `list` (if given), at most `limit`, by address: a whole address finds that address
   * only; part of one, the addresses containing it (any case).
   */
  search(query: { q: string; list?: UpdateListId; limit: number }): Promise<SubscriberSummary[]>;
  /** Subscribers per list and state; cheap enough for every visit of the console's page. */
  counts(): Promise<ListCounts[]>;
  /** Whether anyone has confirmed this list (a send's check): stops at the first, unlike counts(). */
  anyConfirmed(list: UpdateListId): Promise<boolean>;
  /** The confirmed subscribers of a list, by id after `after`, at most `limit`. */
  recipients(list: UpdateListId, after: string | undefined, limit: number): Promise<Recipient[]>;
  /** Every subscriber, by address (the console's export). */
  all(): Promise<Subscriber[]>;
}
