import { createHash } from 'node:crypto';
import { MongoServerError, ObjectId, type Db, type Document, type Filter } from 'mongodb';
import { ENDPOINT_KINDS } from '@wpc/shared/schemas';
import type { DatabaseClient } from '../../db/client';
import { DuplicateSubmissionError, StoreUnavailableError } from '../../db/errors';
import type { MongoIndex } from '../../db/mongo';
import { orderedDocs } from '../../db/mongo-ordered';
import type {
  IdempotencyTag,
  InboxCursor,
  InboxSubmissionFilter,
  InsertOptions,
  StoredSubmission,
  SubmissionQuery,
  SubmissionRepository,
} from '.';
import { emptyCounts, SEARCH_FIELDS, searchWords } from './inbox';

export const SUBMISSIONS = 'submissions';
const DUPLICATE_KEY = 11000;
const OBJECT_ID = /^[a-f0-9]{24}$/i;

interface SubmissionDoc extends Document {
  _id: ObjectId;
  /** The client's Idempotency-Key, unique over the collection (absent when none was sent). */
  idempotencyKey?: string;
  requestFingerprint?: string;
}

/** Stored fields no reader of a submission sees. */
export const HIDDEN_FIELDS = ['idempotencyKey', 'requestFingerprint', 'notification'] as const;

export const SUBMISSION_INDEXES: readonly MongoIndex[] = [
  // The export filters by form and date, or reads everything in (receivedAt, _id) order.
  { collection: SUBMISSIONS, name: 'form_receivedAt', key: { form: 1, receivedAt: 1 } },
  { collection: SUBMISSIONS, name: 'receivedAt_id', key: { receivedAt: 1, _id: 1 } },
  // Sparse: submissions without a key (older clients, scripts) do not collide with each other.
  {
    collection: SUBMISSIONS,
    name: 'idempotencyKey_unique',
    key: { idempotencyKey: 1 },
    options: { unique: true, sparse: true },
  },
];

/** A stored document as a plain submission. */
export function submissionFromDoc(doc: Document): StoredSubmission {
  const { _id, idempotencyKey: _key, requestFingerprint: _fingerprint, notification: _notification, ...rest } = doc;
  return { id: (_id as ObjectId).toHexString(), ...(rest as Omit<StoredSubmission, 'id'>) };
}

/**
 * The _id of a record sent with an Idempotency-Key is derived from the key, so a repeat collides
 * on the primary key and the first attempt is found by _id: the one lookup every MongoDB-wire
 * server answers from an index (FerretDB 1.x scans for other fields).
 */
function idForKey(key: string): ObjectId {
  return new ObjectId(createHash('sha256').update(`idempotency-key:${key}`).digest().subarray(0, 12));
}

/**
 * Inserts one document of `collection`; with an idempotency tag its _id comes from the key, so a
 * repeat collides on the primary key and rejects with DuplicateSubmissionError. The default write
 * concern is acknowledged: insertOne resolves once the server has the document.
 */
async function insertOnce(
  db: Db,
  collection: string,
  content: Document,
  idempotency: IdempotencyTag | undefined,
): Promise<ObjectId> {
  const doc = {
    _id: idempotency ? idForKey(idempotency.key) : new ObjectId(),
    ...content,
    ...(idempotency && { idempotencyKey: idempotency.key, requestFingerprint: idempotency.fingerprint }),
  };
  const records = db.collection<SubmissionDoc>(collection);
  try {
    const result = await records.insertOne(doc);
    if (!result.acknowledged) throw new StoreUnavailableError('MongoDB did not acknowledge the write.');
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY && idempotency)) throw error;
    const existing = await records.findOne({ _id: doc._id });
    if (!existing) throw error;
    throw new DuplicateSubmissionError(
      existing._id.toHexString(),
      existing.requestFingerprint === idempotency.fingerprint,
    );
  }
  return doc._id;
}

function baseFilter(query: SubmissionQuery): Filter<Document> {
  const filter: Record<string, unknown> = {};
  if (query.form) filter.form = query.form;
  if (query.since) filter.receivedAt = { $gte: query.since };
  return filter;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const objectIdsOf = (ids: readonly string[]) => ids.filter((id) => OBJECT_ID.test(id)).map((id) => new ObjectId(id));
const HIDDEN = Object.fromEntries(HIDDEN_FIELDS.map((field) => [field, 0]));
const NEWEST_FIRST = { receivedAt: -1, _id: -1 } as const;

/**
 * The inbox's filter on the documents (form and dates; the reviews' status comes as ids, by
 * _id); `ignoreForm` for the counts per kind, `cursor` for the next batch newest first.
 */
function inboxFilter(filter: InboxSubmissionFilter, ignoreForm = false, cursor?: InboxCursor): Filter<Document> {
  const parts: Filter<Document>[] = [];
  if (filter.form && !ignoreForm) parts.push({ form: filter.form });
  if (filter.from || filter.to) {
    parts.push({ receivedAt: { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lt: filter.to }) } });
  }
  for (const word of searchWords(filter.search)) {
    const pattern = { $regex: escapeRegex(word), $options: 'i' };
    parts.push({ $or: SEARCH_FIELDS.map((name) => ({ [`fields.${name}`]: pattern })) });
  }
  if (filter.only) {
    // One id as an equality: the lookup FerretDB 1.x answers from the _id index.
    const ids = objectIdsOf(filter.only);
    parts.push({ _id: ids.length === 1 ? ids[0] : { $in: ids } });
  }
  if (filter.except) parts.push({ _id: { $nin: objectIdsOf(filter.except) } });
  if (cursor) {
    const _id = new ObjectId(cursor.id);
    parts.push({
      $or: [{ receivedAt: { $lt: cursor.receivedAt } }, { receivedAt: cursor.receivedAt, _id: { $lt: _id } }],
    });
  }
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}

async function inboxPage(db: Db, filter: InboxSubmissionFilter, offset: number, limit: number) {
  const submissions = db.collection(SUBMISSIONS);
  const matching = inboxFilter(filter);
  const docs = await submissions
    .find(matching, { projection: HIDDEN })
    .sort(NEWEST_FIRST)
    .skip(offset)
    .limit(limit)
    .toArray();
  const total = await submissions.countDocuments(matching);
  const counts = emptyCounts();
  const others = inboxFilter(filter, true);
  for (const kind of ENDPOINT_KINDS) {
    counts[kind] = await submissions.countDocuments({ $and: [others, { form: kind }] });
  }
  return { rows: docs.map(submissionFromDoc), total, counts };
}

/**
 * Submissions in one collection; a queued notification is a field of its submission's
 * document (../outbox/mongo.ts), so both are one insert.
 */
export function mongoSubmissions(client: DatabaseClient<Db>): SubmissionRepository {
  // Inserts sent and not yet settled, by Idempotency-Key: a retry that arrives meanwhile (its
  // first attempt answered 503 at the deadline) waits for the first attempt's outcome instead of
  // adding work to a slow server.
  const inFlight = new Map<string, { readonly tag: IdempotencyTag; readonly work: Promise<ObjectId> }>();
  const outcomeOfEarlier = (earlier: { tag: IdempotencyTag; work: Promise<ObjectId> }, tag: IdempotencyTag) =>
    earlier.work.then(
      (id): never => {
        throw new DuplicateSubmissionError(id.toHexString(), earlier.tag.fingerprint === tag.fingerprint);
      },
      (error: unknown): never => {
        if (error instanceof DuplicateSubmissionError) {
          throw new DuplicateSubmissionError(
            error.existingId,
            error.sameRequest && earlier.tag.fingerprint === tag.fingerprint,
          );
        }
        // The first attempt's own error, as the driver gave it: whether it was stored is unknown.
        throw new StoreUnavailableError('MongoDB did not store the first attempt.', { cause: error });
      },
    );
  const stream = (query: SubmissionQuery & { after?: string; limit?: number } = {}) =>
    orderedDocs(client, {
      collection: SUBMISSIONS,
      filter: baseFilter(query),
      after: query.after,
      limit: query.limit,
      what: 'submission',
      hidden: HIDDEN_FIELDS,
      toRow: submissionFromDoc,
    });

  return {
    async insert(submission, { idempotency, notification }: InsertOptions = {}) {
      const earlier = idempotency && inFlight.get(idempotency.key);
      if (idempotency && earlier) return client.within('insert', outcomeOfEarlier(earlier, idempotency));
      const content = { ...submission, files: [...submission.files], ...(notification && { notification }) };
      const id = await client.run('insert', (db) => {
        const work = insertOnce(db, SUBMISSIONS, content, idempotency);
        if (idempotency) {
          inFlight.set(idempotency.key, { tag: idempotency, work });
          const forget = () => inFlight.delete(idempotency.key);
          void work.then(forget, forget);
        }
        return work;
      });
      return { id: id.toHexString(), ...submission, files: [...submission.files] };
    },
    list: (query = {}) =>
      client.run('list', (db) =>
        db
          .collection(SUBMISSIONS)
          .find(baseFilter(query), { projection: HIDDEN })
          .sort({ receivedAt: 1, _id: 1 })
          .toArray()
          .then((docs) => docs.map(submissionFromDoc)),
      ),
    stream: (query) => client.rows(stream(query)),
    findByEmail: (email) =>
      client.run('find by email', async (db) => {
        const pattern = { $regex: `^\\s*${escapeRegex(email.trim())}\\s*$`, $options: 'i' };
        const docs = await db
          .collection(SUBMISSIONS)
          .find({ 'fields.email': pattern }, { projection: { _id: 1, files: 1 } })
          .toArray();
        return docs.map((doc) => ({
          id: (doc._id as ObjectId).toHexString(),
          fileIds: ((doc.files ?? []) as { id: string }[]).map((file) => file.id),
        }));
      }),
    withFilesBefore: (before, limit) =>
      client.run('submissions with files', async (db) => {
        const docs = await db
          .collection(SUBMISSIONS)
          .find({ receivedAt: { $lt: before }, 'files.0': { $exists: true } }, { projection: { _id: 1, files: 1 } })
          .sort({ receivedAt: 1, _id: 1 })
          .limit(limit)
          .toArray();
        return docs.map((doc) => ({
          id: (doc._id as ObjectId).toHexString(),
          fileIds: ((doc.files ?? []) as { id: string }[]).map((file) => file.id),
        }));
      }),
    dropFiles: async (ids) => {
      await client.run('drop files', (db) =>
        db.collection(SUBMISSIONS).updateMany({ _id: { $in: objectIdsOf(ids) } }, { $set: { files: [] } }),
      );
    },
    inboxPage: (filter, offset, limit) => client.run('inbox', (db) => inboxPage(db, filter, offset, limit)),
    inboxBatch: (filter, cursor, limit) =>
      client.run('inbox batch', async (db) => {
        const docs = await db
          .collection(SUBMISSIONS)
          .find(inboxFilter(filter, false, cursor), { projection: HIDDEN })
          .sort(NEWEST_FIRST)
          .limit(limit)
          .toArray();
        return docs.map(submissionFromDoc);
      }),
    remove: (ids) =>
      client.run('remove submissions', async (db) => {
        const { deletedCount } = await db.collection(SUBMISSIONS).deleteMany({ _id: { $in: objectIdsOf(ids) } });
        return deletedCount;
      }),
  };
}
