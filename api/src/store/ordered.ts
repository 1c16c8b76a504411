import type { SubmissionQuery } from './types';

/** What export order needs of a stored document: its id and when it was received. */
export interface OrderedDoc {
  readonly _id: string;
  readonly receivedAt: Date;
  /** Submissions only; shared self-assessments have no form. */
  readonly form?: string;
}

/** Export order: oldest first, ties broken by id so the order is total and a cursor can resume. */
export function compareOrdered(a: OrderedDoc, b: OrderedDoc): number {
  const byTime = a.receivedAt.getTime() - b.receivedAt.getTime();
  if (byTime !== 0) return byTime;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

export function matchesQuery(doc: OrderedDoc, query: SubmissionQuery): boolean {
  if (query.form && doc.form !== query.form) return false;
  if (query.since && doc.receivedAt.getTime() < query.since.getTime()) return false;
  return true;
}

/**
 * The documents of an in-memory collection that match, in export order, starting after
 * `anchor`. Sorting references costs one pass; the rows themselves are copied one by one
 * by the caller as they are written.
 */
export function orderedSlice<T extends OrderedDoc>(
  docs: readonly T[],
  query: SubmissionQuery,
  anchor?: OrderedDoc,
  limit?: number,
): T[] {
  const matching = docs.filter((doc) => matchesQuery(doc, query)).sort(compareOrdered);
  let start = 0;
  if (anchor) {
    // First position strictly after the anchor (binary search over the sorted rows).
    let high = matching.length;
    while (start < high) {
      const middle = (start + high) >>> 1;
      if (compareOrdered(matching[middle]!, anchor) <= 0) start = middle + 1;
      else high = middle;
    }
  }
  return matching.slice(start, limit === undefined ? undefined : start + limit);
}
