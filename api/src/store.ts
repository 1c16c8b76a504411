/**
 * The Store: every record's repository on one database, MongoDB when MONGODB_URI is set and the
 * embedded SQLite store under DATA_DIR otherwise. The records and their collections are listed
 * once (records/registry.ts); each backend is one adapter of the storage port (db/port). The
 * client they share (db/) is the one place where calls are bounded (db/guard.ts).
 */
import type { Database } from 'better-sqlite3';
import type { Db } from 'mongodb';
import type { ApiConfig } from './config';
import { delegating, type DatabaseClient, type DatabaseHealth } from './db/client';
import { guardClient, type GuardOptions } from './db/guard';
import { MongoDatabase, type MongoClientSettings } from './db/mongo';
import { documentClient } from './db/port';
import { mongoDocuments } from './db/port/mongo';
import { sqliteDocuments } from './db/port/sqlite';
import { EmbeddedDatabase } from './db/sqlite';
import {
  DECLARED_COLLECTIONS,
  EMBEDDED_RECORDS,
  MONGO_INDEXES,
  RECORDS,
  type RecordContext,
  type Repositories,
} from './records/registry';

export { DuplicateSubmissionError, StoreUnavailableError, UnknownCursorError } from './db/errors';
export { DataDirLockedError, LOCK_FILE_NAME, readDataDirLock } from './db/data-dir-lock';
export type * from './records/types';
export type { Repositories } from './records/registry';
export { EmbeddedSnapshot } from './records/snapshot';

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
   * From now on every call is bounded (db/guard.ts), except the mail queues' (the worker bounds
   * those itself). A second call replaces the first one's limits. Answers the store itself.
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
    const calls = delegating(client, () => this.guarded ?? client);
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

export type MongoStoreOptions = Omit<MongoClientSettings, 'indexes'>;

/** MongoDB through the official driver: a collection per record, uploads in GridFS. */
export class MongoStore extends RecordStore<Db> {
  constructor(options: MongoStoreOptions) {
    super(new MongoDatabase({ ...options, indexes: MONGO_INDEXES }), (client, mailClient) => ({
      backend: { kind: 'mongodb', client, mailClient },
      documents: documentClient(client, (db) => mongoDocuments(db, DECLARED_COLLECTIONS)),
      mailDocuments: documentClient(mailClient, (db) => mongoDocuments(db, DECLARED_COLLECTIONS)),
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
