import type { ContentArea } from '@wpc/shared/content-model';

/**
 * Each area's published revision (the contract's ETag) and whether its seed was loaded. A revision
 * is "<epoch>.<counter>": the epoch is drawn when the area's row is made, so a store started
 * afresh never hands a remote a revision it already rendered other content under.
 */
export interface ContentRevisionRepository {
  /** The area's revision now ("<epoch>.0" before anything was published). */
  current(area: ContentArea): Promise<string>;
  /** Makes a new revision of the area and answers it: after every change of what it publishes. */
  bump(area: ContentArea): Promise<string>;
  /** When the area's seed was loaded, or null. */
  seededAt(area: ContentArea): Promise<Date | null>;
  markSeeded(area: ContentArea, at: Date): Promise<void>;
}

export const revisionOf = (epoch: string, counter: number) => `${epoch}.${counter}`;
