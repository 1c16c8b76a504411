import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { prepared } from '../../db/sqlite';
import { legacyMailState } from './record';
import type { Claimed, MailQueue, MailState } from '.';

/** The columns of an entry's sending state, in any table that keeps them (with its own id column). */
export const MAIL_COLUMNS = `
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  due_at INTEGER,
  lease TEXT,
  last_error TEXT,
  sent_at INTEGER,
  failed_at INTEGER`;

const time = (date: Date | undefined) => (date === undefined ? null : date.getTime());

/** The state's columns as named parameters (@status, @attempts, ...). */
export function mailParameters(state: MailState) {
  return {
    status: state.status,
    attempts: state.attempts,
    messageId: state.messageId,
    dueAt: time(state.dueAt),
    lease: state.lease ?? null,
    lastError: state.lastError ?? null,
    sentAt: time(state.sentAt),
    failedAt: time(state.failedAt),
  };
}
export const MAIL_INSERT_COLUMNS = 'status, attempts, message_id, due_at, lease, last_error, sent_at, failed_at';
export const MAIL_INSERT_VALUES = '@status, @attempts, @messageId, @dueAt, @lease, @lastError, @sentAt, @failedAt';

export interface EmbeddedQueueSettings<Item> {
  readonly table: string;
  readonly idColumn: string;
  /** The claimed entry's item, read in the claim's own call; null when it is gone. */
  readonly read: (db: Database, id: string) => Item | null;
}

/**
 * A mail queue in the embedded database. Each step is one conditional UPDATE of the entry's row,
 * committed before it resolves; one process owns the database, so a claim is atomic.
 */
export function embeddedMailQueue<Item>(
  client: DatabaseClient<Database>,
  { table, idColumn, read }: EmbeddedQueueSettings<Item>,
): Required<MailQueue<Item>> {
  const statements = prepared((db) => {
    const mine = `${idColumn} = @id AND status = 'pending' AND lease = @lease`;
    return {
      due: db.prepare(`SELECT ${idColumn} AS id FROM ${table} WHERE status = 'pending' AND due_at <= ? LIMIT ?`),
      claim: db.prepare(
        `UPDATE ${table} SET due_at = @until, lease = @lease, attempts = attempts + 1 ` +
          `WHERE ${idColumn} = @id AND status = 'pending' AND due_at <= @now RETURNING *`,
      ),
      renew: db.prepare(`UPDATE ${table} SET due_at = @until WHERE ${mine}`),
      sent: db.prepare(`UPDATE ${table} SET status = 'sent', sent_at = @at, due_at = NULL, lease = NULL WHERE ${mine}`),
      retry: db.prepare(`UPDATE ${table} SET due_at = @dueAt, last_error = @reason, lease = NULL WHERE ${mine}`),
      failed: db.prepare(
        `UPDATE ${table} SET status = @status, failed_at = @at, last_error = @reason, due_at = NULL, lease = NULL WHERE ${mine}`,
      ),
      release: db.prepare(
        `UPDATE ${table} SET due_at = ?, lease = NULL WHERE status = 'pending' AND lease IS NOT NULL`,
      ),
    };
  });
  const finish = (update: (db: Database) => { changes: number }) =>
    client.run(`${table} update`, (db) => update(db).changes === 1);
  return {
    due: (now, limit) =>
      client.run(`${table} due`, (db) =>
        (statements(db).due.all(now.getTime(), limit) as { id: string }[]).map((row) => row.id),
      ),
    claim: (id, lease, now, leaseMs) =>
      client.run(`${table} claim`, (db): Claimed<Item> | null => {
        const row = statements(db).claim.get({ id, lease, now: now.getTime(), until: now.getTime() + leaseMs }) as
          Record<string, unknown> | undefined;
        const item = row && read(db, id);
        return row && item ? { item, state: legacyMailState(row), lease } : null;
      }),
    renew: (id, lease, now, leaseMs) =>
      finish((db) => statements(db).renew.run({ id, lease, until: now.getTime() + leaseMs })),
    markSent: (id, lease, at) => finish((db) => statements(db).sent.run({ id, lease, at: at.getTime() })),
    retryLater: (id, lease, dueAt, reason) =>
      finish((db) => statements(db).retry.run({ id, lease, dueAt: dueAt.getTime(), reason })),
    markFailed: (id, lease, at, reason, status = 'failed') =>
      finish((db) => statements(db).failed.run({ id, lease, at: at.getTime(), reason, status })),
    releaseLeases: (now) => client.run(`${table} release`, (db) => statements(db).release.run(now.getTime()).changes),
  };
}
