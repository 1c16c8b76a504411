/**
 * The Store: every record's repository on one database, MongoDB when MONGODB_URI is set and the
 * embedded SQLite store under DATA_DIR otherwise. The records and their collections are listed
 * once (records/registry.ts); each backend is one adapter of the storage port (db/port). The
 * client they share (db/) is the one place where calls are bounded (db/guard.ts).
 */
import type { Database } from 'better-sqlite3';
import type { Db } from 'mongodb';
import type { ApiConfig } from './config';
import type { DatabaseClient, DatabaseHealth } from './db/client';
import { guardClient, type GuardOptions } from './db/guard';
import { MongoDatabase, type MongoClientSettings } from './db/mongo';
import { documentClient } from './db/port';
import { mongoDocuments, mongoIndexes } from './db/port/mongo';
import { documentCollectionsRecord, sqliteDocuments } from './db/port/sqlite';
import { EmbeddedDatabase, ReadOnlyDatabase, type EmbeddedRecord } from './db/sqlite';
import { DECLARED_COLLECTIONS, RECORDS, type RecordContext, type Repositories } from './records/registry';
import type { AssessmentRepository, SubmissionRepository } from './records/types';
import { embeddedAssessments } from './records/assessments/embedded';
import { embeddedSubmissions } from './records/submissions/embedded';

export { DuplicateSubmissionError, StoreUnavailableError, UnknownCursorError } from './db/errors';
export { DataDirLockedError, LOCK_FILE_NAME, readDataDirLock } from './db/data-dir-lock';
export type * from './records/types';
export type { Repositories } from './records/registry';

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

/** A record's context on one backend: its clients, and the port over each. */
type ContextOf<Handle> = (client: DatabaseClient<Handle>, mailClient: DatabaseClient<Handle>) => RecordContext;

/** The records of one backend over one client: a loop over the registry. */
class StoreOn<Handle extends object> {
  readonly kind: Store['kind'];
  readonly description: string;
  private guarded: DatabaseClient<Handle> | undefined;

  constructor(
    protected readonly client: DatabaseClient<Handle>,
    private readonly contextOf: ContextOf<Handle>,
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
    const context = contextOf(calls, client);
    for (const record of RECORDS)
      Object.defineProperty(this, record.name, { value: record.create(context), enumerable: true });
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
    return this as unknown as Store;
  }

  over(wrap: ClientWrapper): Store {
    return new StoreOn(wrap(this.client), this.contextOf) as unknown as Store;
  }
}

/** StoreOn with the repositories its constructor's loop defines, as the type checker sees them. */
const RecordStore = StoreOn as new <Handle extends object>(
  client: DatabaseClient<Handle>,
  contextOf: ContextOf<Handle>,
) => StoreOn<Handle> & Repositories;

const EMBEDDED_RECORDS: readonly EmbeddedRecord[] = [
  ...RECORDS.flatMap((record) => record.legacy?.embedded ?? []),
  documentCollectionsRecord(DECLARED_COLLECTIONS),
];

export interface EmbeddedStoreOptions {
  /** Written into the DATA_DIR lock so tools can find this API (the export CLI reads through it). */
  readonly port?: number;
}

/**
 * The default store: SQLite and an uploads folder under DATA_DIR, so a fresh machine runs the
 * API with no database server. NeDB data files of earlier versions are imported at start.
 */
export class EmbeddedStore extends RecordStore<Database> {
  constructor(dataDir: string, options: EmbeddedStoreOptions = {}) {
    const database = new EmbeddedDatabase({ dataDir, records: EMBEDDED_RECORDS, port: options.port });
    super(database, (client, mailClient) => ({
      backend: { kind: 'embedded', client, mailClient, dataDir },
      documents: documentClient(client, (db) => sqliteDocuments(db, DECLARED_COLLECTIONS)),
      mailDocuments: documentClient(mailClient, (db) => sqliteDocuments(db, DECLARED_COLLECTIONS)),
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
export class MongoStore extends RecordStore<Db> {
  constructor(options: MongoStoreOptions) {
    const indexes = [
      ...RECORDS.flatMap((record) => record.legacy?.mongoIndexes ?? []),
      ...mongoIndexes(DECLARED_COLLECTIONS),
    ];
    super(new MongoDatabase({ ...options, indexes }), (client, mailClient) => ({
      backend: { kind: 'mongodb', client, mailClient },
      documents: documentClient(client, mongoDocuments),
      mailDocuments: documentClient(mailClient, mongoDocuments),
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
