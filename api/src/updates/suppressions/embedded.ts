import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { Suppression, SuppressionRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS update_suppressions (
  id TEXT PRIMARY KEY,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
`;

const statements = prepared((db) => ({
  put: db.prepare('INSERT OR REPLACE INTO update_suppressions (id, reason, at) VALUES (?, ?, ?)'),
  get: db.prepare('SELECT * FROM update_suppressions WHERE id = ?'),
  remove: db.prepare('DELETE FROM update_suppressions WHERE id = ?'),
  count: db.prepare('SELECT count(*) AS n FROM update_suppressions'),
}));

export function embeddedSuppressions(client: DatabaseClient<Database>): SuppressionRepository {
  return {
    add: ({ id, reason, at }) =>
      client.run('suppress', (db) => {
        statements(db).put.run(id, reason, at.getTime());
      }),
    get: (id) =>
      client.run('suppression', (db) => {
        const row = statements(db).get.get(id) as { id: string; reason: Suppression['reason']; at: number } | undefined;
        return row ? { id: row.id, reason: row.reason, at: dateOf(row.at) } : null;
      }),
    among: (ids) =>
      client.run('suppressions', (db) => {
        const found = new Set<string>();
        for (let start = 0; start < ids.length; start += 500) {
          const page = ids.slice(start, start + 500);
          const rows = db
            .prepare(`SELECT id FROM update_suppressions WHERE id IN (${page.map(() => '?').join(',')})`)
            .all(...page) as { id: string }[];
          rows.forEach((row) => found.add(row.id));
        }
        return found;
      }),
    remove: (id) => client.run('unsuppress', (db) => statements(db).remove.run(id).changes === 1),
    count: () => client.run('count suppressions', (db) => (statements(db).count.get() as { n: number }).n),
  };
}

export const suppressionsRecord: EmbeddedRecord = { schema: SCHEMA };
