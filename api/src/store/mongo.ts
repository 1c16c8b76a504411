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
  type GridFSFile,
} from 'mongodb';
import {
  StoreUnavailableError,
  type AssessmentQuery,
  type NewAssessment,
  type NewFile,
  type NewSubmission,
  type StoredAssessment,
  type StoredFile,
  type StoredSubmission,
  type StoreHealth,
  type SubmissionQuery,
  type SubmissionStore,
} from './types';
import { byteCounter } from './byte-counter';

export interface MongoStoreOptions {
  readonly uri: string;
  /** Defaults to the database named in the URI. */
  readonly dbName?: string;
  /** How long the driver looks for a server before giving up (keeps outages under 2 s). */
  readonly serverSelectionTimeoutMS?: number;
}

type SubmissionDoc = Omit<StoredSubmission, 'id'> & { _id: ObjectId };
type AssessmentDoc = Omit<StoredAssessment, 'id'> & { _id: ObjectId };

const SUBMISSIONS = 'submissions';
const ASSESSMENTS = 'assessments';
const BUCKET = 'uploads';
const OBJECT_ID = /^[a-f0-9]{24}$/i;
const NAMESPACE_NOT_FOUND = 26;
// The export filters by form and date, or by date alone.
const INDEXES = [
  { name: 'form_receivedAt', key: { form: 1, receivedAt: 1 } },
  { name: 'receivedAt', key: { receivedAt: 1 } },
] as const;
const ASSESSMENT_INDEXES = [{ name: 'receivedAt', key: { receivedAt: 1 } }] as const;

function isUnavailable(error: unknown): boolean {
  return (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError
  );
}

/** Runs a driver call and turns "cannot reach the server" into StoreUnavailableError. */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError('MongoDB is unreachable.', { cause: error });
    throw error;
  }
}

/**
 * Only the missing ones: FerretDB 1.x drops the connection when asked to create an index
 * that already exists, which every restart would otherwise do.
 */
async function createMissingIndexes(
  collection: Collection<SubmissionDoc> | Collection<AssessmentDoc>,
  indexes: readonly { readonly name: string; readonly key: Readonly<Record<string, 1>> }[],
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
    if (!names.has(index.name)) await collection.createIndex({ ...index.key }, { name: index.name });
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

/** Hides user names and passwords from the start-up log. */
function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}

/** MongoDB through the official driver: one collection of submissions, uploads in GridFS. */
export class MongoStore implements SubmissionStore {
  readonly kind = 'mongodb' as const;
  readonly description: string;
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly submissions: Collection<SubmissionDoc>;
  private readonly assessments: Collection<AssessmentDoc>;
  private readonly bucket: GridFSBucket;
  private ready: Promise<void> | undefined;

  constructor(options: MongoStoreOptions) {
    // The client connects lazily on the first operation, so a server that is down at
    // start-up gives 503s (and recovers on its own) rather than a crashed API.
    this.client = new MongoClient(options.uri, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 1500,
      connectTimeoutMS: 5000,
      appName: 'wpc-api',
    });
    this.db = this.client.db(options.dbName);
    this.submissions = this.db.collection<SubmissionDoc>(SUBMISSIONS);
    this.assessments = this.db.collection<AssessmentDoc>(ASSESSMENTS);
    this.bucket = new GridFSBucket(this.db, { bucketName: BUCKET });
    this.description = `MongoDB database "${this.db.databaseName}" at ${redact(options.uri)}`;
  }

  init(): Promise<void> {
    this.ready ??= guard(async () => {
      await createMissingIndexes(this.submissions, INDEXES);
      await createMissingIndexes(this.assessments, ASSESSMENT_INDEXES);
    }).catch((error: unknown) => {
      this.ready = undefined; // retried by the next operation once the server is back
      throw error;
    });
    return this.ready;
  }

  async insertSubmission(submission: NewSubmission): Promise<StoredSubmission> {
    await this.init();
    const doc: SubmissionDoc = { _id: new ObjectId(), ...submission, files: [...submission.files] };
    // The default write concern is acknowledged: insertOne resolves once the server has the document.
    const result = await guard(() => this.submissions.insertOne(doc));
    if (!result.acknowledged) throw new StoreUnavailableError('MongoDB did not acknowledge the write.');
    return this.toSubmission(doc);
  }

  async listSubmissions(query: SubmissionQuery = {}): Promise<StoredSubmission[]> {
    await this.init();
    const filter: Record<string, unknown> = {};
    if (query.form) filter.form = query.form;
    if (query.since) filter.receivedAt = { $gte: query.since };
    const docs = await guard(() => this.submissions.find(filter).sort({ receivedAt: 1, _id: 1 }).toArray());
    return docs.map((doc) => this.toSubmission(doc));
  }

  async saveFile(source: Readable, file: NewFile): Promise<StoredFile> {
    await this.init();
    const upload = this.bucket.openUploadStream(file.name, { metadata: { contentType: file.contentType } });
    const counter = byteCounter();
    try {
      await guard(() => pipeline(source, counter.stream, upload));
    } catch (error) {
      // Chunks written before the failure have no files document yet; delete removes them.
      await this.bucket.delete(upload.id).catch(() => undefined);
      throw error;
    }
    return { id: upload.id.toHexString(), name: file.name, contentType: file.contentType, size: counter.bytes(), uploadedAt: new Date() };
  }

  async openFile(id: string): Promise<{ file: StoredFile; stream: Readable } | null> {
    if (!OBJECT_ID.test(id)) return null;
    await this.init();
    const _id = new ObjectId(id);
    const doc = await guard(() => this.bucket.find({ _id }).next());
    if (!doc) return null;
    return { file: toFile(doc), stream: this.bucket.openDownloadStream(_id) };
  }

  async listFiles(): Promise<StoredFile[]> {
    await this.init();
    const docs = await guard(() => this.bucket.find({}).sort({ uploadDate: 1 }).toArray());
    return docs.map(toFile);
  }

  async deleteFile(id: string): Promise<void> {
    if (!OBJECT_ID.test(id)) return;
    await this.init();
    await guard(() => this.bucket.delete(new ObjectId(id))).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) throw error; // "file not found" is fine
    });
  }

  async insertAssessment(assessment: NewAssessment): Promise<StoredAssessment> {
    await this.init();
    const doc: AssessmentDoc = { _id: new ObjectId(), ...assessment, scores: { ...assessment.scores } };
    const result = await guard(() => this.assessments.insertOne(doc));
    if (!result.acknowledged) throw new StoreUnavailableError('MongoDB did not acknowledge the write.');
    const { _id, ...rest } = doc;
    return { id: _id.toHexString(), ...rest };
  }

  async listAssessments(query: AssessmentQuery = {}): Promise<StoredAssessment[]> {
    await this.init();
    const filter = query.since ? { receivedAt: { $gte: query.since } } : {};
    const docs = await guard(() => this.assessments.find(filter).sort({ receivedAt: 1, _id: 1 }).toArray());
    return docs.map(({ _id, ...rest }) => ({ id: _id.toHexString(), ...rest }));
  }

  async health(): Promise<StoreHealth> {
    try {
      await guard(() => this.db.command({ ping: 1 }));
      await this.init();
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Drops this store's database; for tests that use a database of their own. */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
  }

  private toSubmission({ _id, ...rest }: SubmissionDoc): StoredSubmission {
    return { id: _id.toHexString(), ...rest };
  }
}
