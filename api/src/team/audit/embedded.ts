import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { AuditEntry, AuditRepository, ErasureCounts, UpdateAuditAction } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS audit (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  by TEXT NOT NULL,
  action TEXT NOT NULL,
  counts TEXT NOT NULL
) STRICT;
`;

const statements = prepared((db) => ({
  insert: db.prepare(
    'INSERT OR IGNORE INTO audit (id, at, by, action, counts) VALUES (@id, @at, @by, @action, @counts)',
  ),
  all: db.prepare('SELECT * FROM audit ORDER BY at, rowid'),
}));

/** The counts column holds an erasure's counts, or the update an update action was about. */
const insert = (db: Database, entry: AuditEntry) =>
  statements(db).insert.run({
    id: entry.id,
    by: entry.by,
    action: entry.action,
    at: entry.at.getTime(),
    counts: JSON.stringify(entry.action === 'erase' ? entry.counts : { update: entry.update }),
  });

function fromRow(row: Record<string, unknown>): AuditEntry {
  const base = { id: row.id as string, at: dateOf(row.at), by: row.by as string };
  const detail = JSON.parse(row.counts as string) as Record<string, unknown>;
  return row.action === 'erase'
    ? { ...base, action: 'erase', counts: detail as unknown as ErasureCounts }
    : { ...base, action: row.action as UpdateAuditAction, update: detail.update as string };
}

/** The audit trail in the embedded database. */
export function embeddedAudit(client: DatabaseClient<Database>): AuditRepository {
  return {
    add: (entry) =>
      client.run('audit', (db) => {
        const stored = { id: randomBytes(8).toString('hex'), ...entry } as AuditEntry;
        insert(db, stored);
        return stored;
      }),
    list: () => client.run('listAudit', (db) => (statements(db).all.all() as Record<string, unknown>[]).map(fromRow)),
  };
}

/** The audit's table, and its entries from earlier versions. */
export const auditRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [
    {
      file: 'team-audit.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const { _id, ...entry } of docs) insert(db, { id: _id, ...entry } as AuditEntry);
      },
    },
  ],
};
