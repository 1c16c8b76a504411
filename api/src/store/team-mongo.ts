import { ObjectId, type Db, type Document, type Filter } from 'mongodb';
import { ENDPOINT_KINDS } from '@wpc/shared/schemas';
import type { StoredSubmission } from './types';
import {
  applyReviewUpdate,
  emptyCounts,
  NEW_REVIEW,
  SEARCH_FIELDS,
  searchWords,
  type AuditEntry,
  type ErasureCounts,
  type InboxFilter,
  type InboxPage,
  type InboxPageQuery,
  type ReviewedSubmission,
  type ReviewUpdate,
  type SignInToken,
  type SubmissionReview,
  type TeamSession,
  type TeamStore,
} from './team-types';

/** A review is kept apart from its submission, under the submission's id (hex). */
type ReviewDoc = SubmissionReview & { _id: string };
type TokenDoc = Omit<SignInToken, 'tokenHash'> & { _id: string };
type SessionDoc = Omit<TeamSession, 'tokenHash'> & { _id: string };
type AuditDoc = Omit<AuditEntry, 'id'> & { _id: ObjectId };
type SubmissionDoc = Document & { _id: ObjectId; receivedAt: Date; form: string };

const OBJECT_ID = /^[a-f0-9]{24}$/i;
const BATCH = 500;
/** Stored-data fields the console never reads. */
const PROJECTION = { idempotencyKey: 0, requestFingerprint: 0 } as const;

/** What the team store needs of the MongoDB store it lives in. */
export interface MongoTeamHost {
  /** Runs driver calls on the current connection; "cannot reach the server" becomes StoreUnavailableError. */
  run<T>(work: (db: Db) => Promise<T>): Promise<T>;
  toSubmission(doc: Document): StoredSubmission;
  deleteFile(id: string): Promise<void>;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The team console's data in collections beside the submissions: reviews, team_tokens, team_sessions, team_audit. */
export class MongoTeamStore implements TeamStore {
  constructor(private readonly host: MongoTeamHost) {}

  private reviews = (db: Db) => db.collection<ReviewDoc>('reviews');
  private tokens = (db: Db) => db.collection<TokenDoc>('team_tokens');
  private sessions = (db: Db) => db.collection<SessionDoc>('team_sessions');
  private audit = (db: Db) => db.collection<AuditDoc>('team_audit');
  private submissions = (db: Db) => db.collection<SubmissionDoc>('submissions');

  /** The submissions filter: form, dates and search on the document; status through the reviews. */
  private async filterFor(db: Db, filter: InboxFilter, ignoreForm = false): Promise<Filter<SubmissionDoc>> {
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
      const reviewed = await this.reviews(db)
        .find(filter.status === 'new' ? { status: { $ne: 'new' } } : { status: filter.status }, {
          projection: { _id: 1 },
        })
        .toArray();
      const ids = reviewed.filter((doc) => OBJECT_ID.test(doc._id)).map((doc) => new ObjectId(doc._id));
      parts.push({ _id: filter.status === 'new' ? { $nin: ids } : { $in: ids } });
    }
    return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
  }

  private async withReviews(db: Db, docs: readonly Document[]): Promise<ReviewedSubmission[]> {
    const submissions = docs.map((doc) => this.host.toSubmission(doc));
    const reviews = await this.reviews(db)
      .find({ _id: { $in: submissions.map((submission) => submission.id) } })
      .toArray();
    const byId = new Map(reviews.map(({ _id, ...review }) => [_id, review]));
    return submissions.map((submission) => ({ ...submission, review: byId.get(submission.id) ?? NEW_REVIEW }));
  }

  inbox(query: InboxPageQuery): Promise<InboxPage> {
    return this.host.run(async (db) => {
      const filter = await this.filterFor(db, query);
      const docs = await this.submissions(db)
        .find(filter, { projection: PROJECTION })
        .sort({ receivedAt: -1, _id: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .toArray();
      const total = await this.submissions(db).countDocuments(filter);
      const counts = emptyCounts();
      const others = await this.filterFor(db, query, true);
      for (const kind of ENDPOINT_KINDS) {
        counts[kind] = await this.submissions(db).countDocuments({ $and: [others, { form: kind }] });
      }
      return { rows: await this.withReviews(db, docs), total, counts };
    });
  }

  async *streamInbox(filter: InboxFilter): AsyncGenerator<ReviewedSubmission> {
    const base = await this.host.run((db) => this.filterFor(db, filter));
    let last: { receivedAt: Date; _id: ObjectId } | undefined;
    for (;;) {
      // Keyset pages (newest first), so each batch is one bounded store call.
      const after = last;
      const page = await this.host.run(async (db) => {
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
        const docs = await this.submissions(db)
          .find(filterAfter, { projection: PROJECTION })
          .sort({ receivedAt: -1, _id: -1 })
          .limit(BATCH)
          .toArray();
        return { docs, rows: await this.withReviews(db, docs) };
      });
      yield* page.rows;
      if (page.docs.length < BATCH) return;
      const end = page.docs[page.docs.length - 1]!;
      last = { receivedAt: end.receivedAt, _id: end._id };
    }
  }

  async getSubmission(id: string): Promise<ReviewedSubmission | null> {
    if (!OBJECT_ID.test(id)) return null;
    return this.host.run(async (db) => {
      const doc = await this.submissions(db).findOne({ _id: new ObjectId(id) }, { projection: PROJECTION });
      return doc ? (await this.withReviews(db, [doc]))[0]! : null;
    });
  }

  async updateReview(id: string, update: ReviewUpdate, by: string, at: Date): Promise<ReviewedSubmission | null> {
    const current = await this.getSubmission(id);
    if (!current) return null;
    const after = applyReviewUpdate(current.review, update, by, at);
    if (after === current.review) return current;
    await this.host.run((db) =>
      this.reviews(db).replaceOne(
        { _id: id },
        { status: after.status, note: after.note, history: [...after.history] },
        { upsert: true },
      ),
    );
    return { ...current, review: after };
  }

  eraseEmail(email: string, by: string, at: Date): Promise<ErasureCounts> {
    return this.host.run(async (db) => {
      const pattern = { $regex: `^\\s*${escapeRegex(email.trim())}\\s*$`, $options: 'i' };
      const docs = await this.submissions(db)
        .find({ 'fields.email': pattern }, { projection: { _id: 1, files: 1 } })
        .toArray();
      const ids = docs.map((doc) => doc._id);
      const fileIds = docs.flatMap((doc) => ((doc.files ?? []) as { id: string }[]).map((file) => file.id));
      // Files first, then reviews, then the submissions: a failure part-way leaves the
      // submissions in place, so erasing again finds and finishes the rest.
      for (const fileId of fileIds) await this.host.deleteFile(fileId);
      await this.reviews(db).deleteMany({ _id: { $in: ids.map((id) => id.toHexString()) } });
      const { deletedCount } = await this.submissions(db).deleteMany({ _id: { $in: ids } });
      // Shared self-assessments carry no email address (anonymous by design): none can be attributed.
      const counts: ErasureCounts = { submissions: deletedCount, files: fileIds.length, assessments: 0 };
      await this.audit(db).insertOne({ _id: new ObjectId(), at, by, action: 'erase', counts });
      return counts;
    });
  }

  listAudit(): Promise<AuditEntry[]> {
    return this.host.run(async (db) => {
      const docs = await this.audit(db).find({}).sort({ at: 1, _id: 1 }).toArray();
      return docs.map(({ _id, ...rest }) => ({ id: _id.toHexString(), ...rest }));
    });
  }

  async saveSignInToken({ tokenHash, ...rest }: SignInToken): Promise<void> {
    await this.host.run((db) => this.tokens(db).insertOne({ _id: tokenHash, ...rest }));
  }

  takeSignInToken(tokenHash: string, now: Date): Promise<string | null> {
    return this.host.run(async (db) => {
      // One delete per token: of two replicas following the same link, only one gets the document.
      const doc = await this.tokens(db).findOneAndDelete({ _id: tokenHash });
      return doc && doc.expiresAt.getTime() > now.getTime() ? doc.email : null;
    });
  }

  async saveSession({ tokenHash, ...rest }: TeamSession): Promise<void> {
    await this.host.run((db) => this.sessions(db).insertOne({ _id: tokenHash, ...rest }));
  }

  findSession(tokenHash: string): Promise<TeamSession | null> {
    return this.host.run(async (db) => {
      const doc = await this.sessions(db).findOne({ _id: tokenHash });
      if (!doc) return null;
      const { _id, ...rest } = doc;
      return { tokenHash: _id, ...rest };
    });
  }

  async touchSession(tokenHash: string, lastSeenAt: Date): Promise<void> {
    await this.host.run((db) => this.sessions(db).updateOne({ _id: tokenHash }, { $set: { lastSeenAt } }));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.host.run((db) => this.sessions(db).deleteOne({ _id: tokenHash }));
  }

  async sweep(idleSince: Date, now: Date): Promise<void> {
    await this.host.run(async (db) => {
      await this.sessions(db).deleteMany({ lastSeenAt: { $lt: idleSince } });
      await this.tokens(db).deleteMany({ expiresAt: { $lte: now } });
    });
  }
}
