import type { Database } from 'better-sqlite3';
import type { EndpointKind, Submission } from '@wpc/shared/schemas';
import type { DatabaseClient } from '../../db/client';
import { newDocumentId } from '../../db/ids';
import { allRows, orderedRows } from '../../db/ordered';
import {
  dateOf,
  groupCommit,
  keyedNedbFile,
  prepared,
  refusedForKey,
  shredImportedNedb,
  type EmbeddedRecord,
} from '../../db/sqlite';
import type { StoredFile } from '../files';
import { queueNotification } from '../outbox/embedded';
import type {
  InboxCursor,
  InboxSubmissionFilter,
  InsertOptions,
  NewSubmission,
  StoredSubmission,
  SubmissionRepository,
  SubmissionStreamQuery,
} from '.';
import { emptyCounts, SEARCH_FIELDS, searchWords } from './inbox';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS submissions (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  variant TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  page TEXT,
  fields TEXT NOT NULL,
  files TEXT NOT NULL,
  idempotency_key TEXT UNIQUE,
  request_fingerprint TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS submissions_received ON submissions (received_at, id);
CREATE INDEX IF NOT EXISTS submissions_form_received ON submissions (form, received_at, id);
`;

const statements = prepared((db) => ({
  insert: db.prepare(
    'INSERT INTO submissions (id, form, variant, received_at, page, fields, files, idempotency_key, request_fingerprint) ' +
      'VALUES (@id, @form, @variant, @receivedAt, @page, @fields, @files, @key, @fingerprint)',
  ),
  import: db.prepare(
    'INSERT OR IGNORE INTO submissions (id, form, variant, received_at, page, fields, files, idempotency_key, request_fingerprint) ' +
      'VALUES (@id, @form, @variant, @receivedAt, @page, @fields, @files, @key, @fingerprint)',
  ),
  byKey: db.prepare('SELECT id, request_fingerprint FROM submissions WHERE idempotency_key = ?'),
  byId: db.prepare('SELECT * FROM submissions WHERE id = ?'),
  emails: db.prepare("SELECT id, files FROM submissions WHERE wpc_trim_lower(fields ->> '$.email') = ?"),
  remove: db.prepare('DELETE FROM submissions WHERE id = ?'),
  withFilesBefore: db.prepare(
    "SELECT id, files FROM submissions WHERE received_at < ? AND files <> '[]' ORDER BY received_at, id LIMIT ?",
  ),
  dropFiles: db.prepare("UPDATE submissions SET files = '[]' WHERE id = ?"),
}));

/** The files' metadata as stored: uploadedAt in milliseconds. */
const filesJson = (files: readonly StoredFile[]) =>
  JSON.stringify(files.map((file) => ({ ...file, uploadedAt: file.uploadedAt.getTime() })));

function filesOf(json: unknown): StoredFile[] {
  return (JSON.parse(json as string) as (Omit<StoredFile, 'uploadedAt'> & { uploadedAt: number })[]).map((file) => ({
    ...file,
    uploadedAt: new Date(file.uploadedAt),
  }));
}

/** A row as a plain submission. */
export function submissionFromRow(row: Record<string, unknown>): StoredSubmission {
  return {
    id: row.id as string,
    form: row.form as StoredSubmission['form'],
    variant: row.variant as StoredSubmission['variant'],
    fields: JSON.parse(row.fields as string) as Submission,
    files: filesOf(row.files),
    page: row.page as string | null,
    receivedAt: dateOf(row.received_at),
  };
}

/** One submission by id, inside a caller's transaction or call. */
export function readSubmission(db: Database, id: string): StoredSubmission | null {
  const row = statements(db).byId.get(id) as Record<string, unknown> | undefined;
  return row ? submissionFromRow(row) : null;
}

/**
 * The inbox's filter as SQL (form and dates on the indexes); `ignoreForm` for the counts per kind,
 * `cursor` for the next batch newest first. The reviews' status comes as ids (`only`, `except`).
 */
function inboxWhere(filter: InboxSubmissionFilter, ignoreForm = false, cursor?: InboxCursor) {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filter.form && !ignoreForm) add('form = ?', filter.form);
  if (filter.from) add('received_at >= ?', filter.from.getTime());
  if (filter.to) add('received_at < ?', filter.to.getTime());
  for (const word of searchWords(filter.search)) {
    const fields = SEARCH_FIELDS.map((name) => `instr(wpc_lower(fields ->> '$.${name}'), ?) > 0`);
    add(`(${fields.join(' OR ')})`, ...SEARCH_FIELDS.map(() => word));
  }
  if (filter.only) add('id IN (SELECT value FROM json_each(?))', JSON.stringify(filter.only));
  if (filter.except) add('id NOT IN (SELECT value FROM json_each(?))', JSON.stringify(filter.except));
  if (cursor) {
    const at = cursor.receivedAt.getTime();
    add('(received_at < ? OR (received_at = ? AND id < ?))', at, at, cursor.id);
  }
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const NEWEST_FIRST = 'ORDER BY received_at DESC, id DESC';

function inboxPage(db: Database, filter: InboxSubmissionFilter, offset: number, limit: number) {
  const { sql, params } = inboxWhere(filter);
  const rows = db
    .prepare(`SELECT * FROM submissions ${sql} ${NEWEST_FIRST} LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as Record<string, unknown>[];
  const { total } = db.prepare(`SELECT count(*) AS total FROM submissions ${sql}`).get(...params) as { total: number };
  const others = inboxWhere(filter, true);
  const counts = emptyCounts();
  for (const { form, count } of db
    .prepare(`SELECT form, count(*) AS count FROM submissions ${others.sql} GROUP BY form`)
    .all(...others.params) as { form: EndpointKind; count: number }[]) {
    if (form in counts) counts[form] = count;
  }
  return { rows: rows.map(submissionFromRow), total, counts };
}

function parameters(id: string, submission: NewSubmission, key: string | null, fingerprint: string | null) {
  return {
    id,
    form: submission.form,
    variant: submission.variant,
    receivedAt: submission.receivedAt.getTime(),
    page: submission.page,
    fields: JSON.stringify(submission.fields),
    files: filesJson(submission.files),
    key,
    fingerprint,
  };
}

/**
 * Submissions in the embedded database: one row each, fields and files as JSON. The
 * Idempotency-Key is a UNIQUE column (NULL for none, and NULLs never collide); a submission and
 * its queued notification are one transaction.
 */
/** `dataDir`: the DATA_DIR whose copies of earlier versions' data files erasure deletes (remove). */
export function embeddedSubmissions(client: DatabaseClient<Database>, dataDir: string): SubmissionRepository {
  const insertRow = (db: Database, submission: NewSubmission, { idempotency, notification }: InsertOptions) => {
    const id = newDocumentId();
    statements(db).insert.run(parameters(id, submission, idempotency?.key ?? null, idempotency?.fingerprint ?? null));
    if (notification) queueNotification(db, id, notification);
    return id;
  };
  const stream = (query: SubmissionStreamQuery = {}) => {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.form) {
      where.push('form = ?');
      params.push(query.form);
    }
    if (query.since) {
      where.push('received_at >= ?');
      params.push(query.since.getTime());
    }
    return orderedRows(client, {
      table: 'submissions',
      where,
      params,
      after: query.after,
      limit: query.limit,
      what: 'submission',
      fromRow: submissionFromRow,
    });
  };
  return {
    insert: (submission, options = {}) =>
      client.run('insert', async (db) => {
        try {
          const id = await groupCommit(db)(() => insertRow(db, submission, options));
          return {
            id,
            ...submission,
            fields: { ...submission.fields },
            files: submission.files.map((file) => ({ ...file })),
          };
        } catch (error) {
          throw refusedForKey(error, options.idempotency, (key) => statements(db).byKey.get(key));
        }
      }),
    list: (query) => allRows(stream(query)),
    stream: (query) => client.rows(stream(query)),
    findByEmail: (email) =>
      client.run('find by email', (db) =>
        (statements(db).emails.all(email.trim().toLowerCase()) as { id: string; files: string }[]).map((row) => ({
          id: row.id,
          fileIds: filesOf(row.files).map((file) => file.id),
        })),
      ),
    withFilesBefore: (before, limit) =>
      client.run('submissions with files', (db) =>
        (statements(db).withFilesBefore.all(before.getTime(), limit) as { id: string; files: string }[]).map((row) => ({
          id: row.id,
          fileIds: filesOf(row.files).map((file) => file.id),
        })),
      ),
    dropFiles: async (ids) => {
      await client.run('drop files', (db) => {
        db.transaction(() => {
          for (const id of ids) statements(db).dropFiles.run(id);
        })();
      });
    },
    async remove(ids) {
      const removed = await client.run('remove submissions', (db) => {
        const removed = db.transaction(() =>
          ids.reduce((count, id) => count + statements(db).remove.run(id).changes, 0),
        )();
        // The write-ahead log still holds the rows' earlier pages (and the pages of an erasure's
        // other steps just before: files, reviews, subscriptions): copied into the database file,
        // where secure_delete zeroed them, and the log emptied, so no byte of them is left in
        // DATA_DIR when this answers; also when no submission was found (a subscriber erased).
        db.pragma('wal_checkpoint(TRUNCATE)');
        return removed;
      });
      // Whether or not rows were found: a person erased under NeDB is still in its append-only files.
      await client.unbounded('delete imported NeDB files', () => shredImportedNedb(dataDir));
      return removed;
    },
    inboxPage: (filter, offset, limit) => client.run('inbox', (db) => inboxPage(db, filter, offset, limit)),
    inboxBatch: (filter, cursor, limit) =>
      client.run('inbox batch', (db) => {
        const { sql, params } = inboxWhere(filter, false, cursor);
        const rows = db
          .prepare(`SELECT * FROM submissions ${sql} ${NEWEST_FIRST} LIMIT ?`)
          .all(...params, limit) as Record<string, unknown>[];
        return rows.map(submissionFromRow);
      }),
  };
}

/** The submissions' table, and their documents from earlier versions. */
export const submissionsRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [keyedNedbFile<NewSubmission>('submissions.db', (db, ...row) => statements(db).import.run(parameters(...row)))],
};
