import { MongoServerError, ObjectId, type Db, type Document, type Filter } from 'mongodb';
import { ENDPOINT_KINDS } from '@wpc/shared/schemas';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import { SUBMISSIONS, submissionFromDoc } from '../submissions/mongo';
import { applyReviewUpdate, NEW_REVIEW } from '.';
import type { InboxFilter, ReviewedSubmission, ReviewRepository, SubmissionReview } from '.';
import { emptyCounts, SEARCH_FIELDS, searchWords } from './inbox';

/**
 * A review is kept apart from its submission, under the submission's id (hex): what the inbox
 * reads and filters on, a copy of the submission's latest change.
 */
type ReviewDoc = SubmissionReview & { _id: string };
/**
 * One change of a review, with the review after it, under "<submission id>#<changes so far>".
 * Inserting it is the atomic step (FerretDB 1.x applies conditional updates without isolation,
 * design notes): of two writers computing the same next change, one insert wins and the other
 * reads the review again. A change is never rewritten, only deleted with its submission.
 */
interface ChangeDoc {
  readonly _id: string;
  readonly submissionId: string;
  readonly seq: number;
  readonly review: SubmissionReview;
}
const CHANGES = 'review_changes';
export const REVIEW_INDEXES: readonly MongoIndex[] = [
  { collection: CHANGES, name: 'submission_seq', key: { submissionId: 1, seq: -1 } },
];
type SubmissionDoc = Document & { _id: ObjectId; receivedAt: Date; form: string };

const OBJECT_ID = /^[a-f0-9]{24}$/i;
const DUPLICATE_KEY = 11000;
/** Each round of writers racing on one review lets at least one through: 20 at once need 20 rounds. */
const UPDATE_TRIES = 100;
const BATCH = 500;
/** Stored-data fields the console never reads. */
const PROJECTION = { idempotencyKey: 0, requestFingerprint: 0 } as const;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const reviewsOf = (db: Db) => db.collection<ReviewDoc>('reviews');
const changesOf = (db: Db) => db.collection<ChangeDoc>(CHANGES);
const isDuplicateKey = (error: unknown) => error instanceof MongoServerError && error.code === DUPLICATE_KEY;

/** The review as it is now: the latest change, or the review doc of a version before changes were kept apart. */
async function latestReview(db: Db, id: string): Promise<SubmissionReview> {
  const [change] = await changesOf(db).find({ submissionId: id }).sort({ seq: -1 }).limit(1).toArray();
  const doc = await reviewsOf(db).findOne({ _id: id });
  const kept = doc && { status: doc.status, note: doc.note, history: doc.history };
  if (change && (!kept || change.review.history.length >= kept.history.length)) return change.review;
  return kept ?? NEW_REVIEW;
}
const submissionsOf = (db: Db) => db.collection<SubmissionDoc>(SUBMISSIONS);

/** The submissions filter: form, dates and search on the document; status through the reviews. */
async function filterFor(db: Db, filter: InboxFilter, ignoreForm = false): Promise<Filter<SubmissionDoc>> {
  const parts: Filter<SubmissionDoc>[] = [];
  if (filter.form && !ignoreForm) parts.push({ form: filter.form });
  if (filter.from || filter.to) {
    parts.push({ receivedAt: { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lt: filter.to }) } });
  }
  for (const word of searchWords(filter.search)) {
    const pattern = { $regex: escapeRegex(word), $options: 'i' };
    parts.push({ $or: SEARCH_FIELDS.map((name) => ({ [`fields.${name}`]: pattern })) });
  }
  if (filter.status) {
    // Only submissions someone has touched have a review; untouched ones are new.
    const reviewed = await reviewsOf(db)
      .find(filter.status === 'new' ? { status: { $ne: 'new' } } : { status: filter.status }, {
        projection: { _id: 1 },
      })
      .toArray();
    const ids = reviewed.filter((doc) => OBJECT_ID.test(doc._id)).map((doc) => new ObjectId(doc._id));
    parts.push({ _id: filter.status === 'new' ? { $nin: ids } : { $in: ids } });
  }
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}

async function withReviews(db: Db, docs: readonly Document[]): Promise<ReviewedSubmission[]> {
  const submissions = docs.map(submissionFromDoc);
  const reviews = await reviewsOf(db)
    .find({ _id: { $in: submissions.map((submission) => submission.id) } })
    .toArray();
  const byId = new Map(reviews.map(({ _id, ...review }) => [_id, review]));
  return submissions.map((submission) => ({ ...submission, review: byId.get(submission.id) ?? NEW_REVIEW }));
}

/** Reviews in their own collection (reviews), beside the submissions they belong to. */
export function mongoReviews(client: DatabaseClient<Db>): ReviewRepository {
  const get = async (id: string): Promise<ReviewedSubmission | null> => {
    if (!OBJECT_ID.test(id)) return null;
    return client.run('getSubmission', async (db) => {
      const doc = await submissionsOf(db).findOne({ _id: new ObjectId(id) }, { projection: PROJECTION });
      return doc ? (await withReviews(db, [doc]))[0]! : null;
    });
  };
  /**
   * Makes the review doc the latest change. Writers racing here may land out of order, so each
   * checks after its write that no later change appeared, and writes again if one did: the last
   * write of all is then the latest change. Two first writes at once may both insert: the loser tries again.
   */
  const copyLatest = async (id: string): Promise<void> => {
    for (let tries = 0; tries < UPDATE_TRIES; tries += 1) {
      const latest = await client.run('getReview', (db) => latestReview(db, id));
      const copied = await client.run('copyReview', async (db) => {
        try {
          await reviewsOf(db).replaceOne(
            { _id: id },
            { status: latest.status, note: latest.note, history: [...latest.history] },
            { upsert: true },
          );
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      });
      const now = await client.run('getReview', (db) => latestReview(db, id));
      if (copied && now.history.length === latest.history.length) return;
    }
  };
  async function* stream(filter: InboxFilter): AsyncGenerator<ReviewedSubmission> {
    const base = await client.run('inbox export', (db) => filterFor(db, filter));
    let last: { receivedAt: Date; _id: ObjectId } | undefined;
    for (;;) {
      // Keyset pages (newest first), so each batch is one bounded call.
      const after = last;
      const page = await client.run('inbox export', async (db) => {
        const filterAfter: Filter<SubmissionDoc> = after
          ? {
              $and: [
                base,
                {
                  $or: [
                    { receivedAt: { $lt: after.receivedAt } },
                    { receivedAt: after.receivedAt, _id: { $lt: after._id } },
                  ],
                },
              ],
            }
          : base;
        const docs = await submissionsOf(db)
          .find(filterAfter, { projection: PROJECTION })
          .sort({ receivedAt: -1, _id: -1 })
          .limit(BATCH)
          .toArray();
        return { docs, rows: await withReviews(db, docs) };
      });
      yield* page.rows;
      if (page.docs.length < BATCH) return;
      const end = page.docs[page.docs.length - 1]!;
      last = { receivedAt: end.receivedAt, _id: end._id };
    }
  }
  return {
    inbox: (query) =>
      client.run('inbox', async (db) => {
        const filter = await filterFor(db, query);
        const docs = await submissionsOf(db)
          .find(filter, { projection: PROJECTION })
          .sort({ receivedAt: -1, _id: -1 })
          .skip(query.offset)
          .limit(query.limit)
          .toArray();
        const total = await submissionsOf(db).countDocuments(filter);
        const counts = emptyCounts();
        const others = await filterFor(db, query, true);
        for (const kind of ENDPOINT_KINDS) {
          counts[kind] = await submissionsOf(db).countDocuments({ $and: [others, { form: kind }] });
        }
        return { rows: await withReviews(db, docs), total, counts };
      }),
    stream: (filter) => client.rows(stream(filter)),
    get,
    // Two team members (or two replicas) saving at once each get their entry in the history, and
    // neither answers 500: the change is inserted under its number, then the review doc copies
    // the latest change.
    async update(id, update, by, at) {
      const submission = await get(id);
      if (!submission) return null;
      for (let tries = 0; tries < UPDATE_TRIES; tries += 1) {
        const before = await client.run('getReview', (db) => latestReview(db, id));
        const after = applyReviewUpdate(before, update, by, at);
        const seq = after.history.length;
        const won =
          after === before ||
          (await client.run('updateReview', async (db) => {
            try {
              await changesOf(db).insertOne({ _id: `${id}#${seq}`, submissionId: id, seq, review: after });
              return true;
            } catch (error) {
              if (isDuplicateKey(error)) return false;
              throw error;
            }
          }));
        if (won) {
          if (after !== before) await copyLatest(id);
          return { ...submission, review: after };
        }
      }
      throw new Error(`the review of ${id} changed ${UPDATE_TRIES} times while one change was saved`);
    },
    async remove(ids) {
      await client.run('remove reviews', async (db) => {
        await reviewsOf(db).deleteMany({ _id: { $in: [...ids] } });
        await changesOf(db).deleteMany({ submissionId: { $in: [...ids] } });
      });
    },
  };
}
