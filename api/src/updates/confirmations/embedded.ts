import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import {
  embeddedMailQueue,
  MAIL_COLUMNS,
  MAIL_INSERT_COLUMNS,
  MAIL_INSERT_VALUES,
  mailParameters,
  mailStateOf,
} from '../../mail/queue/embedded';
import type { Confirmation, ConfirmationRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS update_confirmations (
  id TEXT PRIMARY KEY,
  subscriber_id TEXT NOT NULL,
  email TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,${MAIL_COLUMNS}
) STRICT;
CREATE INDEX IF NOT EXISTS update_confirmations_subscriber ON update_confirmations (subscriber_id);
CREATE INDEX IF NOT EXISTS update_confirmations_due ON update_confirmations (status, due_at);
`;

const statements = prepared((db) => ({
  insert: db.prepare(
    `INSERT INTO update_confirmations (id, subscriber_id, email, secret, created_at, expires_at, ${MAIL_INSERT_COLUMNS}) ` +
      `VALUES (@id, @subscriberId, @email, @secret, @createdAt, @expiresAt, ${MAIL_INSERT_VALUES})`,
  ),
  get: db.prepare('SELECT * FROM update_confirmations WHERE id = ?'),
  use: db.prepare('UPDATE update_confirmations SET used_at = ? WHERE id = ? AND used_at IS NULL'),
  removeFor: db.prepare('DELETE FROM update_confirmations WHERE subscriber_id = ?'),
}));

function fromRow(row: Record<string, unknown>): Confirmation {
  return {
    id: row.id as string,
    subscriberId: row.subscriber_id as string,
    email: row.email as string,
    secret: row.secret as string,
    createdAt: dateOf(row.created_at),
    expiresAt: dateOf(row.expires_at),
    ...(row.used_at === null ? {} : { usedAt: dateOf(row.used_at) }),
  };
}

const read = (db: Database, id: string) => {
  const row = statements(db).get.get(id) as Record<string, unknown> | undefined;
  return row ? fromRow(row) : null;
};

/** Confirmation links in the embedded database, each row with its email's sending state. */
export function embeddedConfirmations(
  client: DatabaseClient<Database>,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DatabaseClient<Database> = client,
): ConfirmationRepository {
  return {
    create: (confirmation, mail) =>
      client.run('create confirmation', (db) => {
        statements(db).insert.run({
          ...confirmation,
          createdAt: confirmation.createdAt.getTime(),
          expiresAt: confirmation.expiresAt.getTime(),
          ...mailParameters(mail),
        });
      }),
    get: (id) =>
      client.run('confirmation', (db) => {
        const row = statements(db).get.get(id) as Record<string, unknown> | undefined;
        return row ? { ...fromRow(row), mail: mailStateOf(row) } : null;
      }),
    use: (id, at) => client.run('use confirmation', (db) => statements(db).use.run(at.getTime(), id).changes === 1),
    removeFor: (subscriberId) =>
      client.run('remove confirmations', (db) => statements(db).removeFor.run(subscriberId).changes),
    queue: embeddedMailQueue(queueClient, { table: 'update_confirmations', idColumn: 'id', read }),
  };
}

export const confirmationsRecord: EmbeddedRecord = { schema: SCHEMA };
