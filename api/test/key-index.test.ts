import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { DuplicateSubmissionError, EmbeddedStore, type NewSubmission } from '../src/store';
import { KeyIndex } from '../src/store/key-index';

const submission = (email = 'ada@example.org'): NewSubmission => ({
  form: 'download',
  variant: 'download',
  fields: { email },
  files: [],
  page: '/',
  receivedAt: new Date('2026-01-01T00:00:00Z'),
});
const tag = { key: '7f9c2a1e-5b0d-4c8e-9a3f-2d6b8e1c4f70', fingerprint: 'f' };

describe('Idempotency-Keys in the embedded store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-key-index-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('stay unique after the store is closed and opened again', async () => {
    const first = new EmbeddedStore(dir);
    const stored = await first.insertSubmission(submission(), { idempotency: tag });
    await first.close();
    const again = new EmbeddedStore(dir);
    await expect(again.insertSubmission(submission(), { idempotency: tag })).rejects.toEqual(
      new DuplicateSubmissionError(stored.id, true),
    );
    await expect(
      again.insertSubmission(submission(), { idempotency: { ...tag, fingerprint: 'other' } }),
    ).rejects.toEqual(new DuplicateSubmissionError(stored.id, false));
    expect(await again.listSubmissions()).toHaveLength(1);
    await again.close();
  });

  it('stay unique in a data file written with the unique index of earlier versions, which is dropped', async () => {
    const file = path.join(dir, 'submissions.db');
    const earlier = new Datastore({ filename: file });
    await earlier.loadDatabaseAsync();
    await earlier.ensureIndexAsync({ fieldName: 'idempotencyKey', unique: true, sparse: true });
    await earlier.insertAsync({
      _id: 'EarlierVersion01',
      ...submission(),
      idempotencyKey: tag.key,
      requestFingerprint: tag.fingerprint,
    });
    await earlier.compactDatafileAsync();
    const store = new EmbeddedStore(dir);
    await expect(store.insertSubmission(submission(), { idempotency: tag })).rejects.toEqual(
      new DuplicateSubmissionError('EarlierVersion01', true),
    );
    await store.close();
    expect(await fs.readFile(file, 'utf8')).not.toContain('$$indexCreated');
  });

  it('are freed when their submission is erased, so the key can store a new one', async () => {
    const store = new EmbeddedStore(dir);
    const erased = await store.insertSubmission(submission(), { idempotency: tag });
    expect(await store.team.eraseEmail('ADA@example.org', 'team@example.org', new Date())).toMatchObject({
      submissions: 1,
    });
    const stored = await store.insertSubmission(submission('grace@example.org'), { idempotency: tag });
    expect(stored.id).not.toBe(erased.id);
    expect((await store.listSubmissions()).map((row) => row.id)).toEqual([stored.id]);
    await store.close();
  });
});

describe('KeyIndex', () => {
  it('makes a repeat wait for the first insert under its key, then answers it as a repeat', async () => {
    const keys = new KeyIndex();
    let finish!: () => void;
    const first = keys.insertOnce(
      'k',
      'f',
      'id-1',
      () => new Promise<string>((resolve) => (finish = () => resolve('stored'))),
    );
    let repeatSettled = false;
    const repeat = keys.insertOnce('k', 'f', 'id-2', async () => 'stored twice').finally(() => (repeatSettled = true));
    await new Promise((resolve) => setImmediate(resolve));
    // Not answered while the first insert has not reached the file.
    expect(repeatSettled).toBe(false);
    finish();
    await expect(first).resolves.toBe('stored');
    await expect(repeat).rejects.toEqual(new DuplicateSubmissionError('id-1', true));
  });

  it('frees the key of a failed insert: a repeat waiting on it is stored', async () => {
    const keys = new KeyIndex();
    const failure = new Error('disk full');
    const first = keys.insertOnce('k', 'f', 'id-1', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      throw failure;
    });
    const repeat = keys.insertOnce('k', 'f', 'id-2', async () => 'stored');
    await expect(first).rejects.toBe(failure);
    await expect(repeat).resolves.toBe('stored');
    await expect(keys.insertOnce('k', 'f', 'id-3', async () => 'again')).rejects.toEqual(
      new DuplicateSubmissionError('id-2', true),
    );
  });
});
