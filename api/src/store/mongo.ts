import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  GridFSBucket,
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  ObjectId,
  type Collection,
  type Db,
  type Filter,
  type GridFSFile,
  type MongoClientOptions,
  type OptionalUnlessRequiredId,
} from 'mongodb';
import {
  DuplicateSubmissionError,
  StoreUnavailableError,
  UnknownCursorError,
  type AssessmentQuery,
  type AssessmentStreamQuery,
  type InsertOptions,
  type NewAssessment,
  type NewFile,
  type NewSubmission,
  type RateCount,
  type RateCounter,
  type StoredAssessment,
  type StoredFile,
  type StoredSubmission,
  type StoreHealth,
  type SubmissionQuery,
  type SubmissionStore,
  type SubmissionStreamQuery,
} from './types';
import { byteCounter } from './byte-counter';
import { MongoTeamStore } from './team-mongo';
import type { NotificationState } from './outbox';
import { mongoOutbox, OUTBOX_INDEXES } from './outbox-mongo';

export interface MongoStoreOptions {
  readonly uri: string;
  /** Defaults to the database named in the URI. */
  readonly dbName?: string;
  /** How long the driver looks for a server before giving up (keeps outages under 2 s). */
  readonly serverSelectionTimeoutMS?: number;
  /** While the server is unreachable, how often the store tries to reconnect on its own. */
  readonly healIntervalMs?: number;
}

interface IdempotentDoc {
  _id: ObjectId;
  /** The client's Idempotency-Key, unique over the collection (absent when none was sent). */
  idempotencyKey?: string;
  requestFingerprint?: string;
}
type SubmissionDoc = Omit<StoredSubmission, 'id'> & IdempotentDoc & { notification?: NotificationState };
type AssessmentDoc = Omit<StoredAssessment, 'id'> & IdempotentDoc;
/** One key's requests in one window; _id is "<key>@<window start in ms>". */
interface RateLimitDoc {
  _id: string;
  key: string;
  count: number;
  /** The window's end; the counter deletes ended windows (FerretDB 1.x has no TTL indexes). */
  expiresAt: Date;
}

/** One client and the handles made from it; replaced as a whole when the client is lost. */
interface Connection {
  readonly client: MongoClient;
  readonly db: Db;
  readonly submissions: Collection<SubmissionDoc>;
  readonly assessments: Collection<AssessmentDoc>;
  readonly rateLimits: Collection<RateLimitDoc>;
  readonly bucket: GridFSBucket;
}

const SUBMISSIONS = 'submissions';
const ASSESSMENTS = 'assessments';
const RATE_LIMITS = 'rate_limits';
const BUCKET = 'uploads';
const OBJECT_ID = /^[a-f0-9]{24}$/i;
const NAMESPACE_NOT_FOUND = 26;
const DUPLICATE_KEY = 11000;
/** A client failing this long is replaced even if the driver has not closed it. */
const REPLACE_FAILING_CLIENT_AFTER_MS = 5000;
const INDEXES = [
  // The export filters by form and date, or reads everything in (receivedAt, _id) order.
  { name: 'form_receivedAt', key: { form: 1, receivedAt: 1 }, options: {} },
  { name: 'receivedAt_id', key: { receivedAt: 1, _id: 1 }, options: {} },
  // Sparse: submissions without a key (older clients, scripts) do not collide with each other.
  { name: 'idempotencyKey_unique', key: { idempotencyKey: 1 }, options: { unique: true, sparse: true } },
  ...OUTBOX_INDEXES,
] as const;
const ASSESSMENT_INDEXES = [
  { name: 'receivedAt', key: { receivedAt: 1 }, options: {} },
  { name: 'idempotencyKey_unique', key: { idempotencyKey: 1 }, options: { unique: true, sparse: true } },
] as const;
const RATE_LIMIT_INDEXES = [
  // The sweep of ended windows reads expiresAt; a reset finds every window of a key.
  { name: 'expiresAt', key: { expiresAt: 1 }, options: {} },
  { name: 'key', key: { key: 1 }, options: {} },
] as const;

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

/**
 * Only the missing ones: FerretDB 1.x drops the connection when asked to create an index
 * that already exists, which every restart would otherwise do.
 */
async function createMissingIndexes(
  collection: Collection<SubmissionDoc> | Collection<AssessmentDoc> | Collection<RateLimitDoc>,
  indexes: readonly {
    readonly name: string;
    readonly key: Readonly<Record<string, 1>>;
    readonly options: { readonly unique?: boolean; readonly sparse?: boolean };
  }[],
): Promise<void> {
  const existing = await collection
    .listIndexes()
    .toArray()
    .catch((error: unknown) => {
      if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
      throw error;
    });
  const names = new Set(existing.map((index) => String(index.name)));
  for (const index of indexes) {
    if (!names.has(index.name)) await collection.createIndex({ ...index.key }, { name: index.name, ...index.options });
  }
}

function toFile(doc: GridFSFile): StoredFile {
  const contentType = doc.metadata?.contentType;
  return {
    id: doc._id.toHexString(),
    name: doc.filename,
    contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
    size: doc.length,
    uploadedAt: doc.uploadDate,
  };
}

/**
 * The _id of a submission sent with an Idempotency-Key is derived from the key, so a repeat
 * collides on the primary key and the first attempt is found by _id: the one lookup every
 * MongoDB-wire server answers from an index (FerretDB 1.x scans for other fields).
 */
function idForKey(key: string): ObjectId {
  return new ObjectId(createHash('sha256').update(`idempotency-key:${key}`).digest().subarray(0, 12));
}

function toAssessment({
  _id,
  idempotencyKey: _key,
  requestFingerprint: _fingerprint,
  ...rest
}: AssessmentDoc): StoredAssessment {
  return { id: _id.toHexString(), ...rest };
}

/** What export order reads of a stored document. */
interface OrderedDoc {
  _id: ObjectId;
  receivedAt: Date;
}

function toSubmission({
  _id,
  idempotencyKey: _key,
  requestFingerprint: _fingerprint,
  notification: _notification,
  ...rest
}: SubmissionDoc): StoredSubmission {
  return { id: _id.toHexString(), ...rest };
}

function baseFilter(query: SubmissionQuery): Filter<SubmissionDoc> {
  const filter: Record<string, unknown> = {};
  if (query.form) filter.form = query.form;
  if (query.since) filter.receivedAt = { $gte: query.since };
  return filter as Filter<SubmissionDoc>;
}

/** Hides user names and passwords from the start-up log. */
function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * MongoDB through the official driver: one collection of submissions, uploads in GridFS.
 *
 * Self-healing: the driver closes a client whose first connection fails, and every later
 * call on it fails (MongoTopologyClosedError). So the store owns its client as a replaceable
 * connection: a failed connect, or a client the driver has closed or that keeps failing, is
 * thrown away and the next call (or the background retry) makes a new one.
 */
export class MongoStore implements SubmissionStore {
  readonly kind = 'mongodb' as const;
  readonly description: string;
  private readonly clientOptions: MongoClientOptions;
  private readonly dbName: string;
  private connecting: Promise<Connection> | undefined;
  private failingSince: number | undefined;
  private healTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private nextRateSweep = 0;
  readonly team = new MongoTeamStore({
    run: (work) => this.run(({ db }) => work(db)),
    toSubmission: (doc) => toSubmission(doc as SubmissionDoc),
    deleteFile: (id) => this.deleteFile(id),
  });
  readonly outbox = mongoOutbox(
    (work) => this.run(({ db }) => work(db)),
    (doc) => toSubmission(doc as unknown as SubmissionDoc),
  );

  constructor(private readonly options: MongoStoreOptions) {
    this.clientOptions = {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 1500,
      connectTimeoutMS: 5000,
      // A frozen server must not hold a request's connection for ever; the API answers 503
      // long before this, and a write cut off here is settled by the Idempotency-Key retry.
      socketTimeoutMS: 60_000,
      appName: 'wpc-api',
    };
    // Constructing a client parses the URI (and throws on a bad one) without connecting.
    this.dbName = new MongoClient(options.uri, this.clientOptions).db(options.dbName).databaseName;
    this.description = `MongoDB database "${this.dbName}" at ${redact(options.uri)}`;
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
    const client = new MongoClient(this.options.uri, this.clientOptions);
    try {
      await client.connect();
      const db = client.db(this.dbName);
      const submissions = db.collection<SubmissionDoc>(SUBMISSIONS);
      const assessments = db.collection<AssessmentDoc>(ASSESSMENTS);
      const rateLimits = db.collection<RateLimitDoc>(RATE_LIMITS);
      await createMissingIndexes(submissions, INDEXES);
      await createMissingIndexes(assessments, ASSESSMENT_INDEXES);
      await createMissingIndexes(rateLimits, RATE_LIMIT_INDEXES);
      const bucket = new GridFSBucket(db, { bucketName: BUCKET });
      return { client, db, submissions, assessments, rateLimits, bucket };
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

  /** Runs a driver call on the current connection; "cannot reach the server" becomes StoreUnavailableError. */
  private async run<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
    const connection = await this.connection();
    try {
      const result = await work(connection);
      this.failingSince = undefined;
      return result;
    } catch (error) {
      throw this.failure(connection, error);
    }
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

  /** While the server is away, reconnect in the background so the store is ready when it returns. */
  private startHealing(): void {
    if (this.healTimer || this.closed) return;
    this.healTimer = setInterval(() => {
      void this.health().then((health) => {
        if (health.ok) this.stopHealing();
      });
    }, this.options.healIntervalMs ?? 1000);
    this.healTimer.unref();
  }

  private stopHealing(): void {
    clearInterval(this.healTimer);
    this.healTimer = undefined;
  }

  init(): Promise<void> {
    return this.connection().then(() => undefined);
  }

  async insertSubmission(submission: NewSubmission, options: InsertOptions = {}): Promise<StoredSubmission> {
    const doc = await this.insertOnce(
      ({ submissions }) => submissions,
      {
        ...submission,
        files: [...submission.files],
        ...(options.notification && { notification: options.notification }),
      },
      options,
    );
    return toSubmission(doc);
  }

  /**
   * Inserts one document; with an idempotency tag its _id comes from the key, so a repeat
   * collides on the primary key and rejects with DuplicateSubmissionError.
   */
  private async insertOnce<Doc extends IdempotentDoc>(
    pick: (connection: Connection) => Collection<Doc>,
    content: Omit<Doc, keyof IdempotentDoc>,
    { idempotency }: InsertOptions,
  ): Promise<Doc> {
    const doc = {
      _id: idempotency ? idForKey(idempotency.key) : new ObjectId(),
      ...content,
      ...(idempotency && { idempotencyKey: idempotency.key, requestFingerprint: idempotency.fingerprint }),
    } as Doc;
    // The default write concern is acknowledged: insertOne resolves once the server has the document.
    const result = await this.run(async (connection) => {
      const collection = pick(connection);
      try {
        return await collection.insertOne(doc as OptionalUnlessRequiredId<Doc>);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY && idempotency)) throw error;
        const existing = await collection.findOne({ _id: doc._id } as Filter<Doc>);
        if (!existing) throw error;
        throw new DuplicateSubmissionError(
          existing._id.toHexString(),
          existing.requestFingerprint === idempotency.fingerprint,
        );
      }
    });
    if (!result.acknowledged) throw new StoreUnavailableError('MongoDB did not acknowledge the write.');
    return doc;
  }

  async listSubmissions(query: SubmissionQuery = {}): Promise<StoredSubmission[]> {
    const rows: StoredSubmission[] = [];
    for await (const row of this.streamSubmissions(query)) rows.push(row);
    return rows;
  }

  streamSubmissions(query: SubmissionStreamQuery = {}): AsyncGenerator<StoredSubmission> {
    return this.streamOrdered(
      ({ submissions }) => submissions as unknown as Collection<OrderedDoc>,
      baseFilter(query) as Filter<OrderedDoc>,
      query,
      (doc) => toSubmission(doc as unknown as SubmissionDoc),
      'submission',
    );
  }

  /**
   * Rows of one collection in export order, (receivedAt, _id), from a cursor; `after` resumes
   * strictly after the named row (rows sharing its instant are ordered by id).
   */
  private async *streamOrdered<Row>(
    pick: (connection: Connection) => Collection<OrderedDoc>,
    base: Filter<OrderedDoc>,
    query: { readonly after?: string; readonly limit?: number },
    toRow: (doc: OrderedDoc) => Row,
    what: string,
  ): AsyncGenerator<Row> {
    const connection = await this.connection();
    let filter = base;
    if (query.after !== undefined) {
      const anchor = OBJECT_ID.test(query.after)
        ? await this.run((current) =>
            pick(current).findOne({ _id: new ObjectId(query.after) }, { projection: { receivedAt: 1 } }),
          )
        : null;
      if (!anchor) throw new UnknownCursorError(query.after, what);
      const after: Filter<OrderedDoc> = {
        $or: [{ receivedAt: { $gt: anchor.receivedAt } }, { receivedAt: anchor.receivedAt, _id: { $gt: anchor._id } }],
      };
      filter = { $and: [filter, after] };
    }
    const cursor = pick(connection)
      .find(filter, { projection: { idempotencyKey: 0, requestFingerprint: 0, notification: 0 } })
      .sort({ receivedAt: 1, _id: 1 })
      .batchSize(1000);
    if (query.limit !== undefined) cursor.limit(query.limit);
    try {
      for (;;) {
        let doc: OrderedDoc | null;
        try {
          doc = await cursor.next();
        } catch (error) {
          throw this.failure(connection, error);
        }
        if (!doc) return;
        yield toRow(doc);
      }
    } finally {
      await cursor.close().catch(() => undefined);
    }
  }

  async saveFile(source: Readable, file: NewFile): Promise<StoredFile> {
    const connection = await this.connection();
    const upload = connection.bucket.openUploadStream(file.name, { metadata: { contentType: file.contentType } });
    const counter = byteCounter();
    try {
      await pipeline(source, counter.stream, upload);
    } catch (error) {
      // Chunks written before the failure have no files document yet; delete removes them.
      await connection.bucket.delete(upload.id).catch(() => undefined);
      throw this.failure(connection, error);
    }
    return {
      id: upload.id.toHexString(),
      name: file.name,
      contentType: file.contentType,
      size: counter.bytes(),
      uploadedAt: new Date(),
    };
  }

  async openFile(id: string): Promise<{ file: StoredFile; stream: Readable } | null> {
    if (!OBJECT_ID.test(id)) return null;
    const _id = new ObjectId(id);
    return this.run(async ({ bucket }) => {
      const doc = await bucket.find({ _id }).next();
      return doc ? { file: toFile(doc), stream: bucket.openDownloadStream(_id) } : null;
    });
  }

  async listFiles(): Promise<StoredFile[]> {
    const docs = await this.run(({ bucket }) => bucket.find({}).sort({ uploadDate: 1 }).toArray());
    return docs.map(toFile);
  }

  async deleteFile(id: string): Promise<void> {
    if (!OBJECT_ID.test(id)) return;
    await this.run(({ bucket }) => bucket.delete(new ObjectId(id))).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) throw error; // "file not found" is fine
    });
  }

  async insertAssessment(assessment: NewAssessment, options: InsertOptions = {}): Promise<StoredAssessment> {
    const doc = await this.insertOnce(
      ({ assessments }) => assessments,
      { ...assessment, scores: { ...assessment.scores } },
      options,
    );
    return toAssessment(doc);
  }

  async listAssessments(query: AssessmentQuery = {}): Promise<StoredAssessment[]> {
    const filter = query.since ? { receivedAt: { $gte: query.since } } : {};
    const docs = await this.run(({ assessments }) =>
      assessments.find(filter).sort({ receivedAt: 1, _id: 1 }).toArray(),
    );
    return docs.map(toAssessment);
  }

  streamAssessments(query: AssessmentStreamQuery = {}): AsyncGenerator<StoredAssessment> {
    return this.streamOrdered(
      ({ assessments }) => assessments as unknown as Collection<OrderedDoc>,
      (query.since ? { receivedAt: { $gte: query.since } } : {}) as Filter<OrderedDoc>,
      query,
      (doc) => toAssessment(doc as unknown as AssessmentDoc),
      'shared result',
    );
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.run(({ db }) => db.command({ ping: 1 }));
      return { ok: true };
    } catch (error) {
      const cause = error instanceof StoreUnavailableError && error.cause !== undefined ? error.cause : error;
      return { ok: false, detail: cause instanceof Error ? cause.message : String(cause), cause };
    }
  }

  /**
   * Fixed windows aligned to the epoch, so every replica agrees which window a request falls
   * in; one upserted document per key and window, counted with $inc on the server.
   */
  readonly rateCounter: RateCounter = {
    hit: async (key, windowMs) => {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      const resetAt = new Date(start + windowMs);
      const _id = `${key}@${start}`;
      const upsert = ({ rateLimits }: Connection) =>
        rateLimits.findOneAndUpdate(
          { _id },
          { $inc: { count: 1 }, $setOnInsert: { key, expiresAt: resetAt } },
          { upsert: true, returnDocument: 'after' },
        );
      const doc = await this.run(async (connection) => {
        this.sweepEndedWindows(connection.rateLimits, windowMs);
        try {
          return await upsert(connection);
        } catch (error) {
          // Two first hits of one window raced to insert it: the loser's $inc now finds it.
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return upsert(connection);
          throw error;
        }
      });
      return { count: doc?.count ?? 1, resetAt } satisfies RateCount;
    },
    unhit: async (key, windowMs) => {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      await this.run(({ rateLimits }) =>
        rateLimits.updateOne({ _id: `${key}@${start}`, count: { $gt: 0 } }, { $inc: { count: -1 } }),
      );
    },
    reset: async (key) => {
      await this.run(({ rateLimits }) => rateLimits.deleteMany({ key }));
    },
  };

  /** Deletes ended windows at most once per window, in the background; every replica may. */
  private sweepEndedWindows(rateLimits: Collection<RateLimitDoc>, windowMs: number): void {
    const now = Date.now();
    if (now < this.nextRateSweep) return;
    this.nextRateSweep = now + windowMs;
    void rateLimits.deleteMany({ expiresAt: { $lte: new Date(now) } }).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopHealing();
    const connecting = this.connecting;
    this.connecting = undefined;
    const connection = await connecting?.catch(() => undefined);
    await connection?.client.close();
  }

  /** Drops this store's database; for tests that use a database of their own. */
  async dropDatabase(): Promise<void> {
    await this.run(({ db }) => db.dropDatabase());
  }
}
