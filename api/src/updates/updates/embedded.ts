import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { prepared, type EmbeddedRecord } from '../../db/sqlite';
import { fromJson, toJson } from '../json-dates';
import type { Update, UpdateRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS updates (
  id TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  doc TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS updates_state ON updates (state);
`;

const statements = prepared((db) => ({
  get: db.prepare('SELECT doc FROM updates WHERE id = ?'),
  put: db.prepare('INSERT OR REPLACE INTO updates (id, state, created_at, doc) VALUES (?, ?, ?, ?)'),
  insert: db.prepare('INSERT INTO updates (id, state, created_at, doc) VALUES (?, ?, ?, ?)'),
  list: db.prepare('SELECT doc FROM updates ORDER BY created_at DESC, id DESC'),
  due: db.prepare(
    "SELECT doc FROM updates WHERE (state = 'scheduled' AND doc ->> '$.scheduledAt.$date' <= ?) OR (state = 'sending' AND doc ->> '$.fannedOut' = 0)",
  ),
  published: db.prepare(
    "SELECT doc FROM updates WHERE doc ->> '$.startedAt' IS NOT NULL ORDER BY doc ->> '$.startedAt.$date' DESC",
  ),
}));

const read = (db: Database, id: string) => {
  const row = statements(db).get.get(id) as { doc: string } | undefined;
  return row ? fromJson<Update>(row.doc) : null;
};
const docs = (rows: unknown[]) => (rows as { doc: string }[]).map((row) => fromJson<Update>(row.doc));

export function embeddedUpdates(client: DatabaseClient<Database>): UpdateRepository {
  return {
    create: (update) =>
      client.run('create update', (db) => {
        statements(db).insert.run(update.id, update.state, update.createdAt.getTime(), toJson(update));
      }),
    get: (id) => client.run('update', (db) => read(db, id)),
    list: () => client.run('updates', (db) => docs(statements(db).list.all())),
    change: (id, change) =>
      client.run('change update', (db) =>
        db.transaction(() => {
          const current = read(db, id);
          if (!current) return null;
          const next = change(current);
          if (!next) return current;
          const stored = { ...next, version: current.version + 1 };
          statements(db).put.run(id, stored.state, stored.createdAt.getTime(), toJson(stored));
          return stored;
        })(),
      ),
    due: (now) => client.run('due updates', (db) => docs(statements(db).due.all(now.getTime()))),
    published: () => client.run('published updates', (db) => docs(statements(db).published.all())),
  };
}

export const updatesRecord: EmbeddedRecord = { schema: SCHEMA };
