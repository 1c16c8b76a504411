import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Datastore from '@seald-io/nedb';
import type {
  AssessmentQuery,
  NewAssessment,
  NewFile,
  NewSubmission,
  StoredAssessment,
  StoredFile,
  StoredSubmission,
  StoreHealth,
  SubmissionQuery,
  SubmissionStore,
} from './types';
import { byteCounter } from './byte-counter';

type SubmissionDoc = Omit<StoredSubmission, 'id'> & { _id: string };
type FileDoc = Omit<StoredFile, 'id'> & { _id: string };
type AssessmentDoc = Omit<StoredAssessment, 'id'> & { _id: string };

const FILE_ID = /^[a-f0-9]{32}$/;

function toSubmission({ _id, ...rest }: SubmissionDoc): StoredSubmission {
  return { id: _id, ...rest, files: rest.files.map((file) => ({ ...file })) };
}

function toFile({ _id, ...rest }: FileDoc): StoredFile {
  return { id: _id, ...rest };
}

function toAssessment({ _id, ...rest }: AssessmentDoc): StoredAssessment {
  return { id: _id, ...rest, scores: { ...rest.scores } };
}

/**
 * The default store: NeDB data files plus an uploads folder under DATA_DIR, so a fresh
 * machine runs the API with no database server. Fine for a single API process.
 */
export class EmbeddedStore implements SubmissionStore {
  readonly kind = 'embedded' as const;
  readonly description: string;
  private readonly submissions: Datastore<SubmissionDoc>;
  private readonly files: Datastore<FileDoc>;
  private readonly assessments: Datastore<AssessmentDoc>;
  private readonly uploadsDir: string;
  private ready: Promise<void> | undefined;

  constructor(private readonly dataDir: string) {
    this.description = `embedded NeDB store in ${dataDir}`;
    this.submissions = new Datastore<SubmissionDoc>({ filename: path.join(dataDir, 'submissions.db') });
    this.files = new Datastore<FileDoc>({ filename: path.join(dataDir, 'files.db') });
    this.assessments = new Datastore<AssessmentDoc>({ filename: path.join(dataDir, 'assessments.db') });
    this.uploadsDir = path.join(dataDir, 'uploads');
  }

  init(): Promise<void> {
    this.ready ??= this.load().catch((error: unknown) => {
      this.ready = undefined; // let the next call try again
      throw error;
    });
    return this.ready;
  }

  private async load(): Promise<void> {
    await fs.mkdir(this.uploadsDir, { recursive: true });
    await this.submissions.loadDatabaseAsync();
    await this.files.loadDatabaseAsync();
    await this.assessments.loadDatabaseAsync();
    await this.submissions.ensureIndexAsync({ fieldName: ['form', 'receivedAt'] });
  }

  async insertSubmission(submission: NewSubmission): Promise<StoredSubmission> {
    await this.init();
    // NeDB appends the document to its data file before the promise resolves.
    const doc = await this.submissions.insertAsync(submission as SubmissionDoc);
    return toSubmission(doc);
  }

  async listSubmissions(query: SubmissionQuery = {}): Promise<StoredSubmission[]> {
    await this.init();
    const filter: Record<string, unknown> = {};
    if (query.form) filter.form = query.form;
    if (query.since) filter.receivedAt = { $gte: query.since };
    const docs = (await this.submissions.findAsync(filter).sort({ receivedAt: 1 })) as unknown as SubmissionDoc[];
    return docs.map(toSubmission);
  }

  async saveFile(source: Readable, file: NewFile): Promise<StoredFile> {
    await this.init();
    const id = randomBytes(16).toString('hex');
    const target = path.join(this.uploadsDir, id);
    const partial = `${target}.part`;
    const counter = byteCounter();
    try {
      await pipeline(source, counter.stream, createWriteStream(partial, { flags: 'wx' }));
      await fs.rename(partial, target);
      const doc = await this.files.insertAsync({
        _id: id,
        name: file.name,
        contentType: file.contentType,
        size: counter.bytes(),
        uploadedAt: new Date(),
      });
      return toFile(doc);
    } catch (error) {
      await Promise.all([fs.rm(partial, { force: true }), fs.rm(target, { force: true })]);
      throw error;
    }
  }

  async openFile(id: string): Promise<{ file: StoredFile; stream: Readable } | null> {
    if (!FILE_ID.test(id)) return null;
    await this.init();
    const doc = (await this.files.findOneAsync({ _id: id })) as unknown as FileDoc | null;
    if (!doc) return null;
    return { file: toFile(doc), stream: createReadStream(path.join(this.uploadsDir, id)) };
  }

  async listFiles(): Promise<StoredFile[]> {
    await this.init();
    const docs = (await this.files.findAsync({}).sort({ uploadedAt: 1 })) as unknown as FileDoc[];
    return docs.map(toFile);
  }

  async deleteFile(id: string): Promise<void> {
    if (!FILE_ID.test(id)) return;
    await this.init();
    await this.files.removeAsync({ _id: id }, {});
    await fs.rm(path.join(this.uploadsDir, id), { force: true });
  }

  async insertAssessment(assessment: NewAssessment): Promise<StoredAssessment> {
    await this.init();
    return toAssessment(await this.assessments.insertAsync(assessment as AssessmentDoc));
  }

  async listAssessments(query: AssessmentQuery = {}): Promise<StoredAssessment[]> {
    await this.init();
    const filter = query.since ? { receivedAt: { $gte: query.since } } : {};
    const docs = (await this.assessments.findAsync(filter).sort({ receivedAt: 1 })) as unknown as AssessmentDoc[];
    return docs.map(toAssessment);
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.init();
      await fs.access(this.uploadsDir, fs.constants.W_OK);
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    if (!this.ready) return;
    await this.ready.catch(() => undefined);
    // Compaction runs after every queued write, so the data files are complete on exit.
    await Promise.all([
      this.submissions.compactDatafileAsync(),
      this.files.compactDatafileAsync(),
      this.assessments.compactDatafileAsync(),
    ]);
    this.ready = undefined;
  }
}
