import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { newDocumentId } from '../../db/ids';
import { allRows, orderedRows } from '../../db/ordered';
import { dateOf, groupCommit, keyedNedbFile, prepared, refusedForKey, type EmbeddedRecord } from '../../db/sqlite';
import type { AssessmentRepository, AssessmentStreamQuery, NewAssessment, StoredAssessment } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS assessments (
  id TEXT PRIMARY KEY,
  community_type TEXT NOT NULL,
  country TEXT NOT NULL,
  zip TEXT,
  scores TEXT NOT NULL,
  scorecard_version TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  idempotency_key TEXT UNIQUE,
  request_fingerprint TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS assessments_received ON assessments (received_at, id);
`;

const COLUMNS =
  '(id, community_type, country, zip, scores, scorecard_version, received_at, idempotency_key, request_fingerprint) ' +
  'VALUES (@id, @communityType, @country, @zip, @scores, @scorecardVersion, @receivedAt, @key, @fingerprint)';

const statements = prepared((db) => ({
  insert: db.prepare(`INSERT INTO assessments ${COLUMNS}`),
  import: db.prepare(`INSERT OR IGNORE INTO assessments ${COLUMNS}`),
  byKey: db.prepare('SELECT id, request_fingerprint FROM assessments WHERE idempotency_key = ?'),
}));

function assessmentFromRow(row: Record<string, unknown>): StoredAssessment {
  return {
    id: row.id as string,
    communityType: row.community_type as string,
    country: row.country as string,
    zip: row.zip as string | null,
    scores: JSON.parse(row.scores as string) as Record<string, number>,
    scorecardVersion: row.scorecard_version as string,
    receivedAt: dateOf(row.received_at),
  };
}

function parameters(id: string, assessment: NewAssessment, key: string | null, fingerprint: string | null) {
  return {
    id,
    communityType: assessment.communityType,
    country: assessment.country,
    zip: assessment.zip,
    scores: JSON.stringify(assessment.scores),
    scorecardVersion: assessment.scorecardVersion,
    receivedAt: assessment.receivedAt.getTime(),
    key,
    fingerprint,
  };
}

/** Shared self-assessments in the embedded database; the Idempotency-Key is a UNIQUE column. */
export function embeddedAssessments(client: DatabaseClient<Database>): AssessmentRepository {
  const stream = (query: AssessmentStreamQuery = {}) =>
    orderedRows(client, {
      table: 'assessments',
      where: query.since ? ['received_at >= ?'] : [],
      params: query.since ? [query.since.getTime()] : [],
      after: query.after,
      limit: query.limit,
      what: 'shared result',
      fromRow: assessmentFromRow,
    });
  return {
    insert: (assessment, { idempotency } = {}) =>
      client.run('insertAssessment', async (db) => {
        const id = newDocumentId();
        const row = parameters(id, assessment, idempotency?.key ?? null, idempotency?.fingerprint ?? null);
        try {
          await groupCommit(db)(() => statements(db).insert.run(row));
        } catch (error) {
          throw refusedForKey(error, idempotency, (key) => statements(db).byKey.get(key));
        }
        return { id, ...assessment, scores: { ...assessment.scores } };
      }),
    list: (query) => allRows(stream(query)),
    stream: (query) => client.rows(stream(query)),
  };
}

/** The shared results' table, and their documents from earlier versions. */
export const assessmentsRecord: EmbeddedRecord = {
  schema: SCHEMA,
  nedb: [keyedNedbFile<NewAssessment>('assessments.db', (db, ...row) => statements(db).import.run(parameters(...row)))],
};
