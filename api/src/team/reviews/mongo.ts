import { ObjectId, type Db, type Document, type Filter } from 'mongodb';
import { ENDPOINT_KINDS } from '@wpc/shared/schemas';
import type { DatabaseClient } from '../../db/client';
import { SUBMISSIONS, submissionFromDoc } from '../../records/submissions/mongo';
import { applyReviewUpdate, NEW_REVIEW } from '.';
import type { InboxFilter, ReviewedSubmission, ReviewRepository, SubmissionReview } from '.';
import { emptyCounts, SEARCH_FIELDS, searchWords } from './inbox';

/** A review is kept apart from its submission, under the submission's id (hex). */
type ReviewDoc = SubmissionReview & { _id: string };
type SubmissionDoc = Document & { _id: ObjectId; receivedAt: Date; form: string };

const OBJECT_ID = /^[a-f0-9]{24}$/i;
const BATCH = 500;
/** Stored-data fields the console never reads. */
const PROJECTION = { idempotencyKey: 0, requestFingerprint: 0 } as const;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const reviewsOf = (db: Db) => db.collection<ReviewDoc>('reviews');
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
    async update(id, update, by, at) {
      const current = await get(id);
      if (!current) return null;
      const after = applyReviewUpdate(current.review, update, by, at);
      if (after === current.review) return current;
      await client.run('updateReview', (db) =>
        reviewsOf(db).replaceOne(
          { _id: id },
          { status: after.status, note: after.note, history: [...after.history] },
          { upsert: true },
        ),
      );
      return { ...current, review: after };
    },
    async remove(ids) {
      await client.run('remove reviews', (db) => reviewsOf(db).deleteMany({ _id: { $in: [...ids] } }));
    },
  };
}
