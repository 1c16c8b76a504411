import { UnknownCursorError } from '../db/errors';
import type { Doc, DocumentClient, Documents, Filter } from '../db/port';

/** A page of an export: one bounded call each, so no cursor stays open while the caller waits. */
const PAGE = 1000;
const ORDER = { sort: { receivedAt: 1, _id: 1 } } as const;

type Received = Doc & { readonly receivedAt: Date };

/** What one export reads: equality conditions on declared fields, and the first instant. */
export interface ExportRead {
  readonly collection: string;
  /** Names a record in UnknownCursorError. */
  readonly what: string;
  /** Equality conditions on declared index fields (the form), so SQL alone answers each page. */
  readonly equal?: Filter;
  /** Only the documents received at or after this instant. */
  readonly since?: Date;
  /** The _id of the last document a previous read returned: this one resumes after it. */
  readonly after?: string;
  /** At most this many documents. */
  readonly limit?: number;
  /** Fields of the stored document no reader sees. */
  readonly without?: readonly string[];
}

/**
 * The next page in export order (receivedAt, then _id) after `cursor`: the documents sharing its
 * instant with a greater id, then the later ones; two queries, each on declared indexes alone
 * (FerretDB sorts once per query, the embedded store answers them in SQL).
 */
async function pageAfter<D extends Received>(
  documents: Documents,
  read: ExportRead,
  cursor: Pick<D, '_id' | 'receivedAt'> | undefined,
  size: number,
): Promise<D[]> {
  const { equal = {}, since, without } = read;
  const of = documents.collection<D>(read.collection);
  const options = { ...ORDER, without };
  if (!cursor) return of.find({ ...equal, ...(since && { receivedAt: { $gte: since } }) }, { ...options, limit: size });
  const { receivedAt: at, _id } = cursor;
  const ties =
    since && at < since
      ? []
      : await of.find({ ...equal, receivedAt: at, _id: { $gt: _id } }, { ...options, limit: size });
  if (ties.length === size) return ties;
  const later = { ...equal, receivedAt: { $gt: at, ...(since && { $gte: since }) } };
  return [...ties, ...(await of.find(later, { ...options, limit: size - ties.length }))];
}

/**
 * A collection's documents in export order, a page per store call, so memory stays flat however
 * many match. Rejects with UnknownCursorError when `after` names no document.
 */
export async function* exportOrder<D extends Received>(client: DocumentClient, read: ExportRead): AsyncGenerator<D> {
  let cursor: D | undefined;
  if (read.after !== undefined) {
    const after = read.after;
    cursor =
      (await client.unbounded(`${read.what} cursor`, (db) =>
        db.collection<D>(read.collection).findOne({ _id: after }),
      )) ?? undefined;
    if (!cursor) throw new UnknownCursorError(after, read.what);
  }
  for (let left = read.limit ?? Infinity; left > 0;) {
    const size = Math.min(PAGE, left);
    const from = cursor;
    const page = await client.unbounded(`${read.what} export`, (db) => pageAfter<D>(db, read, from, size));
    yield* page;
    if (page.length < size) return;
    left -= page.length;
    cursor = page[page.length - 1];
  }
}
