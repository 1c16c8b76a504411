import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Datastore from '@seald-io/nedb';
import { deserialize } from '@seald-io/nedb/lib/model.js';
import {
  UnknownCursorError,
  type AssessmentQuery,
  type AssessmentStreamQuery,
  type InsertOptions,
  type NewAssessment,
  type NewFile,
  type NewSubmission,
  type StoredAssessment,
  type StoredFile,
  type StoredSubmission,
  type StoreHealth,
  type SubmissionQuery,
  type SubmissionStore,
  type SubmissionStreamQuery,
} from './types';
import { byteCounter } from './byte-counter';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { appendThroughOpenFile } from './append-file';
import { groupCommit } from './group-commit';
import { newDocumentId } from './ids';
import { KeyIndex } from './key-index';
import { orderedSlice } from './ordered';
import { EmbeddedTeamStore } from './team-embedded';
import type { NotificationState } from './outbox';
import { embeddedOutbox } from './outbox-embedded';

interface IdempotentDoc {
  _id: string;
  /** The client's Idempotency-Key, unique over the collection (absent when none was sent). */
  idempotencyKey?: string;
  requestFingerprint?: string;
}
type SubmissionDoc = Omit<StoredSubmission, 'id'> & IdempotentDoc & { notification?: NotificationState };
type FileDoc = Omit<StoredFile, 'id'> & { _id: string };
type AssessmentDoc = Omit<StoredAssessment, 'id'> & IdempotentDoc;

const FILE_ID = /^[a-f0-9]{32}$/;
const SUBMISSIONS_FILE = 'submissions.db';
const FILES_FILE = 'files.db';
const ASSESSMENTS_FILE = 'assessments.db';
/** Personal data: only the API's own user may read the folder and its files. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** A plain copy without store-internal fields, so nothing handed out aliases NeDB's documents. */
function toSubmission({
  _id,
  idempotencyKey: _key,
  requestFingerprint: _fingerprint,
  notification: _notification,
  ...rest
}: SubmissionDoc): StoredSubmission {
  return { id: _id, ...rest, fields: { ...rest.fields }, files: rest.files.map((file) => ({ ...file })) };
}

function toFile({ _id, ...rest }: FileDoc): StoredFile {
  return { id: _id, ...rest };
}

function toAssessment({
  _id,
  idempotencyKey: _key,
  requestFingerprint: _fingerprint,
  ...rest
}: AssessmentDoc): StoredAssessment {
  return { id: _id, ...rest, scores: { ...rest.scores } };
}

/**
 * Inserts one document, its Idempotency-Key (if any) unique over the collection through `keys`; a
 * repeat rejects with DuplicateSubmissionError. NeDB appends the document to its data file before
 * the promise resolves.
 */
function insertOnce<Doc extends IdempotentDoc>(
  keys: KeyIndex,
  insert: (doc: Doc) => Promise<Doc>,
  content: Omit<Doc, keyof IdempotentDoc>,
  { idempotency }: InsertOptions,
): Promise<Doc> {
  const _id = newDocumentId();
  if (!idempotency) return insert({ _id, ...content } as Doc);
  const { key, fingerprint } = idempotency;
  return keys.insertOnce(key, fingerprint, _id, () =>
    insert({ _id, ...content, idempotencyKey: key, requestFingerprint: fingerprint } as Doc),
  );
}

/** Removes the datastore's indexes on these fields, where it has them. */
async function dropIndexes(datastore: Datastore<never>, fieldNames: readonly string[]): Promise<void> {
  const { indexes } = datastore as unknown as { indexes: Record<string, unknown> };
  for (const fieldName of fieldNames) {
    if (fieldName in indexes) await datastore.removeIndexAsync(fieldName);
  }
}

async function tighten(target: string, mode: number): Promise<void> {
  await fs.chmod(target, mode).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

export interface EmbeddedStoreOptions {
  /** Written into the DATA_DIR lock so tools can find this API (the export CLI reads through it). */
  readonly port?: number;
}

/**
 * The default store: NeDB data files plus an uploads folder under DATA_DIR, so a fresh
 * machine runs the API with no database server. One process writes a DATA_DIR at a time:
 * init() takes the folder's lock and refuses (DataDirLockedError) while another holds it.
 */
export class EmbeddedStore implements SubmissionStore {
  readonly kind = 'embedded' as const;
  readonly description: string;
  private readonly submissions: Datastore<SubmissionDoc>;
  private readonly files: Datastore<FileDoc>;
  private readonly assessments: Datastore<AssessmentDoc>;
  // Concurrent inserts share one append to the data file (group-commit.ts).
  private readonly insertSubmissionDoc: (doc: SubmissionDoc) => Promise<SubmissionDoc>;
  private readonly insertAssessmentDoc: (doc: AssessmentDoc) => Promise<AssessmentDoc>;
  private readonly submissionKeys = new KeyIndex();
  private readonly assessmentKeys = new KeyIndex();
  private readonly uploadsDir: string;
  private ready: Promise<void> | undefined;
  private lock: DataDirLock | undefined;
  readonly team: EmbeddedTeamStore<SubmissionDoc>;
  readonly outbox = embeddedOutbox<SubmissionDoc>(async () => {
    await this.init();
    return this.submissions;
  }, toSubmission);

  constructor(
    private readonly dataDir: string,
    private readonly options: EmbeddedStoreOptions = {},
  ) {
    this.description = `embedded NeDB store in ${dataDir}`;
    const modes = { fileMode: FILE_MODE, dirMode: DIR_MODE };
    this.submissions = new Datastore<SubmissionDoc>({ filename: path.join(dataDir, SUBMISSIONS_FILE), modes });
    this.files = new Datastore<FileDoc>({ filename: path.join(dataDir, FILES_FILE), modes });
    this.assessments = new Datastore<AssessmentDoc>({ filename: path.join(dataDir, ASSESSMENTS_FILE), modes });
    appendThroughOpenFile(this.submissions);
    appendThroughOpenFile(this.assessments);
    this.insertSubmissionDoc = groupCommit(this.submissions);
    this.insertAssessmentDoc = groupCommit(this.assessments);
    this.uploadsDir = path.join(dataDir, 'uploads');
    this.team = new EmbeddedTeamStore<SubmissionDoc>({
      dataDir,
      modes,
      init: () => this.init(),
      submissionDocs: () => this.submissions.getAllData(),
      toSubmission,
      removeSubmissions: (ids) => this.removeSubmissions(ids),
      deleteFile: (id) => this.deleteFile(id),
    });
  }

  init(): Promise<void> {
    this.ready ??= this.load().catch((error: unknown) => {
      this.ready = undefined; // let the next call try again
      throw error;
    });
    return this.ready;
  }

  private async load(): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true, mode: DIR_MODE });
    // Folders made by earlier versions were world-readable.
    await tighten(this.dataDir, DIR_MODE);
    this.lock = await acquireDataDirLock(this.dataDir, { port: this.options.port });
    try {
      await fs.mkdir(this.uploadsDir, { recursive: true, mode: DIR_MODE });
      await tighten(this.uploadsDir, DIR_MODE);
      for (const name of await fs.readdir(this.uploadsDir)) await tighten(path.join(this.uploadsDir, name), FILE_MODE);
      // Loading rewrites each data file (with FILE_MODE): safe only because we hold the lock.
      await this.submissions.loadDatabaseAsync();
      await this.files.loadDatabaseAsync();
      await this.assessments.loadDatabaseAsync();
      // Data files of earlier versions drop indexes each insert paid to update: no query goes
      // through one on form or receivedAt (lists sort the documents NeDB holds in memory), and
      // Idempotency-Keys are kept unique by a hash map (key-index.ts).
      await dropIndexes(this.submissions, ['form,receivedAt', 'receivedAt', 'idempotencyKey']);
      await dropIndexes(this.assessments, ['idempotencyKey']);
      this.submissionKeys.load(this.submissions.getAllData());
      this.assessmentKeys.load(this.assessments.getAllData());
    } catch (error) {
      await this.lock.release();
      this.lock = undefined;
      throw error;
    }
  }

  async insertSubmission(submission: NewSubmission, options: InsertOptions = {}): Promise<StoredSubmission> {
    await this.init();
    const content = options.notification ? { ...submission, notification: options.notification } : submission;
    return toSubmission(await insertOnce(this.submissionKeys, this.insertSubmissionDoc, content, options));
  }

  /** Erasure: removes the submissions and frees their Idempotency-Keys. */
  private async removeSubmissions(ids: readonly string[]): Promise<number> {
    const removing = new Set(ids);
    const keys = this.submissions
      .getAllData()
      .filter((doc) => removing.has(doc._id) && doc.idempotencyKey !== undefined)
      .map((doc) => doc.idempotencyKey as string);
    const removed = await this.submissions.removeAsync({ _id: { $in: [...ids] } }, { multi: true });
    this.submissionKeys.remove(keys);
    return removed;
  }

  async listSubmissions(query: SubmissionQuery = {}): Promise<StoredSubmission[]> {
    const rows: StoredSubmission[] = [];
    for await (const row of this.streamSubmissions(query)) rows.push(row);
    return rows;
  }

  async *streamSubmissions(query: SubmissionStreamQuery = {}): AsyncGenerator<StoredSubmission> {
    await this.init();
    let anchor: SubmissionDoc | undefined;
    if (query.after !== undefined) {
      anchor = (await this.submissions.findOneAsync({ _id: query.after })) as unknown as SubmissionDoc | undefined;
      if (!anchor) throw new UnknownCursorError(query.after);
    }
    // NeDB holds every document in memory already: sort references to them, copy one row at a time.
    const docs = orderedSlice(this.submissions.getAllData(), query, anchor, query.limit);
    for (const doc of docs) yield toSubmission(doc);
  }

  async saveFile(source: Readable, file: NewFile): Promise<StoredFile> {
    await this.init();
    const id = randomBytes(16).toString('hex');
    const target = path.join(this.uploadsDir, id);
    const partial = `${target}.part`;
    const counter = byteCounter();
    try {
      await pipeline(source, counter.stream, createWriteStream(partial, { flags: 'wx', mode: FILE_MODE }));
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

  async insertAssessment(assessment: NewAssessment, options: InsertOptions = {}): Promise<StoredAssessment> {
    await this.init();
    return toAssessment(await insertOnce(this.assessmentKeys, this.insertAssessmentDoc, assessment, options));
  }

  async listAssessments(query: AssessmentQuery = {}): Promise<StoredAssessment[]> {
    await this.init();
    const filter = query.since ? { receivedAt: { $gte: query.since } } : {};
    const docs = (await this.assessments.findAsync(filter).sort({ receivedAt: 1 })) as unknown as AssessmentDoc[];
    return docs.map(toAssessment);
  }

  async *streamAssessments(query: AssessmentStreamQuery = {}): AsyncGenerator<StoredAssessment> {
    await this.init();
    let anchor: AssessmentDoc | undefined;
    if (query.after !== undefined) {
      anchor = (await this.assessments.findOneAsync({ _id: query.after })) as unknown as AssessmentDoc | undefined;
      if (!anchor) throw new UnknownCursorError(query.after, 'shared result');
    }
    for (const doc of orderedSlice(this.assessments.getAllData(), query, anchor, query.limit)) yield toAssessment(doc);
  }

  async health(): Promise<StoreHealth> {
    try {
      await this.init();
      await fs.access(this.uploadsDir, fs.constants.W_OK);
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error), cause: error };
    }
  }

  async close(): Promise<void> {
    if (!this.ready) return;
    const loaded = await this.ready.then(
      () => true,
      () => false,
    );
    if (loaded) {
      await this.team.close();
      // Compaction runs after every queued write, so the data files are complete on exit.
      await Promise.all([
        this.submissions.compactDatafileAsync(),
        this.files.compactDatafileAsync(),
        this.assessments.compactDatafileAsync(),
      ]);
    }
    await this.lock?.release();
    this.lock = undefined;
    this.ready = undefined;
  }
}

/**
 * The submissions and shared results of a DATA_DIR read straight from its data files, for the
 * export CLI when no API runs: the files are only read (never loaded through NeDB, which rewrites it), so an API
 * that starts meanwhile loses nothing. Lines hold one document each; later lines replace or
 * delete earlier ones; a torn last line (a kill during a write) is skipped, as NeDB does.
 */
export class EmbeddedSnapshot {
  readonly description: string;

  constructor(private readonly dataDir: string) {
    this.description = `embedded NeDB files in ${dataDir} (read-only)`;
  }

  private async load<Doc extends { _id: string }>(fileName: string): Promise<Map<string, Doc>> {
    const file = path.join(this.dataDir, fileName);
    const docs = new Map<string, Doc>();
    let input: Readable;
    try {
      await fs.access(file, fs.constants.R_OK);
      input = createReadStream(file, { encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return docs;
      throw error;
    }
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (line === '') continue;
      let doc: (Doc & { $$deleted?: boolean }) | undefined;
      try {
        doc = deserialize(line) as Doc & { $$deleted?: boolean };
      } catch {
        continue;
      }
      if (typeof doc._id !== 'string') continue; // index definitions
      if (doc.$$deleted === true) docs.delete(doc._id);
      else docs.set(doc._id, doc);
    }
    return docs;
  }

  async *streamSubmissions(query: SubmissionStreamQuery = {}): AsyncGenerator<StoredSubmission> {
    const docs = await this.load<SubmissionDoc>(SUBMISSIONS_FILE);
    let anchor: SubmissionDoc | undefined;
    if (query.after !== undefined) {
      anchor = docs.get(query.after);
      if (!anchor) throw new UnknownCursorError(query.after);
    }
    for (const doc of orderedSlice([...docs.values()], query, anchor, query.limit)) yield toSubmission(doc);
  }

  async *streamAssessments(query: AssessmentStreamQuery = {}): AsyncGenerator<StoredAssessment> {
    const docs = await this.load<AssessmentDoc>(ASSESSMENTS_FILE);
    let anchor: AssessmentDoc | undefined;
    if (query.after !== undefined) {
      anchor = docs.get(query.after);
      if (!anchor) throw new UnknownCursorError(query.after, 'shared result');
    }
    for (const doc of orderedSlice([...docs.values()], query, anchor, query.limit)) yield toAssessment(doc);
  }

  async close(): Promise<void> {}
}
