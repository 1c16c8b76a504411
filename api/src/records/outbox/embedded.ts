import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { NewNotification, StoredSubmission } from '../submissions';
import type { ClaimedNotification, NotificationState, OutboxRepository } from '.';

/** One entry per submission, deleted with it (erasure). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  due_at INTEGER,
  lease TEXT,
  last_error TEXT,
  sent_at INTEGER,
  failed_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS outbox_status_due ON outbox (status, due_at);
`;

const statements = prepared((db) => ({
  queue: db.prepare(
    'INSERT OR IGNORE INTO outbox (submission_id, status, attempts, message_id, due_at, lease, last_error, sent_at, failed_at) ' +
      'VALUES (@id, @status, @attempts, @messageId, @dueAt, @lease, @lastError, @sentAt, @failedAt)',
  ),
  due: db.prepare("SELECT submission_id AS id FROM outbox WHERE status = 'pending' AND due_at <= ? LIMIT ?"),
  claim: db.prepare(
    "UPDATE outbox SET due_at = @until, lease = @lease, attempts = attempts + 1 WHERE submission_id = @id AND status = 'pending' AND due_at <= @now RETURNING *",
  ),
  sent: db.prepare(
    "UPDATE outbox SET status = 'sent', sent_at = @at, due_at = NULL, lease = NULL WHERE submission_id = @id AND status = 'pending' AND lease = @lease",
  ),
  retry: db.prepare(
    "UPDATE outbox SET due_at = @dueAt, last_error = @reason, lease = NULL WHERE submission_id = @id AND status = 'pending' AND lease = @lease",
  ),
  failed: db.prepare(
    "UPDATE outbox SET status = 'failed', failed_at = @at, last_error = @reason, due_at = NULL, lease = NULL WHERE submission_id = @id AND status = 'pending' AND lease = @lease",
  ),
  release: db.prepare("UPDATE outbox SET due_at = ?, lease = NULL WHERE status = 'pending' AND lease IS NOT NULL"),
  stats: db.prepare(
    "SELECT (SELECT count(*) FROM outbox WHERE status = 'pending') AS pending, (SELECT count(*) FROM outbox WHERE status = 'failed') AS failed, " +
      "(SELECT min(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id WHERE o.status = 'pending') AS oldest",
  ),
}));

const time = (date: Date | undefined) => (date === undefined ? null : date.getTime());

function queue(db: Database, id: string, state: NotificationState): void {
  statements(db).queue.run({
    id,
    status: state.status,
    attempts: state.attempts,
    messageId: state.messageId,
    dueAt: time(state.dueAt),
    lease: state.lease ?? null,
    lastError: state.lastError ?? null,
    sentAt: time(state.sentAt),
    failedAt: time(state.failedAt),
  });
}

/** Queues the notification of a submission being inserted, in the insert's own transaction. */
export function queueNotification(db: Database, submissionId: string, notification: NewNotification): void {
  queue(db, submissionId, notification);
}

function stateOf(row: Record<string, unknown>): NotificationState {
  // Absent fields stay absent, as on MongoDB (a column is NULL for them).
  const present = <T>(name: string, value: T | null) => (value === null ? {} : { [name]: value });
  const date = (ms: unknown) => (ms === null ? null : dateOf(ms));
  return {
    status: row.status as NotificationState['status'],
    attempts: row.attempts as number,
    messageId: row.message_id as string,
    ...present('dueAt', date(row.due_at)),
    ...present('lease', row.lease),
    ...present('lastError', row.last_error),
    ...present('sentAt', date(row.sent_at)),
    ...present('failedAt', date(row.failed_at)),
  };
}

/**
 * The outbox in the embedded database. Each step is one conditional UPDATE of the entry's row,
 * committed before it resolves; one process owns the database, so a claim is atomic.
 */
export function embeddedOutbox(
  client: DatabaseClient<Database>,
  /** The claimed entry's submission (the submissions record reads its own rows). */
  readSubmission: (db: Database, id: string) => StoredSubmission | null,
): Required<OutboxRepository> {
  const finish = (id: string, update: (db: Database) => { changes: number }) =>
    client.run('outbox update', (db) => update(db).changes === 1);
  return {
    due: (now, limit) =>
      client.run('outbox due', (db) =>
        (statements(db).due.all(now.getTime(), limit) as { id: string }[]).map((row) => row.id),
      ),

    claim: (id, lease, now, leaseMs) =>
      client.run('outbox claim', (db): ClaimedNotification | null => {
        const row = statements(db).claim.get({ id, lease, now: now.getTime(), until: now.getTime() + leaseMs }) as
          Record<string, unknown> | undefined;
        const submission = row && readSubmission(db, id);
        return row && submission ? { submission, notification: stateOf(row), lease } : null;
      }),

    markSent: (id, lease, at) => finish(id, (db) => statements(db).sent.run({ id, lease, at: at.getTime() })),
    retryLater: (id, lease, dueAt, reason) =>
      finish(id, (db) => statements(db).retry.run({ id, lease, dueAt: dueAt.getTime(), reason })),
    markFailed: (id, lease, at, reason) =>
      finish(id, (db) => statements(db).failed.run({ id, lease, at: at.getTime(), reason })),

    releaseLeases: (now) => client.run('outbox release', (db) => statements(db).release.run(now.getTime()).changes),

    stats: () =>
      client.run('outbox stats', (db) => {
        const row = statements(db).stats.get() as { pending: number; failed: number; oldest: number | null };
        return {
          pending: row.pending,
          failed: row.failed,
          oldestPendingAt: row.oldest === null ? null : dateOf(row.oldest),
        };
      }),
  };
}

/** The outbox's table, and the notification states of earlier versions (inside each submission's document). */
export const outboxRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [
    {
      file: 'submissions.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const doc of docs) {
          const state = doc.notification as NotificationState | undefined;
          if (state) queue(db, doc._id, state);
        }
      },
    },
  ],
};
