import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import type { EndpointKind } from '@wpc/shared/schemas';
import type { StoredSubmission } from './types';
import {
  applyReviewUpdate,
  emptyCounts,
  matchesInbox,
  NEW_REVIEW,
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

type ReviewDoc = SubmissionReview & { _id: string };
type TokenDoc = Omit<SignInToken, 'tokenHash'> & { _id: string };
type SessionDoc = Omit<TeamSession, 'tokenHash'> & { _id: string };
type AuditDoc = Omit<AuditEntry, 'id'> & { _id: string };

/** What the team store needs of the embedded store it lives in. */
export interface EmbeddedTeamHost<Doc extends { _id: string; form: string; receivedAt: Date; fields: object }> {
  readonly dataDir: string;
  readonly modes: { readonly fileMode: number; readonly dirMode: number };
  /** Loads the host (and takes the DATA_DIR lock) first. */
  init(): Promise<void>;
  /** The submissions' documents, held in memory by NeDB (not copies: read only). */
  submissionDocs(): readonly Doc[];
  toSubmission(doc: Doc): StoredSubmission;
  removeSubmissions(ids: readonly string[]): Promise<number>;
  deleteFile(id: string): Promise<void>;
}

const byNewest = (a: { _id: string; receivedAt: Date }, b: { _id: string; receivedAt: Date }) =>
  b.receivedAt.getTime() - a.receivedAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

/** The team console's data in NeDB files beside the submissions (reviews, sign-in tokens, sessions, audit). */
export class EmbeddedTeamStore<
  Doc extends { _id: string; form: string; receivedAt: Date; fields: object },
> implements TeamStore {
  private readonly reviews: Datastore<ReviewDoc>;
  private readonly tokens: Datastore<TokenDoc>;
  private readonly sessions: Datastore<SessionDoc>;
  private readonly audit: Datastore<AuditDoc>;
  private ready: Promise<void> | undefined;

  constructor(private readonly host: EmbeddedTeamHost<Doc>) {
    const open = <T extends { _id: string }>(file: string) =>
      new Datastore<T>({ filename: path.join(host.dataDir, file), modes: host.modes });
    this.reviews = open('reviews.db');
    this.tokens = open('team-tokens.db');
    this.sessions = open('team-sessions.db');
    this.audit = open('team-audit.db');
  }

  private init(): Promise<void> {
    this.ready ??= (async () => {
      await this.host.init();
      await Promise.all([this.reviews, this.tokens, this.sessions, this.audit].map((db) => db.loadDatabaseAsync()));
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private reviewOf(id: string): SubmissionReview {
    const doc = this.reviewIndex().get(id);
    return doc ? { status: doc.status, note: doc.note, history: doc.history } : NEW_REVIEW;
  }

  private reviewIndex(): Map<string, ReviewDoc> {
    return new Map(this.reviews.getAllData().map((doc) => [doc._id, doc]));
  }

  private reviewed(doc: Doc, reviews: Map<string, ReviewDoc>): ReviewedSubmission {
    const review = reviews.get(doc._id);
    return {
      ...this.host.toSubmission(doc),
      review: review
        ? { status: review.status, note: review.note, history: review.history.map((change) => ({ ...change })) }
        : NEW_REVIEW,
    };
  }

  private matching(filter: InboxFilter, reviews: Map<string, ReviewDoc>, ignoreForm = false): Doc[] {
    return this.host
      .submissionDocs()
      .filter(
        (doc) =>
          matchesInbox(doc as never, filter, ignoreForm) &&
          (!filter.status || (reviews.get(doc._id)?.status ?? 'new') === filter.status),
      );
  }

  async inbox(query: InboxPageQuery): Promise<InboxPage> {
    await this.init();
    const reviews = this.reviewIndex();
    const counts = emptyCounts();
    for (const doc of this.matching(query, reviews, true)) counts[doc.form as EndpointKind] += 1;
    const rows = this.matching(query, reviews).sort(byNewest);
    return {
      rows: rows.slice(query.offset, query.offset + query.limit).map((doc) => this.reviewed(doc, reviews)),
      total: rows.length,
      counts,
    };
  }

  async *streamInbox(filter: InboxFilter): AsyncGenerator<ReviewedSubmission> {
    await this.init();
    const reviews = this.reviewIndex();
    for (const doc of this.matching(filter, reviews).sort(byNewest)) yield this.reviewed(doc, reviews);
  }

  async getSubmission(id: string): Promise<ReviewedSubmission | null> {
    await this.init();
    const doc = this.host.submissionDocs().find((candidate) => candidate._id === id);
    return doc ? this.reviewed(doc, this.reviewIndex()) : null;
  }

  async updateReview(id: string, update: ReviewUpdate, by: string, at: Date): Promise<ReviewedSubmission | null> {
    await this.init();
    if (!this.host.submissionDocs().some((doc) => doc._id === id)) return null;
    const before = this.reviewOf(id);
    const after = applyReviewUpdate(before, update, by, at);
    if (after !== before) await this.reviews.updateAsync({ _id: id }, { _id: id, ...after }, { upsert: true });
    return this.getSubmission(id);
  }

  async eraseEmail(email: string, by: string, at: Date): Promise<ErasureCounts> {
    await this.init();
    const address = email.trim().toLowerCase();
    const docs = this.host.submissionDocs().filter((doc) => {
      const value = (doc.fields as Record<string, unknown>).email;
      return typeof value === 'string' && value.trim().toLowerCase() === address;
    });
    const ids = docs.map((doc) => doc._id);
    const fileIds = docs.flatMap((doc) => this.host.toSubmission(doc).files.map((file) => file.id));
    // Files first, then reviews, then the submissions: a failure part-way leaves the submissions
    // in place, so erasing again finds and finishes the rest.
    for (const fileId of fileIds) await this.host.deleteFile(fileId);
    await this.reviews.removeAsync({ _id: { $in: ids } }, { multi: true });
    const submissions = await this.host.removeSubmissions(ids);
    // Shared self-assessments carry no email address (they are anonymous by design), so none can be attributed.
    const counts: ErasureCounts = { submissions, files: fileIds.length, assessments: 0 };
    await this.audit.insertAsync({ _id: randomBytes(8).toString('hex'), at, by, action: 'erase', counts });
    return counts;
  }

  async listAudit(): Promise<AuditEntry[]> {
    await this.init();
    const docs = (await this.audit.findAsync({}).sort({ at: 1 })) as unknown as AuditDoc[];
    return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest, counts: { ...rest.counts } }));
  }

  async saveSignInToken({ tokenHash, ...rest }: SignInToken): Promise<void> {
    await this.init();
    await this.tokens.insertAsync({ _id: tokenHash, ...rest });
  }

  async takeSignInToken(tokenHash: string, now: Date): Promise<string | null> {
    await this.init();
    const doc = (await this.tokens.findOneAsync({ _id: tokenHash })) as unknown as TokenDoc | null;
    if (!doc) return null;
    // One process owns the embedded store, so the first remove wins alone.
    const removed = await this.tokens.removeAsync({ _id: tokenHash }, {});
    if (removed !== 1 || doc.expiresAt.getTime() <= now.getTime()) return null;
    return doc.email;
  }

  async saveSession({ tokenHash, ...rest }: TeamSession): Promise<void> {
    await this.init();
    await this.sessions.insertAsync({ _id: tokenHash, ...rest });
  }

  async findSession(tokenHash: string): Promise<TeamSession | null> {
    await this.init();
    const doc = (await this.sessions.findOneAsync({ _id: tokenHash })) as unknown as SessionDoc | null;
    if (!doc) return null;
    const { _id, ...rest } = doc;
    return { tokenHash: _id, ...rest };
  }

  async touchSession(tokenHash: string, lastSeenAt: Date): Promise<void> {
    await this.init();
    await this.sessions.updateAsync({ _id: tokenHash }, { $set: { lastSeenAt } }, {});
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.init();
    await this.sessions.removeAsync({ _id: tokenHash }, {});
  }

  async sweep(idleSince: Date, now: Date): Promise<void> {
    await this.init();
    await this.sessions.removeAsync({ lastSeenAt: { $lt: idleSince } }, { multi: true });
    await this.tokens.removeAsync({ expiresAt: { $lte: now } }, { multi: true });
  }

  async close(): Promise<void> {
    if (!this.ready) return;
    const loaded = await this.ready.then(
      () => true,
      () => false,
    );
    this.ready = undefined;
    if (loaded)
      await Promise.all([this.reviews, this.tokens, this.sessions, this.audit].map((db) => db.compactDatafileAsync()));
  }
}
