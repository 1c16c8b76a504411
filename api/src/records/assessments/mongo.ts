import type { Db, Document, ObjectId } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import { orderedDocs } from '../../db/mongo-ordered';
import { insertOnce } from '../submissions/mongo';
import type { AssessmentQuery, AssessmentRepository, StoredAssessment } from '.';

const ASSESSMENTS = 'assessments';
const HIDDEN_FIELDS = ['idempotencyKey', 'requestFingerprint'] as const;

export const ASSESSMENT_INDEXES: readonly MongoIndex[] = [
  { collection: ASSESSMENTS, name: 'receivedAt', key: { receivedAt: 1 } },
  {
    collection: ASSESSMENTS,
    name: 'idempotencyKey_unique',
    key: { idempotencyKey: 1 },
    options: { unique: true, sparse: true },
  },
];

function assessmentFromDoc(doc: Document): StoredAssessment {
  const { _id, idempotencyKey: _key, requestFingerprint: _fingerprint, ...rest } = doc;
  return { id: (_id as ObjectId).toHexString(), ...(rest as Omit<StoredAssessment, 'id'>) };
}

const sinceFilter = (query: AssessmentQuery) => (query.since ? { receivedAt: { $gte: query.since } } : {});

/** Shared self-assessments in their own collection; Idempotency-Keys as for submissions. */
export function mongoAssessments(client: DatabaseClient<Db>): AssessmentRepository {
  return {
    insert: async (assessment, { idempotency } = {}) => {
      const content = { ...assessment, scores: { ...assessment.scores } };
      const id = await client.run('insertAssessment', (db) => insertOnce(db, ASSESSMENTS, content, idempotency));
      return { id: id.toHexString(), ...content };
    },
    list: (query = {}) =>
      client.run('listAssessments', async (db) =>
        (await db.collection(ASSESSMENTS).find(sinceFilter(query)).sort({ receivedAt: 1, _id: 1 }).toArray()).map(
          assessmentFromDoc,
        ),
      ),
    stream: (query = {}) =>
      client.rows(
        orderedDocs(client, {
          collection: ASSESSMENTS,
          filter: sinceFilter(query),
          after: query.after,
          limit: query.limit,
          what: 'shared result',
          hidden: HIDDEN_FIELDS,
          toRow: assessmentFromDoc,
        }),
      ),
  };
}
