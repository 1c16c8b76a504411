import { createHash } from 'node:crypto';
import { DuplicateSubmissionError, UnknownCursorError } from '../../db/errors';
import {
  DuplicateKeyError,
  type CollectionSpec,
  type Doc,
  type DocumentClient,
  type Documents,
  type Filter,
} from '../../db/port';
import type { AssessmentQuery, AssessmentRepository, AssessmentStreamQuery, StoredAssessment } from '.';

type AssessmentDoc = Doc &
  Omit<StoredAssessment, 'id'> & { readonly idempotencyKey?: string; readonly requestFingerprint?: string };

/**
 * One document per shared result. The list and the export read `receivedAt`; an Idempotency-Key
 * is unique (sparse: most results carry none). On MongoDB the _id stays an ObjectId, as the
 * driver wrote it before the port; a keyed result's _id comes from its key, so a repeat is found
 * by _id (FerretDB 1.x scans for any other filter). Before the port the embedded store kept the
 * same name with a column per field, and the NeDB versions `assessments.db`.
 */
export const ASSESSMENTS: CollectionSpec = {
  name: 'assessments',
  objectIds: true,
  indexes: [
    { name: 'receivedAt', key: { receivedAt: 1 } },
    { name: 'idempotencyKey_unique', key: { idempotencyKey: 1 }, unique: true, sparse: true },
  ],
  legacy: (row) => ({
    _id: row.id as string,
    communityType: row.community_type as string,
    country: row.country as string,
    zip: row.zip as string | null,
    scores: JSON.parse(row.scores as string) as Record<string, number>,
    scorecardVersion: row.scorecard_version as string,
    receivedAt: new Date(row.received_at as number),
    ...(row.idempotency_key != null && {
      idempotencyKey: row.idempotency_key as string,
      requestFingerprint: row.request_fingerprint as string,
    }),
  }),
  nedbFile: 'assessments.db',
};

/** A page of the export: one bounded call each, so no cursor stays open while the caller waits. */
const PAGE = 1000;
const ORDER = { sort: { receivedAt: 1, _id: 1 } } as const;

const assessmentsIn = (documents: Documents) => documents.collection<AssessmentDoc>(ASSESSMENTS.name);

/** The _id of a keyed result: the key's hash, as MongoDB's ObjectId of 12 bytes (the same id before the port). */
const keyedId = (key: string) =>
  createHash('sha256').update(`idempotency-key:${key}`).digest().subarray(0, 12).toString('hex');

function assessmentOf({ _id, idempotencyKey: _key, requestFingerprint: _fingerprint, ...rest }: AssessmentDoc) {
  return { id: _id, ...rest } satisfies StoredAssessment;
}

const sinceFilter = ({ since }: AssessmentQuery): Filter => (since ? { receivedAt: { $gte: since } } : {});

/**
 * The next page in export order (receivedAt, then _id) after `cursor`: the results sharing its
 * instant with a greater id, then the later ones; two queries, each on the index alone.
 */
async function pageAfter(
  documents: Documents,
  query: AssessmentQuery,
  cursor: Pick<AssessmentDoc, '_id' | 'receivedAt'> | undefined,
  size: number,
): Promise<AssessmentDoc[]> {
  const of = assessmentsIn(documents);
  if (!cursor) return of.find(sinceFilter(query), { ...ORDER, limit: size });
  const { receivedAt: at, _id } = cursor;
  const ties =
    query.since && at < query.since
      ? []
      : await of.find({ receivedAt: at, _id: { $gt: _id } }, { ...ORDER, limit: size });
  if (ties.length === size) return ties;
  const later = { $gt: at, ...(query.since && { $gte: query.since }) };
  return [...ties, ...(await of.find({ receivedAt: later }, { ...ORDER, limit: size - ties.length }))];
}

/** Shared self-assessments (assessments), kept apart from form submissions. */
export function sharedAssessments(client: DocumentClient): AssessmentRepository {
  async function* stream(query: AssessmentStreamQuery): AsyncGenerator<StoredAssessment> {
    let cursor: AssessmentDoc | undefined;
    if (query.after !== undefined) {
      const after = query.after;
      cursor =
        (await client.unbounded('shared result cursor', (db) => assessmentsIn(db).findOne({ _id: after }))) ??
        undefined;
      if (!cursor) throw new UnknownCursorError(after, 'shared result');
    }
    for (let left = query.limit ?? Infinity; left > 0;) {
      const size = Math.min(PAGE, left);
      const from = cursor;
      const page = await client.unbounded('shared result export', (db) => pageAfter(db, query, from, size));
      yield* page.map(assessmentOf);
      if (page.length < size) return;
      left -= page.length;
      cursor = page[page.length - 1];
    }
  }
  return {
    insert: (assessment, { idempotency } = {}) =>
      client.run('insertAssessment', async (db) => {
        const of = assessmentsIn(db);
        const content = { ...assessment, scores: { ...assessment.scores } };
        const _id = idempotency ? keyedId(idempotency.key) : of.newId();
        const key = idempotency && { idempotencyKey: idempotency.key, requestFingerprint: idempotency.fingerprint };
        try {
          await of.insert({ _id, ...content, ...key });
        } catch (error) {
          if (!(error instanceof DuplicateKeyError && idempotency)) throw error;
          // By _id first; a result the embedded store kept before the port has a random id and its key.
          const first = (await of.findOne({ _id })) ?? (await of.findOne({ idempotencyKey: idempotency.key }));
          if (!first) throw error;
          throw new DuplicateSubmissionError(first._id, first.requestFingerprint === idempotency.fingerprint);
        }
        return { id: _id, ...content };
      }),
    list: (query = {}) =>
      client.run('listAssessments', async (db) =>
        (await assessmentsIn(db).find(sinceFilter(query), ORDER)).map(assessmentOf),
      ),
    stream: (query = {}) => client.rows(stream(query)),
  };
}
