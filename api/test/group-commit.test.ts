import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { groupCommit } from '../src/store/group-commit';
import { DuplicateSubmissionError, EmbeddedStore, type NewSubmission } from '../src/store';

interface Doc {
  _id?: string;
  key?: string;
  n: number;
}

const dataLines = async (file: string) =>
  (await fs.readFile(file, 'utf8')).split('\n').filter((line) => line !== '' && !line.includes('$$indexCreated'));

describe('group commit', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-group-commit-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  async function datastore() {
    const store = new Datastore<Doc>({ filename: path.join(dir, 'docs.db') });
    await store.loadDatabaseAsync();
    await store.ensureIndexAsync({ fieldName: 'key', unique: true, sparse: true });
    return store;
  }

  it('writes inserts that arrive during a write together, each settled only once its line is in the file', async () => {
    const store = await datastore();
    const batches: number[] = [];
    const insertAsync = store.insertAsync.bind(store) as (docs: Doc | Doc[]) => Promise<Doc | Doc[]>;
    const counting = {
      insertAsync: (docs: Doc | Doc[]) => {
        batches.push(Array.isArray(docs) ? docs.length : 1);
        return insertAsync(docs);
      },
    } as unknown as Datastore<Doc>;
    const insert = groupCommit(counting);
    const file = path.join(dir, 'docs.db');
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        insert({ n }).then(async (doc) => {
          // Durable when answered: the document's line is already in the data file.
          expect((await dataLines(file)).some((line) => line.includes(`"_id":"${doc._id}"`))).toBe(true);
          return doc;
        }),
      ),
    );
    expect(stored.map((doc) => doc.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(new Set(stored.map((doc) => doc._id)).size).toBe(20);
    // The first insert goes alone; the others waited for it and went in one write.
    expect(batches).toEqual([1, 19]);
    expect(await dataLines(file)).toHaveLength(20);
  });

  it('gives each insert of a refused batch its own answer: the first of a repeated key stored, the repeat refused', async () => {
    const store = await datastore();
    const insert = groupCommit(store);
    const results = await Promise.allSettled([
      insert({ n: 0 }),
      insert({ n: 1, key: 'k' }),
      insert({ n: 2 }),
      insert({ n: 3, key: 'k' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ errorType: 'uniqueViolated' });
    expect((await store.findAsync({})).map((doc) => doc.n).sort()).toEqual([0, 1, 2]);
    expect(await dataLines(path.join(dir, 'docs.db'))).toHaveLength(3);
  });

  it('fails every insert of a batch the disk refuses, storing none of them', async () => {
    const failure = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    let calls = 0;
    const insert = groupCommit({
      insertAsync: async () => {
        calls += 1;
        if (calls === 1) return { n: 0 };
        throw failure;
      },
    } as unknown as Datastore<Doc>);
    const results = await Promise.allSettled([insert({ n: 0 }), insert({ n: 1 }), insert({ n: 2 })]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(calls).toBe(2);
  });

  it('keeps the embedded store idempotent under concurrent repeats of one attempt', async () => {
    const store = new EmbeddedStore(dir);
    await store.init();
    const submission: NewSubmission = {
      form: 'download',
      variant: 'download',
      fields: { email: 'ada@example.org' },
      files: [],
      page: '/',
      receivedAt: new Date(),
    };
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        store.insertSubmission(submission, { idempotency: { key: 'same', fingerprint: 'f' } }),
      ),
    );
    const stored = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(stored).toHaveLength(1);
    for (const attempt of attempts.filter((attempt) => attempt.status === 'rejected'))
      expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateSubmissionError);
    expect(await store.listSubmissions()).toHaveLength(1);
    await store.close();
  });
});
