import type { Database } from 'better-sqlite3';
import type { EndpointKind } from '@wpc/shared/schemas';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { prepared, type EmbeddedRecord } from '../../db/sqlite';
import { submissionFromRow } from '../submissions/embedded';
import { applyReviewUpdate, NEW_REVIEW } from '.';
import type { InboxFilter, ReviewedSubmission, ReviewRepository, SubmissionReview } from '.';
import { emptyCounts, SEARCH_FIELDS, searchWords } from './inbox';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reviews (
  submission_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  note TEXT NOT NULL,
  history TEXT NOT NULL
) STRICT;
`;
const BATCH = 500;
const COLUMNS = 's.*, r.status AS review_status, r.note AS review_note, r.history AS review_history';
const FROM = 'FROM submissions s LEFT JOIN reviews r ON r.submission_id = s.id';

const statements = prepared((db) => ({
  byId: db.prepare(`SELECT ${COLUMNS} ${FROM} WHERE s.id = ?`),
  review: db.prepare('SELECT status, note, history FROM reviews WHERE submission_id = ?'),
  save: db.prepare(
    'INSERT INTO reviews (submission_id, status, note, history) VALUES (@id, @status, @note, @history) ' +
      'ON CONFLICT (submission_id) DO UPDATE SET status = excluded.status, note = excluded.note, history = excluded.history',
  ),
  import: db.prepare(
    'INSERT OR IGNORE INTO reviews (submission_id, status, note, history) VALUES (@id, @status, @note, @history)',
  ),
  remove: db.prepare('DELETE FROM reviews WHERE submission_id = ?'),
}));

type StoredChange = Omit<SubmissionReview['history'][number], 'at'> & { at: number };

function reviewOf(status: unknown, note: unknown, history: unknown): SubmissionReview {
  if (status === null || status === undefined) return NEW_REVIEW;
  return {
    status: status as SubmissionReview['status'],
    note: note as string,
    history: (JSON.parse(history as string) as StoredChange[]).map((change) => ({
      ...change,
      at: new Date(change.at),
    })),
  };
}

function reviewedFromRow(row: Record<string, unknown>): ReviewedSubmission {
  return { ...submissionFromRow(row), review: reviewOf(row.review_status, row.review_note, row.review_history) };
}

function save(db: Database, id: string, review: SubmissionReview, statement: 'save' | 'import' = 'save'): void {
  statements(db)[statement].run({
    id,
    status: review.status,
    note: review.note,
    history: JSON.stringify(review.history.map((change) => ({ ...change, at: change.at.getTime() }))),
  });
}

/** The inbox's filter as SQL: form, dates and search on the submission; status through its review. */
function whereOf(filter: InboxFilter, ignoreForm = false): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filter.form && !ignoreForm) add('s.form = ?', filter.form);
  if (filter.from) add('s.received_at >= ?', filter.from.getTime());
  if (filter.to) add('s.received_at < ?', filter.to.getTime());
  for (const word of searchWords(filter.search)) {
    const fields = SEARCH_FIELDS.map((name) => `instr(wpc_lower(s.fields ->> '$.${name}'), ?) > 0`);
    add(`(${fields.join(' OR ')})`, ...SEARCH_FIELDS.map(() => word));
  }
  // Only submissions someone has touched have a review; untouched ones are new.
  if (filter.status) add("coalesce(r.status, 'new') = ?", filter.status);
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** Reviews in the embedded database, read with their submissions in one query. */
export function embeddedReviews(client: DatabaseClient<Database>): ReviewRepository {
  async function* stream(filter: InboxFilter): AsyncGenerator<ReviewedSubmission> {
    const { sql, params } = whereOf(filter);
    let last: { at: number; id: string } | undefined;
    for (;;) {
      // Keyset pages (newest first), so each batch is one bounded call and no statement stays open.
      const after = last;
      const page = await client.run('inbox export', (db) => {
        const keyset = after
          ? `${sql ? `${sql} AND` : 'WHERE'} (s.received_at < ? OR (s.received_at = ? AND s.id < ?))`
          : sql;
        const values = after ? [...params, after.at, after.at, after.id] : params;
        return db
          .prepare(`SELECT ${COLUMNS} ${FROM} ${keyset} ORDER BY s.received_at DESC, s.id DESC LIMIT ?`)
          .all(...values, BATCH) as Record<string, unknown>[];
      });
      for (const row of page) yield reviewedFromRow(row);
      if (page.length < BATCH) return;
      const end = page[page.length - 1]!;
      last = { at: end.received_at as number, id: end.id as string };
    }
  }
  return {
    inbox: (query) =>
      client.run('inbox', (db) => {
        const { sql, params } = whereOf(query);
        const rows = db
          .prepare(`SELECT ${COLUMNS} ${FROM} ${sql} ORDER BY s.received_at DESC, s.id DESC LIMIT ? OFFSET ?`)
          .all(...params, query.limit, query.offset) as Record<string, unknown>[];
        const { total } = db.prepare(`SELECT count(*) AS total ${FROM} ${sql}`).get(...params) as { total: number };
        const others = whereOf(query, true);
        const counts = emptyCounts();
        for (const { form, count } of db
          .prepare(`SELECT s.form AS form, count(*) AS count ${FROM} ${others.sql} GROUP BY s.form`)
          .all(...others.params) as { form: EndpointKind; count: number }[]) {
          if (form in counts) counts[form] = count;
        }
        return { rows: rows.map(reviewedFromRow), total, counts };
      }),
    stream: (filter) => client.rows(stream(filter)),
    get: (id) =>
      client.run('getSubmission', (db) => {
        const row = statements(db).byId.get(id) as Record<string, unknown> | undefined;
        return row ? reviewedFromRow(row) : null;
      }),
    // One transaction, read and write: parallel changes each join the history.
    update: (id, update, by, at) =>
      client.run('updateReview', (db) =>
        db.transaction(() => {
          const row = statements(db).byId.get(id) as Record<string, unknown> | undefined;
          if (!row) return null;
          const current = reviewedFromRow(row);
          const after = applyReviewUpdate(current.review, update, by, at);
          if (after !== current.review) save(db, id, after);
          return { ...current, review: after };
        })(),
      ),
    remove: (ids) =>
      client.run('remove reviews', (db) => {
        db.transaction(() => ids.forEach((id) => statements(db).remove.run(id)))();
      }),
  };
}

/** The reviews' table, and their documents from earlier versions. */
export const reviewsRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [
    {
      file: 'reviews.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const { _id, ...review } of docs) save(db, _id, review as unknown as SubmissionReview, 'import');
      },
    },
  ],
};
