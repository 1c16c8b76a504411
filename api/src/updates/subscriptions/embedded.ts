import type { Database } from 'better-sqlite3';
import { UPDATE_LISTS } from '@wpc/shared/updates';
import type { DatabaseClient } from '../../db/client';
import { prepared, type EmbeddedRecord } from '../../db/sqlite';
import { fromJson, toJson } from '../json-dates';
import type { ListCounts, Subscriber, SubscriptionRepository } from '.';
import { isWholeAddress } from './address';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS subscribers (
  id TEXT PRIMARY KEY,
  email_key TEXT NOT NULL,
  doc TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS subscribers_email ON subscribers (email_key);
`;

const state = (list: string) => `doc ->> '$.lists.${list}.state'`;

const statements = prepared((db) => ({
  get: db.prepare('SELECT doc FROM subscribers WHERE id = ?'),
  put: db.prepare('INSERT OR REPLACE INTO subscribers (id, email_key, doc) VALUES (?, ?, ?)'),
  remove: db.prepare('DELETE FROM subscribers WHERE id = ?'),
  all: db.prepare('SELECT doc FROM subscribers ORDER BY email_key'),
  counts: db.prepare(
    `SELECT ${UPDATE_LISTS.map(
      (list) =>
        `sum(${state(list)} = 'confirmed') AS ${list}_confirmed, sum(${state(list)} = 'pending') AS ${list}_pending, ` +
        `sum(${state(list)} = 'left') AS ${list}_left`,
    ).join(', ')} FROM subscribers`,
  ),
  recipients: Object.fromEntries(
    UPDATE_LISTS.map((list) => [
      list,
      db.prepare(
        `SELECT id, doc ->> '$.email' AS email FROM subscribers WHERE ${state(list)} = 'confirmed' AND id > ? ORDER BY id LIMIT ?`,
      ),
    ]),
  ),
}));

const read = (db: Database, id: string) => {
  const row = statements(db).get.get(id) as { doc: string } | undefined;
  return row ? fromJson<Subscriber>(row.doc) : null;
};

/** Subscribers in the embedded database: one JSON document a row, read and changed in one transaction. */
export function embeddedSubscriptions(client: DatabaseClient<Database>): SubscriptionRepository {
  return {
    get: (id) => client.run('subscriber', (db) => read(db, id)),
    change: (id, change) =>
      client.run('change subscriber', (db) =>
        db.transaction(() => {
          const current = read(db, id);
          const next = change(current);
          if (next === undefined) return current;
          if (next === null) {
            statements(db).remove.run(id);
            return null;
          }
          const stored = { ...next, version: (current?.version ?? 0) + 1 };
          statements(db).put.run(id, stored.email.trim().toLowerCase(), toJson(stored));
          return stored;
        })(),
      ),
    search: ({ q, list, limit }) =>
      client.run('search subscribers', (db) => {
        const where = [isWholeAddress(q) ? 'email_key = ?' : 'instr(email_key, ?) > 0'];
        if (list) where.push(`${state(list)} IS NOT NULL`);
        const params = [q.trim().toLowerCase()];
        const sql = `SELECT doc FROM subscribers WHERE ${where.join(' AND ')} ORDER BY email_key LIMIT ?`;
        return (db.prepare(sql).all(...params, limit) as { doc: string }[]).map((row) => fromJson<Subscriber>(row.doc));
      }),
    counts: () =>
      client.run('count subscribers', (db) => {
        const row = statements(db).counts.get() as Record<string, number | null>;
        return UPDATE_LISTS.map((list): ListCounts => ({
          list,
          confirmed: row[`${list}_confirmed`] ?? 0,
          pending: row[`${list}_pending`] ?? 0,
          left: row[`${list}_left`] ?? 0,
        }));
      }),
    anyConfirmed: (list) => client.run('any confirmed', (db) => statements(db).recipients[list]!.all('', 1).length > 0),
    recipients: (list, after, limit) =>
      client.run(
        'recipients',
        (db) => statements(db).recipients[list]!.all(after ?? '', limit) as { id: string; email: string }[],
      ),
    all: () =>
      client.run('all subscribers', (db) =>
        (statements(db).all.all() as { doc: string }[]).map((row) => fromJson<Subscriber>(row.doc)),
      ),
  };
}

export const subscriptionsRecord: EmbeddedRecord = { schema: SCHEMA };
