import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import {
  embeddedMailQueue,
  MAIL_COLUMNS,
  MAIL_INSERT_COLUMNS,
  MAIL_INSERT_VALUES,
  mailParameters,
} from '../../mail/queue/embedded';
import type { NewNotification, StoredSubmission } from '../submissions';
import type { NotificationState, OutboxRepository } from '.';
import { outboxQueueSteps } from './queue';

/** One entry per submission, deleted with it (erasure). */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS outbox (
  submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,${MAIL_COLUMNS}
) STRICT;
CREATE INDEX IF NOT EXISTS outbox_status_due ON outbox (status, due_at);
`;

const statements = prepared((db) => ({
  queue: db.prepare(
    `INSERT OR IGNORE INTO outbox (submission_id, ${MAIL_INSERT_COLUMNS}) VALUES (@id, ${MAIL_INSERT_VALUES})`,
  ),
  stats: db.prepare(
    "SELECT (SELECT count(*) FROM outbox WHERE status = 'pending') AS pending, (SELECT count(*) FROM outbox WHERE status = 'failed') AS failed, " +
      "(SELECT min(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id WHERE o.status = 'pending') AS oldest",
  ),
}));

function queue(db: Database, id: string, state: NotificationState): void {
  statements(db).queue.run({ id, ...mailParameters(state) });
}

/** Queues the notification of a submission being inserted, in the insert's own transaction. */
export function queueNotification(db: Database, submissionId: string, notification: NewNotification): void {
  queue(db, submissionId, notification);
}

/**
 * The outbox in the embedded database: a row per submission, claimed through the mail queue every
 * email shares (mail/queue/embedded.ts).
 */
export function embeddedOutbox(
  client: DatabaseClient<Database>,
  /** The claimed entry's submission (the submissions record reads its own rows). */
  readSubmission: (db: Database, id: string) => StoredSubmission | null,
): Required<OutboxRepository> {
  const mail = embeddedMailQueue(client, { table: 'outbox', idColumn: 'submission_id', read: readSubmission });
  return {
    ...outboxQueueSteps(mail),
    releaseLeases: (now) => mail.releaseLeases(now),
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
