import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { prepared, type EmbeddedRecord } from '../../db/sqlite';
import {
  embeddedMailQueue,
  MAIL_COLUMNS,
  MAIL_INSERT_COLUMNS,
  MAIL_INSERT_VALUES,
  mailParameters,
  mailStateOf,
} from '../../mail/queue/embedded';
import { UPDATES } from '../updates/record';
import type { Delivery, DeliveryCounts, DeliveryRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS update_deliveries (
  id TEXT PRIMARY KEY,
  update_id TEXT NOT NULL,
  subscriber_id TEXT NOT NULL,
  email TEXT NOT NULL,${MAIL_COLUMNS}
) STRICT;
CREATE INDEX IF NOT EXISTS update_deliveries_update ON update_deliveries (update_id, status);
CREATE INDEX IF NOT EXISTS update_deliveries_subscriber ON update_deliveries (subscriber_id);
CREATE INDEX IF NOT EXISTS update_deliveries_due ON update_deliveries (status, due_at);
`;

const statements = prepared((db) => ({
  insert: db.prepare(
    `INSERT OR IGNORE INTO update_deliveries (id, update_id, subscriber_id, email, ${MAIL_INSERT_COLUMNS}) ` +
      `VALUES (@id, @updateId, @subscriberId, @email, ${MAIL_INSERT_VALUES})`,
  ),
  counts: db.prepare('SELECT status, count(*) AS n FROM update_deliveries WHERE update_id = ? GROUP BY status'),
  anyPending: db.prepare("SELECT 1 FROM update_deliveries WHERE update_id = ? AND status = 'pending' LIMIT 1"),
  cancel: db.prepare(
    "UPDATE update_deliveries SET status = 'cancelled', due_at = NULL, lease = NULL WHERE update_id = ? AND status = 'pending'",
  ),
  erase: db.prepare(
    "UPDATE update_deliveries SET email = '', status = CASE status WHEN 'pending' THEN 'cancelled' ELSE status END, due_at = NULL, lease = NULL WHERE subscriber_id = ?",
  ),
  get: db.prepare('SELECT * FROM update_deliveries WHERE id = ?'),
}));

const fromRow = (row: Record<string, unknown>): Delivery => ({
  id: row.id as string,
  updateId: row.update_id as string,
  subscriberId: row.subscriber_id as string,
  email: row.email as string,
});

export const countsOf = (rows: readonly { status: string; n: number }[]): DeliveryCounts => {
  const by = Object.fromEntries(rows.map((row) => [row.status, row.n]));
  return {
    queued: by.pending ?? 0,
    sent: by.sent ?? 0,
    failed: by.failed ?? 0,
    suppressed: by.suppressed ?? 0,
    cancelled: by.cancelled ?? 0,
  };
};

export function embeddedDeliveries(
  client: DatabaseClient<Database>,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DatabaseClient<Database> = client,
): DeliveryRepository {
  return {
    add: (deliveries) =>
      client.run('add deliveries', (db) =>
        db.transaction(() =>
          deliveries.reduce(
            (added, { mail, ...delivery }) =>
              added + statements(db).insert.run({ ...delivery, ...mailParameters(mail) }).changes,
            0,
          ),
        )(),
      ),
    counts: (updateId) =>
      client.run('count deliveries', (db) =>
        countsOf(statements(db).counts.all(updateId) as { status: string; n: number }[]),
      ),
    anyPending: (updateId) =>
      client.run('pending deliveries', (db) => statements(db).anyPending.get(updateId) !== undefined),
    cancel: (updateId) => client.run('cancel deliveries', (db) => statements(db).cancel.run(updateId).changes),
    erase: (subscriberId) => client.run('erase deliveries', (db) => statements(db).erase.run(subscriberId).changes),
    get: (id) =>
      client.run('delivery', (db) => {
        const row = statements(db).get.get(id) as Record<string, unknown> | undefined;
        return row ? { ...fromRow(row), mail: mailStateOf(row) } : null;
      }),
    queue: embeddedMailQueue(queueClient, {
      table: 'update_deliveries',
      idColumn: 'id',
      // The updates' table on the port: its `state` index field is the generated column ix_state.
      sendable: `update_id IN (SELECT id FROM ${UPDATES.name} WHERE "ix_state" = 'sending')`,
      read: (db, id) => {
        const row = statements(db).get.get(id) as Record<string, unknown> | undefined;
        return row ? fromRow(row) : null;
      },
    }),
  };
}

export const deliveriesRecord: EmbeddedRecord = { schema: SCHEMA };
