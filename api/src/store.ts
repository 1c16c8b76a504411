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
import { EmbeddedDatabase, type EmbeddedRecord } from './db/sqlite';
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
import { mongoAudit } from './team/audit/mongo';
import type { ReviewRepository } from './team/reviews';
import { embeddedReviews, reviewsRecord } from './team/reviews/embedded';
import { mongoReviews } from './team/reviews/mongo';
import type { SessionRepository } from './team/sessions';
import { embeddedSessions, sessionsRecord } from './team/sessions/embedded';
import { mongoSessions } from './team/sessions/mongo';

export { DuplicateSubmissionError, StoreUnavailableError, UnknownCursorError } from './db/errors';
export { DataDirLockedError, LOCK_FILE_NAME, readDataDirLock } from './db/data-dir-lock';

/** Every record, one repository each. */
export interface Repositories {
  readonly submissions: SubmissionRepository;
  readonly files: FileRepository;
  readonly assessments: AssessmentRepository;
  readonly rateCounts: RateCountRepository;
  /** The team notifications queued with submissions. */
  readonly outbox: OutboxRepository;
  readonly reviews: ReviewRepository;
  readonly sessions: SessionRepository;
  readonly audit: AuditRepository;
}

/** A client wrapped by another of the same kind (the guard, or a test's fault). */
export type ClientWrapper = <Handle>(client: DatabaseClient<Handle>) => DatabaseClient<Handle>;

export interface Store extends Repositories {
  readonly kind: 'mongodb' | 'embedded';
  /** A description for the start-up log, with no credentials in it. */
  readonly description: string;
  /** Opens the database (creates tables, indexes and folders); safe to call more than once. */
  init(): Promise<void>;
  health(): Promise<DatabaseHealth>;
  close(): Promise<void>;
  /** The same records, every call bounded: the deadline, the in-flight limit, the outage log. */
  guarded(options: GuardOptions): Store;
  /** The same records over a wrapped client. */
  over(wrap: ClientWrapper): Store;
}

/** The records of one backend over one client. */
class StoreOn<Handle> implements Store {
  readonly kind: Store['kind'];
  readonly description: string;
  readonly submissions: SubmissionRepository;
  readonly files: FileRepository;
  readonly assessments: AssessmentRepository;
  readonly rateCounts: RateCountRepository;
  readonly outbox: OutboxRepository;
  readonly reviews: ReviewRepository;
  readonly sessions: SessionRepository;
  readonly audit: AuditRepository;

  constructor(
    protected readonly client: DatabaseClient<Handle>,
    private readonly build: (client: DatabaseClient<Handle>) => Repositories,
  ) {
    this.kind = client.kind;
    this.description = client.description;
    ({
      submissions: this.submissions,
      files: this.files,
      assessments: this.assessments,
      rateCounts: this.rateCounts,
      outbox: this.outbox,
      reviews: this.reviews,
      sessions: this.sessions,
      audit: this.audit,
    } = build(client));
  }

  init(): Promise<void> {
    return this.client.init();
  }

  health(): Promise<DatabaseHealth> {
    return this.client.health();
  }

  close(): Promise<void> {
    return this.client.close();
  }

  guarded(options: GuardOptions): Store {
    return this.over((client) => guardClient(client, options));
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
  auditRecord,
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
    super(database, (client) => ({
      submissions: embeddedSubmissions(client),
      files: embeddedFiles(client, dataDir),
      assessments: embeddedAssessments(client),
      rateCounts: embeddedRateCounts(),
      outbox: embeddedOutbox(client, readSubmission),
      reviews: embeddedReviews(client),
      sessions: embeddedSessions(client),
      audit: embeddedAudit(client),
    }));
  }
}

export type MongoStoreOptions = Omit<MongoClientSettings, 'indexes'>;

/** MongoDB through the official driver: a collection per record, uploads in GridFS. */
export class MongoStore extends StoreOn<Db> {
  constructor(options: MongoStoreOptions) {
    const indexes = [...SUBMISSION_INDEXES, ...OUTBOX_INDEXES, ...ASSESSMENT_INDEXES, ...RATE_COUNT_INDEXES];
    super(new MongoDatabase({ ...options, indexes }), (client) => ({
      submissions: mongoSubmissions(client),
      files: mongoFiles(client),
      assessments: mongoAssessments(client),
      rateCounts: mongoRateCounts(client),
      outbox: mongoOutbox(client),
      reviews: mongoReviews(client),
      sessions: mongoSessions(client),
      audit: mongoAudit(client),
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
