/**
 * The Store: every record's repository on one database, MongoDB when MONGODB_URI is set and the
 * embedded SQLite store under DATA_DIR otherwise. Each record lives in a folder of its own with
 * its interface and both implementations (records/<name>/, and the console's in team/<name>/);
 * the client they share (db/) is the one place where calls are bounded (db/guard.ts).
 */
import type { Database } from 'better-sqlite3';
import type { Db } from 'mongodb';
import type { ApiConfig } from './config';
import type { DatabaseClient, DatabaseHealth } from './db/client';
import { guardClient, type GuardOptions } from './db/guard';
import { MongoDatabase, type MongoClientSettings } from './db/mongo';
import { EmbeddedDatabase, ReadOnlyDatabase, type EmbeddedRecord } from './db/sqlite';
import type { ContentEntryRepository } from './content/entries';
import { contentEntriesRecord, embeddedContentEntries } from './content/entries/embedded';
import { CONTENT_ENTRY_INDEXES, mongoContentEntries } from './content/entries/mongo';
import type { ContentImageRepository } from './content/images';
import { contentImagesRecord, embeddedContentImages } from './content/images/embedded';
import { CONTENT_IMAGE_INDEXES, mongoContentImages } from './content/images/mongo';
import type { ContentPreviewRepository } from './content/previews';
import { contentPreviewsRecord, embeddedContentPreviews } from './content/previews/embedded';
import { mongoContentPreviews } from './content/previews/mongo';
import type { ContentRevisionRepository } from './content/revisions';
import { contentRevisionsRecord, embeddedContentRevisions } from './content/revisions/embedded';
import { mongoContentRevisions } from './content/revisions/mongo';
import type { AssessmentRepository } from './records/assessments';
import { assessmentsRecord, embeddedAssessments } from './records/assessments/embedded';
import { ASSESSMENT_INDEXES, mongoAssessments } from './records/assessments/mongo';
import type { FileRepository } from './records/files';
import { embeddedFiles, filesRecord } from './records/files/embedded';
import { mongoFiles } from './records/files/mongo';
import type { OutboxRepository } from './records/outbox';
import { embeddedOutbox, outboxRecord } from './records/outbox/embedded';
import { mongoOutbox, OUTBOX_INDEXES } from './records/outbox/mongo';
import type { RateCountRepository } from './records/rate-counts';
import { embeddedRateCounts } from './records/rate-counts/embedded';
import { mongoRateCounts, RATE_COUNT_INDEXES } from './records/rate-counts/mongo';
import type { SubmissionRepository } from './records/submissions';
import { embeddedSubmissions, readSubmission, submissionsRecord } from './records/submissions/embedded';
import { mongoSubmissions, SUBMISSION_INDEXES } from './records/submissions/mongo';
import type { AuditRepository } from './team/audit';
import { auditRecord, embeddedAudit } from './team/audit/embedded';
import { AUDIT_INDEXES, mongoAudit } from './team/audit/mongo';
import type { MemberRepository } from './team/members';
import { embeddedMembers, membersRecord } from './team/members/embedded';
import { mongoMembers } from './team/members/mongo';
import type { ReviewRepository } from './team/reviews';
import { embeddedReviews, reviewsRecord } from './team/reviews/embedded';
import { mongoReviews, REVIEW_INDEXES } from './team/reviews/mongo';
import type { SessionRepository } from './team/sessions';
import { embeddedSessions, sessionsRecord } from './team/sessions/embedded';
import { mongoSessions } from './team/sessions/mongo';
import type { ConfirmationRepository } from './updates/confirmations';
import { confirmationsRecord, embeddedConfirmations } from './updates/confirmations/embedded';
import { mongoConfirmations } from './updates/confirmations/mongo';
import type { DeliveryRepository } from './updates/deliveries';
import { deliveriesRecord, embeddedDeliveries } from './updates/deliveries/embedded';
import { DELIVERY_INDEXES, mongoDeliveries } from './updates/deliveries/mongo';
import type { SubscriptionRepository } from './updates/subscriptions';
import { embeddedSubscriptions, subscriptionsRecord } from './updates/subscriptions/embedded';
import { mongoSubscriptions, SUBSCRIBER_INDEXES } from './updates/subscriptions/mongo';
import type { SuppressionRepository } from './updates/suppressions';
import { embeddedSuppressions, suppressionsRecord } from './updates/suppressions/embedded';
import { mongoSuppressions } from './updates/suppressions/mongo';
import type { UpdateRepository } from './updates/updates';
import { embeddedUpdates, updatesRecord } from './updates/updates/embedded';
import { mongoUpdates } from './updates/updates/mongo';

export { DuplicateSubmissionError, StoreUnavailableError, UnknownCursorError } from './db/errors';
export { DataDirLockedError, LOCK_FILE_NAME, readDataDirLock } from './db/data-dir-lock';
export type * from './records/assessments';
export type * from './records/files';
export type * from './records/outbox';
export type * from './records/rate-counts';
export type * from './records/submissions';
export type * from './team/audit';
export type * from './team/members';
export type * from './team/reviews';
export type * from './team/sessions';
export type * from './updates/confirmations';
export type * from './updates/deliveries';
export type * from './updates/subscriptions';
export type * from './updates/suppressions';
export type * from './updates/updates';
export type * from './content/entries';
export type * from './content/revisions';
export type * from './content/images';
export type * from './content/previews';

/** Every record, one repository each (the fields of the store below). */
export type Repositories = Pick<
  StoreOn<unknown>,
  | 'submissions'
  | 'files'
  | 'assessments'
  | 'rateCounts'
  | 'outbox'
  | 'reviews'
  | 'sessions'
  | 'members'
  | 'audit'
  | 'subscriptions'
  | 'confirmations'
  | 'suppressions'
  | 'updates'
  | 'deliveries'
  | 'contentEntries'
  | 'contentRevisions'
  | 'contentImages'
  | 'contentPreviews'
>;

/** A client wrapped by another of the same kind (a test's fault, or a slow network). */
export type ClientWrapper = <Handle>(client: DatabaseClient<Handle>) => DatabaseClient<Handle>;

export interface Store extends Repositories {
  readonly kind: 'mongodb' | 'embedded';
  /** A description for the start-up log, with no credentials in it. */
  readonly description: string;
  /** Opens the database (creates tables, indexes and folders); safe to call more than once. */
  init(): Promise<void>;
  health(): Promise<DatabaseHealth>;
  close(): Promise<void>;
  /**
   * From now on every call of every record is bounded (db/guard.ts: the deadline, the in-flight
   * limit, the outage log), except the mail queues' (the outbox, confirmation emails, deliveries):
   * the worker bounds those itself, with a deadline of its own. A second call replaces the first one's limits. Answers the store itself.
   */
  bound(options: GuardOptions): Store;
  /** The same records over a wrapped client (unbounded until bound()). */
  over(wrap: ClientWrapper): Store;
}

type Build<Handle> = (client: DatabaseClient<Handle>, outboxClient: DatabaseClient<Handle>) => Repositories;

/** The records of one backend over one client. */
class StoreOn<Handle> implements Store {
  readonly kind: Store['kind'];
  readonly description: string;
  readonly submissions: SubmissionRepository;
  readonly files: FileRepository;
  readonly assessments: AssessmentRepository;
  readonly rateCounts: RateCountRepository;
  /** The team notifications queued with submissions. */
  readonly outbox: OutboxRepository;
  readonly reviews: ReviewRepository;
  readonly sessions: SessionRepository;
  /** Who besides the admins (TEAM_EMAILS) may use the console, and for what. */
  readonly members: MemberRepository;
  readonly audit: AuditRepository;
  /** Updates: who asked for which list (with consent records), confirmation links, the suppression list. */
  readonly subscriptions: SubscriptionRepository;
  readonly confirmations: ConfirmationRepository;
  readonly suppressions: SuppressionRepository;
  /** The updates the team writes, and one delivery record per recipient. */
  readonly updates: UpdateRepository;
  readonly deliveries: DeliveryRepository;
  /** The areas' content: entries with their drafts, history and schedule (issue 28). */
  readonly contentEntries: ContentEntryRepository;
  readonly contentRevisions: ContentRevisionRepository;
  readonly contentImages: ContentImageRepository;
  readonly contentPreviews: ContentPreviewRepository;
  private guarded: DatabaseClient<Handle> | undefined;

  constructor(
    protected readonly client: DatabaseClient<Handle>,
    private readonly build: Build<Handle>,
  ) {
    this.kind = client.kind;
    this.description = client.description;
    // Every record calls through here: the guard, once bound(), or the client itself.
    const current = () => this.guarded ?? client;
    const calls: DatabaseClient<Handle> = {
      kind: client.kind,
      description: client.description,
      init: () => current().init(),
      run: (what, work) => current().run(what, work),
      rows: (source) => current().rows(source),
      unbounded: (what, work) => current().unbounded(what, work),
      within: (what, waiting) => current().within(what, waiting),
      health: () => current().health(),
      close: () => client.close(),
    };
    ({
      submissions: this.submissions,
      files: this.files,
      assessments: this.assessments,
      rateCounts: this.rateCounts,
      outbox: this.outbox,
      reviews: this.reviews,
      sessions: this.sessions,
      members: this.members,
      audit: this.audit,
      subscriptions: this.subscriptions,
      confirmations: this.confirmations,
      suppressions: this.suppressions,
      updates: this.updates,
      deliveries: this.deliveries,
      contentEntries: this.contentEntries,
      contentRevisions: this.contentRevisions,
      contentImages: this.contentImages,
      contentPreviews: this.contentPreviews,
    } = build(calls, client));
  }

  init(): Promise<void> {
    return this.client.init();
  }

  health(): Promise<DatabaseHealth> {
    return (this.guarded ?? this.client).health();
  }

  close(): Promise<void> {
    return this.client.close();
  }

  bound(options: GuardOptions): Store {
    this.guarded = guardClient(this.client, options);
    return this;
  }

  over(wrap: ClientWrapper): Store {
    return new StoreOn(wrap(this.client), this.build);
  }
}

/** In the order their tables depend on each other (a queued notification refers to its submission). */
const EMBEDDED_RECORDS: readonly EmbeddedRecord[] = [
  submissionsRecord,
  outboxRecord,
  filesRecord,
  assessmentsRecord,
  reviewsRecord,
  sessionsRecord,
  membersRecord,
  auditRecord,
  subscriptionsRecord,
  confirmationsRecord,
  suppressionsRecord,
  updatesRecord,
  deliveriesRecord,
  contentEntriesRecord,
  contentRevisionsRecord,
  contentImagesRecord,
  contentPreviewsRecord,
];

export interface EmbeddedStoreOptions {
  /** Written into the DATA_DIR lock so tools can find this API (the export CLI reads through it). */
  readonly port?: number;
}

/**
 * The default store: SQLite and an uploads folder under DATA_DIR, so a fresh machine runs the
 * API with no database server. NeDB data files of earlier versions are imported at start.
 */
export class EmbeddedStore extends StoreOn<Database> {
  constructor(dataDir: string, options: EmbeddedStoreOptions = {}) {
    const database = new EmbeddedDatabase({ dataDir, records: EMBEDDED_RECORDS, port: options.port });
    super(database, (client, outboxClient) => ({
      submissions: embeddedSubmissions(client, dataDir),
      files: embeddedFiles(client, dataDir),
      assessments: embeddedAssessments(client),
      rateCounts: embeddedRateCounts(),
      outbox: embeddedOutbox(outboxClient, readSubmission),
      reviews: embeddedReviews(client),
      sessions: embeddedSessions(client),
      members: embeddedMembers(client),
      audit: embeddedAudit(client),
      subscriptions: embeddedSubscriptions(client),
      confirmations: embeddedConfirmations(client, outboxClient),
      suppressions: embeddedSuppressions(client),
      updates: embeddedUpdates(client),
      deliveries: embeddedDeliveries(client, outboxClient),
      contentEntries: embeddedContentEntries(client),
      contentRevisions: embeddedContentRevisions(client),
      contentImages: embeddedContentImages(client),
      contentPreviews: embeddedContentPreviews(client),
    }));
  }
}

/**
 * The submissions and shared results of a DATA_DIR read straight from its database, for the
 * export CLI when no API runs (read-only, without the DATA_DIR lock).
 */
export class EmbeddedSnapshot {
  readonly description: string;
  readonly submissions: Pick<SubmissionRepository, 'stream'>;
  readonly assessments: Pick<AssessmentRepository, 'stream'>;
  private readonly client: ReadOnlyDatabase;

  constructor(dataDir: string) {
    this.client = new ReadOnlyDatabase(dataDir, EMBEDDED_RECORDS);
    this.description = this.client.description;
    this.submissions = embeddedSubmissions(this.client, dataDir);
    this.assessments = embeddedAssessments(this.client);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

export type MongoStoreOptions = Omit<MongoClientSettings, 'indexes'>;

/** MongoDB through the official driver: a collection per record, uploads in GridFS. */
export class MongoStore extends StoreOn<Db> {
  constructor(options: MongoStoreOptions) {
    const indexes = [
      ...SUBMISSION_INDEXES,
      ...OUTBOX_INDEXES,
      ...ASSESSMENT_INDEXES,
      ...RATE_COUNT_INDEXES,
      ...DELIVERY_INDEXES,
      ...SUBSCRIBER_INDEXES,
      ...AUDIT_INDEXES,
      ...REVIEW_INDEXES,
      ...CONTENT_ENTRY_INDEXES,
      ...CONTENT_IMAGE_INDEXES,
    ];
    super(new MongoDatabase({ ...options, indexes }), (client, outboxClient) => ({
      submissions: mongoSubmissions(client),
      files: mongoFiles(client),
      assessments: mongoAssessments(client),
      rateCounts: mongoRateCounts(client),
      outbox: mongoOutbox(outboxClient),
      reviews: mongoReviews(client),
      sessions: mongoSessions(client),
      members: mongoMembers(client),
      audit: mongoAudit(client),
      subscriptions: mongoSubscriptions(client),
      confirmations: mongoConfirmations(client, outboxClient),
      suppressions: mongoSuppressions(client),
      updates: mongoUpdates(client),
      deliveries: mongoDeliveries(client, outboxClient),
      contentEntries: mongoContentEntries(client),
      contentRevisions: mongoContentRevisions(client),
      contentImages: mongoContentImages(client),
      contentPreviews: mongoContentPreviews(client),
    }));
  }

  /** Drops this store's database; for tests that use a database of their own. */
  dropDatabase(): Promise<void> {
    return (this.client as MongoDatabase).dropDatabase();
  }
}

/** MongoDB when MONGODB_URI is set, otherwise the embedded store under DATA_DIR. */
export function createStore(config: ApiConfig): Store {
  if (config.mongodbUri) {
    return new MongoStore({
      uri: config.mongodbUri,
      dbName: config.mongodbDb,
      serverSelectionTimeoutMS: config.storeTimeoutMs,
    });
  }
  return new EmbeddedStore(config.dataDir, { port: config.port });
}
