import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from './client';
import { UnknownCursorError } from './errors';

const PAGE = 1000;

export interface OrderedRead<Row> {
  /** A table with `id` and `received_at` columns and an index on (received_at, id). */
  readonly table: string;
  /** SQL conditions (ANDed) and their parameters. */
  readonly where: readonly string[];
  readonly params: readonly unknown[];
  readonly after?: string;
  readonly limit?: number;
  /** Names a record in UnknownCursorError. */
  readonly what: string;
  readonly fromRow: (row: Record<string, unknown>) => Row;
}

/**
 * Rows of an embedded table in export order, (received_at, id), read a page at a time so memory
 * stays flat and no statement stays open while the caller waits (SQLite allows one statement
 * in progress per connection). `after` resumes strictly after the named row.
 */
export async function* orderedRows<Row>(client: DatabaseClient<Database>, read: OrderedRead<Row>): AsyncGenerator<Row> {
  const { table, what, fromRow } = read;
  let cursor: { at: number; id: string } | undefined;
  if (read.after !== undefined) {
    const after = read.after;
    const anchor = await client.unbounded(`${what} cursor`, async (db) =>
      db.prepare(`SELECT received_at AS at, id FROM ${table} WHERE id = ?`).get(after),
    );
    if (!anchor) throw new UnknownCursorError(after, what);
    cursor = anchor as { at: number; id: string };
  }
  let left = read.limit ?? Infinity;
  while (left > 0) {
    const where = [...read.where];
    const params = [...read.params];
    if (cursor) {
      where.push('(received_at > ? OR (received_at = ? AND id > ?))');
      params.push(cursor.at, cursor.at, cursor.id);
    }
    const size = Math.min(PAGE, left);
    const sql =
      `SELECT * FROM ${table}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} ` +
      'ORDER BY received_at, id LIMIT ?';
    const page = (await client.unbounded(`${what} export`, async (db) =>
      db.prepare(sql).all(...params, size),
    )) as Record<string, unknown>[];
    for (const row of page) yield fromRow(row);
    if (page.length < size) return;
    left -= page.length;
    const last = page[page.length - 1]!;
    cursor = { at: last.received_at as number, id: last.id as string };
  }
}

/** Every row of a read, at once (small reads: tests, tools, the benchmarks' aggregate). */
export async function allRows<Row>(rows: AsyncIterable<Row>): Promise<Row[]> {
  const all: Row[] = [];
  for await (const row of rows) all.push(row);
  return all;
}
