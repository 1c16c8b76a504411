import { REVIEW_STATUSES } from '@wpc/shared/team';
import { DuplicateKeyError, type CollectionSpec, type Doc, type DocumentClient, type Documents } from '../../db/port';
import type { InboxCursor, InboxSubmissionFilter, StoredSubmission, SubmissionRepository } from '../submissions';
import { applyReviewUpdate, NEW_REVIEW } from '.';
import type { InboxFilter, ReviewedSubmission, ReviewRepository, SubmissionReview } from '.';

/**
 * A review is kept apart from its submission, under the submission's id: what the inbox reads
 * and filters on, a copy of the submission's latest change.
 */
type ReviewDoc = Doc & SubmissionReview;
/**
 * One change of a review, with the review after it, under "<submission id>#<changes so far>".
 * Inserting it is the atomic step (FerretDB 1.x applies conditional updates without isolation,
 * design notes): of two writers computing the same next change, one insert wins and the other
 * reads the review again. A change is never rewritten, only deleted with its submission.
 */
type ChangeDoc = Doc & { readonly submissionId: string; readonly seq: number; readonly review: SubmissionReview };

type StoredChange = Omit<SubmissionReview['history'][number], 'at'> & { at: number };

/**
 * One document per reviewed submission; the inbox's status filter reads `status`. Before the
 * port the embedded store kept the same name with a column per field (the history as JSON, its
 * dates in milliseconds), and the NeDB versions `reviews.db`.
 */
export const REVIEWS: CollectionSpec = {
  name: 'reviews',
  indexes: [{ name: 'status', key: { status: 1 } }],
  legacy: (row) => ({
    _id: row.submission_id as string,
    status: row.status as string,
    note: row.note as string,
    history: (JSON.parse(row.history as string) as StoredChange[]).map((change) => ({
      ...change,
      at: new Date(change.at),
    })),
  }),
  nedbFile: 'reviews.db',
};

/** The changes; the latest of a submission is read by `submissionId`, `seq` descending (FerretDB scans, as before). */
export const REVIEW_CHANGES: CollectionSpec = {
  name: 'review_changes',
  indexes: [{ name: 'submission_seq', key: { submissionId: 1, seq: -1 } }],
};

/** Each round of writers racing on one review lets at least one through: 20 at once need 20 rounds. */
const UPDATE_TRIES = 100;
/** A batch of the export: one bounded call each, so no cursor stays open while the caller waits. */
const BATCH = 500;
/** Every status a review that someone touched can hold, so "new" is found by an indexed `$in`. */
const TOUCHED = REVIEW_STATUSES.filter((status) => status !== 'new');

const reviewsIn = (documents: Documents) => documents.collection<ReviewDoc>(REVIEWS.name);
const changesIn = (documents: Documents) => documents.collection<ChangeDoc>(REVIEW_CHANGES.name);

/** The review as it is now: the latest change, or the review doc of a version before changes were kept apart. */
async function latestReview(documents: Documents, id: string): Promise<SubmissionReview> {
  const [change] = await changesIn(documents).find({ submissionId: id }, { sort: { seq: -1 }, limit: 1 });
  const doc = await reviewsIn(documents).findOne({ _id: id });
  const kept = doc && { status: doc.status, note: doc.note, history: doc.history };
  if (change && (!kept || change.review.history.length >= kept.history.length)) return change.review;
  return kept ?? NEW_REVIEW;
}

async function withReviews(documents: Documents, rows: readonly StoredSubmission[]): Promise<ReviewedSubmission[]> {
  if (rows.length === 0) return [];
  const reviews = await reviewsIn(documents).find({ _id: { $in: rows.map((row) => row.id) } });
  const byId = new Map(reviews.map(({ _id, status, note, history }) => [_id, { status, note, history }]));
  return rows.map((row) => ({ ...row, review: byId.get(row.id) ?? NEW_REVIEW }));
}

/**
 * The team's reviews (reviews, review_changes), read joined with the submissions through their
 * record's inbox query: the status filter becomes the ids of the reviews holding it (only
 * submissions someone has touched have a review; untouched ones are new).
 */
export function teamReviews(client: DocumentClient, submissions: SubmissionRepository): ReviewRepository {
  const submissionFilter = (filter: InboxFilter): Promise<InboxSubmissionFilter> =>
    client.run('reviews by status', async (db) => {
      const { status, ...rest } = filter;
      if (!status) return rest;
      const statuses = status === 'new' ? TOUCHED : [status];
      const ids = (await reviewsIn(db).find({ status: { $in: statuses } }, { without: ['note', 'history'] })).map(
        (doc) => doc._id,
      );
      return status === 'new' ? { ...rest, except: ids } : { ...rest, only: ids };
    });
  const joined = (rows: readonly StoredSubmission[]) => client.run('reviews of rows', (db) => withReviews(db, rows));
  const get = async (id: string): Promise<ReviewedSubmission | null> => {
    const [row] = await submissions.inboxBatch({ only: [id] }, undefined, 1);
    return row ? ((await joined([row]))[0] ?? null) : null;
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
          await reviewsIn(db).put({ _id: id, status: latest.status, note: latest.note, history: [...latest.history] });
          return true;
        } catch (error) {
          if (error instanceof DuplicateKeyError) return false;
          throw error;
        }
      });
      const now = await client.run('getReview', (db) => latestReview(db, id));
      if (copied && now.history.length === latest.history.length) return;
    }
  };
  async function* stream(filter: InboxFilter): AsyncGenerator<ReviewedSubmission> {
    const matching = await submissionFilter(filter);
    let cursor: InboxCursor | undefined;
    for (;;) {
      const rows = await submissions.inboxBatch(matching, cursor, BATCH);
      yield* await joined(rows);
      if (rows.length < BATCH) return;
      cursor = rows[rows.length - 1];
    }
  }
  return {
    inbox: async ({ offset, limit, ...filter }) => {
      const page = await submissions.inboxPage(await submissionFilter(filter), offset, limit);
      return { ...page, rows: await joined(page.rows) };
    },
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
              await changesIn(db).insert({ _id: `${id}#${seq}`, submissionId: id, seq, review: after });
              return true;
            } catch (error) {
              if (error instanceof DuplicateKeyError) return false;
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
        await reviewsIn(db).deleteMany({ _id: { $in: [...ids] } });
        await changesIn(db).deleteMany({ submissionId: { $in: [...ids] } });
      });
    },
  };
}
