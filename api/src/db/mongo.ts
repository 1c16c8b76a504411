import {
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type Db,
  type IndexDirection,
  type MongoClientOptions,
} from 'mongodb';
import type { DatabaseClient, DatabaseHealth } from './client';
import { StoreUnavailableError } from './errors';

/** An index a record needs, created (when missing) each time a connection is made. */
export interface MongoIndex {
  readonly collection: string;
  readonly name: string;
  readonly key: Readonly<Record<string, IndexDirection>>;
  readonly options?: { readonly unique?: boolean; readonly sparse?: boolean };
}

export interface MongoClientSettings {
  readonly uri: string;
  /** Defaults to the database named in the URI. */
  readonly dbName?: string;
  /** How long the driver looks for a server before giving up (keeps outages under 2 s). */
  readonly serverSelectionTimeoutMS?: number;
  /** While the server is unreachable, how often the client tries to reconnect on its own. */
  readonly healIntervalMs?: number;
  /** Every record's indexes. */
  readonly indexes: readonly MongoIndex[];
}

/** One driver client and its database; replaced as a whole when the client is lost. */
interface Connection {
  readonly client: MongoClient;
  readonly db: Db;
}

const NAMESPACE_NOT_FOUND = 26;
/** A client failing this long is replaced even if the driver has not closed it. */
const REPLACE_FAILING_CLIENT_AFTER_MS = 5000;

function isUnavailable(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError
  );
}

/** Errors after which this client will never work again: the driver has closed it. */
function isClientLost(error: unknown): boolean {
  return error instanceof MongoTopologyClosedError || error instanceof MongoNotConnectedError;
}

/** Hides user names and passwords from the start-up log. */
function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * Only the missing ones: FerretDB 1.x drops the connection when asked to create an index that
 * already exists, which every restart would otherwise do.
 */
async function createMissingIndexes(db: Db, indexes: readonly MongoIndex[]): Promise<void> {
  const byCollection = new Map<string, MongoIndex[]>();
  for (const index of indexes)
    byCollection.set(index.collection, [...(byCollection.get(index.collection) ?? []), index]);
  for (const [name, wanted] of byCollection) {
    const collection = db.collection(name);
    const existing = await collection
      .listIndexes()
      .toArray()
      .catch((error: unknown) => {
        if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
        throw error;
      });
    const names = new Set(existing.map((index) => String(index.name)));
    for (const index of wanted) {
      if (!names.has(index.name))
        await collection.createIndex({ ...index.key }, { name: index.name, ...index.options });
    }
  }
}

/**
 * MongoDB through the official driver, for every record's repository.
 *
 * Self-healing: the driver closes a client whose first connection fails, and every later call
 * on it fails (MongoTopologyClosedError). So the client is a replaceable connection: a failed
 * connect, or a client the driver has closed or that keeps failing, is thrown away and the next
 * call (or the background retry) makes a new one. "Cannot reach the server" becomes
 * StoreUnavailableError (503); any other error (a duplicate key) reaches the repository as it is.
 */
export class MongoDatabase implements DatabaseClient<Db> {
  readonly kind = 'mongodb' as const;
  readonly description: string;
  private readonly clientOptions: MongoClientOptions;
  private readonly dbName: string;
  private connecting: Promise<Connection> | undefined;
  private failingSince: number | undefined;
  private healTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly settings: MongoClientSettings) {
    this.clientOptions = {
      serverSelectionTimeoutMS: settings.serverSelectionTimeoutMS ?? 1500,
      connectTimeoutMS: 5000,
      // A frozen server must not hold a request's connection for ever; the API answers 503
      // long before this, and a write cut off here is settled by the Idempotency-Key retry.
      socketTimeoutMS: 60_000,
      appName: 'wpc-api',
    };
    // Constructing a client parses the URI (and throws on a bad one) without connecting.
    this.dbName = new MongoClient(settings.uri, this.clientOptions).db(settings.dbName).databaseName;
    this.description = `MongoDB database "${this.dbName}" at ${redact(settings.uri)}`;
  }

  /** The current connection, making one when there is none. Rejects with StoreUnavailableError. */
  private connection(): Promise<Connection> {
    if (this.closed) return Promise.reject(new StoreUnavailableError('The MongoDB store is closed.'));
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      this.startHealing();
      throw new StoreUnavailableError('MongoDB is unreachable.', { cause: error });
    });
    return this.connecting;
  }

  private async connect(): Promise<Connection> {
    const client = new MongoClient(this.settings.uri, this.clientOptions);
    try {
      await client.connect();
      const db = client.db(this.dbName);
      await createMissingIndexes(db, this.settings.indexes);
      return { client, db };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  /** Drops a connection that will not work again, so the next call makes a new client. */
  private discard(connection: Connection): void {
    void this.connecting?.then(
      (current) => {
        if (current !== connection) return;
        this.connecting = undefined;
        void connection.client.close().catch(() => undefined);
      },
      () => undefined,
    );
  }

  private failure(connection: Connection, error: unknown): unknown {
    if (!isUnavailable(error)) return error;
    const now = Date.now();
    this.failingSince ??= now;
    if (isClientLost(error) || now - this.failingSince > REPLACE_FAILING_CLIENT_AFTER_MS) {
      this.failingSince = undefined;
      this.discard(connection);
    }
    this.startHealing();
    return new StoreUnavailableError('MongoDB is unreachable.', { cause: error });
  }

  /** While the server is away, reconnect in the background so the client is ready when it returns. */
  private startHealing(): void {
    if (this.healTimer || this.closed) return;
    this.healTimer = setInterval(() => {
      void this.health().then((health) => {
        if (health.ok) this.stopHealing();
      });
    }, this.settings.healIntervalMs ?? 1000);
    this.healTimer.unref();
  }

  private stopHealing(): void {
    clearInterval(this.healTimer);
    this.healTimer = undefined;
  }

  init(): Promise<void> {
    return this.connection().then(() => undefined);
  }

  async run<T>(_what: string, work: (db: Db) => Promise<T> | T): Promise<T> {
    const connection = await this.connection();
    try {
      const result = await work(connection.db);
      this.failingSince = undefined;
      return result;
    } catch (error) {
      throw this.failure(connection, error);
    }
  }

  rows<T>(source: AsyncIterable<T>): AsyncIterable<T> {
    return source;
  }

  unbounded<T>(what: string, work: (db: Db) => Promise<T>): Promise<T> {
    return this.run(what, work);
  }

  within<T>(_what: string, waiting: Promise<T>): Promise<T> {
    return waiting;
  }

  async health(): Promise<DatabaseHealth> {
    try {
      await this.run('health', (db) => db.command({ ping: 1 }));
      return { ok: true };
    } catch (error) {
      const cause = error instanceof StoreUnavailableError && error.cause !== undefined ? error.cause : error;
      return { ok: false, detail: cause instanceof Error ? cause.message : String(cause), cause };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopHealing();
    const connecting = this.connecting;
    this.connecting = undefined;
    const connection = await connecting?.catch(() => undefined);
    await connection?.client.close();
  }

  /** Drops this client's database; for tests that use a database of their own. */
  async dropDatabase(): Promise<void> {
    await this.run('drop database', (db) => db.dropDatabase());
  }
}
