import type { CollectionSpec, Doc, DocumentClient, Documents, Filter } from '../../db/port';
import { exportOrder } from '../export-order';
import { insertKeyed, type KeyFields } from '../keyed-insert';
import type { AssessmentQuery, AssessmentRepository, AssessmentStreamQuery, StoredAssessment } from '.';

type AssessmentDoc = Doc & Omit<StoredAssessment, 'id'> & KeyFields;

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

const assessmentsIn = (documents: Documents) => documents.collection<AssessmentDoc>(ASSESSMENTS.name);

function assessmentOf({ _id, idempotencyKey: _key, requestFingerprint: _fingerprint, ...rest }: AssessmentDoc) {
  return { id: _id, ...rest } satisfies StoredAssessment;
}

const sinceFilter = ({ since }: AssessmentQuery): Filter => (since ? { receivedAt: { $gte: since } } : {});

/** Shared self-assessments (assessments), kept apart from form submissions. */
export function sharedAssessments(client: DocumentClient): AssessmentRepository {
  async function* stream(query: AssessmentStreamQuery): AsyncGenerator<StoredAssessment> {
    const read = { collection: ASSESSMENTS.name, what: 'shared result', ...query };
    for await (const doc of exportOrder<AssessmentDoc>(client, read)) yield assessmentOf(doc);
  }
  return {
    insert: (assessment, { idempotency } = {}) =>
      client.run('insertAssessment', async (db) => {
        const content = { ...assessment, scores: { ...assessment.scores } };
        const _id = await insertKeyed(assessmentsIn(db), content, idempotency);
        return { id: _id, ...content };
      }),
    list: (query = {}) =>
      client.run('listAssessments', async (db) =>
        (await assessmentsIn(db).find(sinceFilter(query), { sort: { receivedAt: 1, _id: 1 } })).map(assessmentOf),
      ),
    stream: (query = {}) => client.rows(stream(query)),
  };
}
