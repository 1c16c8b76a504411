import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import { serialize } from '@seald-io/nedb/lib/model.js';
import { appendThroughOpenFile, nedbLine } from '../src/store/append-file';

interface Doc {
  _id?: string;
  n: number;
}

/** The documents a fresh datastore loads from the file, by number. */
async function reload(file: string): Promise<number[]> {
  const fresh = new Datastore<Doc>({ filename: file });
  await fresh.loadDatabaseAsync();
  return (await fresh.findAsync({})).map((doc) => doc.n).sort((a, b) => a - b);
}

/** The lines with documents in the data file as it is on disk now. */
async function linesOnDisk(file: string): Promise<number[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.includes('"n"'))
    .map((line) => (JSON.parse(line) as Doc).n);
}

describe('appending through an open data file', () => {
  let dir: string;
  let file: string;
  let store: Datastore<Doc>;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-append-'));
    file = path.join(dir, 'data.db');
    store = new Datastore<Doc>({ filename: file });
    expect(appendThroughOpenFile(store)).toBe(true);
    await store.loadDatabaseAsync();
  });

  afterEach(async () => {
    await store.compactDatafileAsync().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('has every inserted line in the file when the insert resolves, batches included', async () => {
    await store.insertAsync({ n: 1 });
    expect(await linesOnDisk(file)).toEqual([1]);
    await store.insertAsync([{ n: 2 }, { n: 3 }]);
    expect(await linesOnDisk(file)).toEqual([1, 2, 3]);
    await store.removeAsync({ n: 2 }, {});
    expect(await reload(file)).toEqual([1, 3]);
  });

  it('keeps one descriptor open for its appends', async () => {
    const opened = async () => {
      const fds = await fs.readdir('/proc/self/fd');
      const targets = await Promise.all(fds.map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target === file).length;
    };
    await store.insertAsync({ n: 1 });
    await store.insertAsync({ n: 2 });
    expect(await opened()).toBe(1);
    await store.compactDatafileAsync();
    expect(await opened()).toBe(0);
  });

  it('writes to the new file after a compaction replaced the old one', async () => {
    await store.insertAsync({ n: 1 });
    const before = (await fs.stat(file)).ino;
    await store.compactDatafileAsync();
    expect((await fs.stat(file)).ino).not.toBe(before);
    await store.insertAsync({ n: 2 });
    expect(await linesOnDisk(file)).toEqual([1, 2]);
    expect(await reload(file)).toEqual([1, 2]);
  });

  it('creates the file again after the database was dropped', async () => {
    await store.insertAsync({ n: 1 });
    await store.dropDatabaseAsync();
    await expect(fs.access(file)).rejects.toThrow();
    await store.loadDatabaseAsync();
    await store.insertAsync({ n: 2 });
    expect(await reload(file)).toEqual([2]);
  });

  it('fails the insert when the write fails, and writes again once it can', async () => {
    await store.insertAsync({ n: 1 });
    // A directory where the file was: the next open and every write to it fail.
    await store.compactDatafileAsync();
    await fs.rm(file);
    await fs.mkdir(file);
    await expect(store.insertAsync({ n: 2 })).rejects.toThrow();
    await fs.rmdir(file);
    await store.insertAsync({ n: 3 });
    expect(await linesOnDisk(file)).toEqual([3]);
  });
});

describe('the lines appended', () => {
  it('are what NeDB itself writes for the same document, Dates included', () => {
    const docs: Record<string, unknown>[] = [
      { _id: 'a', n: 1 },
      {
        _id: '0mFq2xKa9ZbC3dEf',
        form: 'feedback',
        fields: { email: 'ada@example.org', message: 'Line one\nand "two" — ok', subscribe: true, zip: null },
        files: [{ id: 'f1', name: 'cv.pdf', size: 12, uploadedAt: new Date('2026-01-02T03:04:05.006Z') }],
        page: null,
        receivedAt: new Date('2026-11-23T18:00:00.123Z'),
        notification: { state: 'pending', attempts: 0, dueAt: new Date(0), nested: [[new Date(1)], 'x'] },
        skipped: undefined,
        idempotencyKey: '7f9c2a1e-5b0d-4c8e-9a3f-2d6b8e1c4f70',
      },
      { $$deleted: true, _id: 'gone' },
      { $$indexCreated: { fieldName: 'email', unique: false, sparse: false } },
    ];
    for (const doc of docs) expect(nedbLine(doc)).toBe(serialize(doc));
    // The document itself is left as it was.
    expect(docs[1]!.receivedAt).toBeInstanceOf(Date);
  });
});
