import { randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditAction } from '@wpc/shared/team';
import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { AuditEntry, AuditRepository } from '.';

/**
 * The first embedded version had a table `audit` with erasures only (counts required); its rows
 * move into `audit_log` at start. Both statements run at every start and find nothing to move
 * after the first.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS audit_log (
  id TEXT PRIMARY KEY,
  at INTEGER NOT NULL,
  by TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  detail TEXT,
  counts TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at);
CREATE TABLE IF NOT EXISTS audit (id TEXT PRIMARY KEY, at INTEGER NOT NULL, by TEXT NOT NULL, action TEXT NOT NULL, counts TEXT NOT NULL) STRICT;
INSERT OR IGNORE INTO audit_log (id, at, by, action, counts) SELECT id, at, by, action, counts FROM audit;
DROP TABLE audit;
`;

const statements = prepared((db) => ({
  insert: db.prepare(
    'INSERT OR IGNORE INTO audit_log (id, at, by, action, target, detail, counts) VALUES (@id, @at, @by, @action, @target, @detail, @counts)',
  ),
  sweep: db.prepare('DELETE FROM audit_log WHERE at < ?'),
}));

const insert = (db: Database, entry: AuditEntry) =>
  statements(db).insert.run({
    id: entry.id,
    at: entry.at.getTime(),
    by: entry.by,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    counts: entry.counts === undefined ? null : JSON.stringify(entry.counts),
  });

function entryOf(row: Record<string, unknown>): AuditEntry {
  // Absent fields stay absent, as on MongoDB.
  const present = (name: string, value: unknown) => (value === null ? {} : { [name]: value });
  return {
    id: row.id as string,
    at: dateOf(row.at),
    by: row.by as string,
    action: row.action as AuditAction,
    ...present('target', row.target),
    ...present('detail', row.detail),
    ...present('counts', row.counts === null ? null : JSON.parse(row.counts as string)),
  };
}

/** The audit trail in the embedded database. */
export function embeddedAudit(client: DatabaseClient<Database>): AuditRepository {
  return {
    add: (entry) =>
      client.run('audit', (db) => {
        const stored: AuditEntry = { id: randomBytes(8).toString('hex'), ...entry };
        insert(db, stored);
        return stored;
      }),
    page: ({ offset, limit, actions }) =>
      client.run('auditPage', (db) => {
        // Only known action names reach the statement, each as a parameter.
        const chosen = actions?.filter((action) => AUDIT_ACTIONS.includes(action));
        const where = chosen ? `WHERE action IN (${chosen.map(() => '?').join(', ') || 'NULL'})` : '';
        const parameters = chosen ?? [];
        const rows = db
          .prepare(`SELECT * FROM audit_log ${where} ORDER BY at DESC, rowid DESC LIMIT ? OFFSET ?`)
          .all(...parameters, limit, offset) as Record<string, unknown>[];
        const { total } = db.prepare(`SELECT count(*) AS total FROM audit_log ${where}`).get(...parameters) as {
          total: number;
        };
        return { entries: rows.map(entryOf), total };
      }),
    sweep: (before) => client.run('auditSweep', (db) => statements(db).sweep.run(before.getTime()).changes),
  };
}

/** The audit's table, and its entries from earlier versions. */
export const auditRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [
    {
      file: 'team-audit.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const { _id, ...entry } of docs) insert(db, { id: _id, ...(entry as Omit<AuditEntry, 'id'>) });
      },
    },
  ],
};
