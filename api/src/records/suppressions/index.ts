/** Why an address is on the suppression list. */
export type SuppressionReason = 'left' | 'bounced' | 'erased';

/**
 * An address nothing more is sent to, by its hash (subscriptions/address.ts) alone: after an
 * erasure nothing else of it is kept. Only a new, confirmed opt-in takes it off.
 */
export interface Suppression {
  readonly id: string;
  readonly reason: SuppressionReason;
  readonly at: Date;
}

export interface SuppressionRepository {
  /** Adds the address, or replaces the reason of one already listed. */
  add(entry: Suppression): Promise<void>;
  get(id: string): Promise<Suppression | null>;
  /** Which of these ids are on the list. */
  among(ids: readonly string[]): Promise<Set<string>>;
  /** Takes the address off the list (a new confirmed opt-in); false when it was not on it. */
  remove(id: string): Promise<boolean>;
  count(): Promise<number>;
}
