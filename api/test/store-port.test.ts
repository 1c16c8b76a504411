import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoDatabase } from '../src/db/mongo';
import {
  documentClient,
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type Doc,
  type DocumentClient,
} from '../src/db/port';
import { mongoDocuments, mongoIndexes } from '../src/db/port/mongo';
import { documentCollectionsRecord, sqliteDocuments } from '../src/db/port/sqlite';
import { EmbeddedDatabase } from '../src/db/sqlite';
import { describeStore, embeddedCase, mongoCase } from './helpers/stores';

// The storage port (records/README.md): one contract, the same answers from both adapters, with
// MongoDB's filter and update semantics.

const THINGS: CollectionSpec = {
  name: 'port_things',
  indexes: [
    { name: 'by_key', key: { key: 1 }, unique: true, sparse: true },
    { name: 'by_due', key: { state: 1, dueAt: 1 } },
  ],
};

interface Thing extends Doc {
  key?: string;
  state: string;
  dueAt: Date;
  tries?: number;
  tags?: string[];
}

const AT = new Date('2026-03-01T09:00:00.000Z');
const later = (ms: number) => new Date(AT.getTime() + ms);

interface Opened {
  readonly client: DocumentClient;
  close(): Promise<void>;
}

async function openEmbedded(): Promise<Opened> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-port-'));
  const database = new EmbeddedDatabase({ dataDir: dir, records: [documentCollectionsRecord([THINGS])] });
  return {
    client: documentClient(database, (db) => sqliteDocuments(db, [THINGS])),
    close: async () => {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function openMongo(): Promise<Opened> {
  const dbName = `wpc_port_${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = new MongoDatabase({
    uri: process.env.MONGODB_URI ?? '',
    dbName,
    serverSelectionTimeoutMS: 5000,
    indexes: mongoIndexes([THINGS]),
  });
  return {
    client: documentClient(database, mongoDocuments),
    close: async () => {
      await database.dropDatabase();
      await database.close();
    },
  };
}

for (const [storeCase, open] of [
  [embeddedCase, openEmbedded],
  [mongoCase, openMongo],
] as const) {
  describeStore(storeCase, 'storage port', () => {
    let opened: Opened;
    const things = <T>(work: (c: Collection<Thing>) => Promise<T>) =>
      opened.client.run('test', (documents) => work(documents.collection<Thing>('port_things')));
    beforeEach(async () => {
      opened = await open();
      await opened.client.init();
    });
    afterEach(() => opened.close());

    it('keeps Dates, refuses a repeated _id or unique key, and allows many documents without the sparse key', async () => {
      await things((c) => c.insert({ _id: 'a', key: 'k1', state: 'queued', dueAt: AT, tags: ['x'] }));
      await things((c) => c.insert({ _id: 'b', state: 'queued', dueAt: later(1) }));
      await things((c) => c.insert({ _id: 'c', state: 'queued', dueAt: later(2) }));
      await expect(things((c) => c.insert({ _id: 'a', state: 'queued', dueAt: AT }))).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(things((c) => c.insert({ _id: 'd', key: 'k1', state: 'queued', dueAt: AT }))).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect(await things((c) => c.findOne({ _id: 'a' }))).toEqual({
        _id: 'a',
        key: 'k1',
        state: 'queued',
        dueAt: AT,
        tags: ['x'],
      });
      expect(await things((c) => c.count())).toBe(3);
    });

    it('finds by equality, $in and ranges, sorted and limited', async () => {
      for (const [id, state, ms] of [
        ['a', 'queued', 30],
        ['b', 'sent', 10],
        ['c', 'queued', 10],
        ['d', 'queued', 20],
      ] as const)
        await things((c) => c.insert({ _id: id, state, dueAt: later(ms) }));
      const due = await things((c) =>
        c.find({ state: 'queued', dueAt: { $lte: later(20) } }, { sort: { dueAt: 1 }, limit: 5 }),
      );
      expect(due.map((doc) => doc._id)).toEqual(['c', 'd']);
      const some = await things((c) => c.find({ _id: { $in: ['a', 'b', 'z'] } }, { sort: { _id: -1 } }));
      expect(some.map((doc) => doc._id)).toEqual(['b', 'a']);
      expect(await things((c) => c.count({ state: 'queued' }))).toBe(3);
      // $nin, also on an indexed field the documents lack (they match, as in MongoDB).
      const others = await things((c) => c.find({ _id: { $nin: ['a', 'c'] }, state: 'queued' }, { sort: { _id: 1 } }));
      expect(others.map((doc) => doc._id)).toEqual(['d']);
      expect(await things((c) => c.count({ key: { $nin: ['k1'] } }))).toBe(4);
      expect(await things((c) => c.count({ dueAt: { $gt: later(10) } }))).toBe(2);
      expect(await things((c) => c.findOne({ state: 'queued' }, { sort: { dueAt: -1 } }))).toMatchObject({ _id: 'a' });
    });

    it('pages: skips the first sorted matches, with or without a limit, on indexed fields or not', async () => {
      for (const [id, ms, tries] of [
        ['a', 40, 1],
        ['b', 10, 2],
        ['c', 30, 1],
        ['d', 20, 1],
      ] as const)
        await things((c) => c.insert({ _id: id, state: 'queued', dueAt: later(ms), tries }));
      const ids = (docs: Thing[]) => docs.map((doc) => doc._id);
      // state and dueAt are declared index fields; tries is not.
      expect(ids(await things((c) => c.find({ state: 'queued' }, { sort: { dueAt: -1 }, skip: 1, limit: 2 })))).toEqual(
        ['c', 'd'],
      );
      expect(ids(await things((c) => c.find({ state: 'queued' }, { sort: { dueAt: 1 }, skip: 3 })))).toEqual(['a']);
      expect(ids(await things((c) => c.find({ tries: 1 }, { sort: { dueAt: 1 }, skip: 1, limit: 1 })))).toEqual(['c']);
    });

    it('updates conditionally, once: a second claim of the same state finds nothing', async () => {
      await things((c) => c.insert({ _id: 'a', state: 'queued', dueAt: AT, tries: 0 }));
      const claim = () =>
        things((c) => c.updateOne({ _id: 'a', state: 'queued' }, { $set: { state: 'sending' }, $inc: { tries: 1 } }));
      expect(await claim()).toBe(true);
      expect(await claim()).toBe(false);
      expect(await things((c) => c.findOne({ _id: 'a' }))).toEqual({ _id: 'a', state: 'sending', dueAt: AT, tries: 1 });
      expect(await things((c) => c.updateMany({ state: 'sending' }, { $unset: { tries: '' } }))).toBe(1);
      expect(await things((c) => c.findOne({ _id: 'a' }))).toEqual({ _id: 'a', state: 'sending', dueAt: AT });
    });

    it('sets, unsets and increments fields inside embedded documents as MongoDB does', async () => {
      await things((c) => c.insert({ _id: 'a', state: 'queued', dueAt: AT, mail: { status: 'pending', attempts: 0 } }));
      await things((c) =>
        c.updateOne(
          { _id: 'a' },
          { $set: { 'mail.status': 'sent', 'mail.sentAt': AT, 'extra.deep.flag': true }, $inc: { 'mail.attempts': 1 } },
        ),
      );
      expect(await things((c) => c.findOne({ _id: 'a' }))).toEqual({
        _id: 'a',
        state: 'queued',
        dueAt: AT,
        mail: { status: 'sent', attempts: 1, sentAt: AT },
        extra: { deep: { flag: true } },
      });
      // A path whose parent is missing unsets nothing; an array element is set by its index.
      await things((c) => c.updateOne({ _id: 'a' }, { $unset: { 'mail.sentAt': '', 'none.here': '' } }));
      await things((c) => c.insert({ _id: 'b', state: 'queued', dueAt: AT, tags: ['x', 'y'] }));
      await things((c) => c.updateOne({ _id: 'b' }, { $set: { 'tags.1': 'z' } }));
      expect(await things((c) => c.findOne({ _id: 'a' }))).toMatchObject({ mail: { status: 'sent', attempts: 1 } });
      expect((await things((c) => c.findOne({ _id: 'a' })))?.mail).not.toHaveProperty('sentAt');
      expect(await things((c) => c.findOne({ _id: 'b' }))).toMatchObject({ tags: ['x', 'z'] });
    });

    it('upserts with $setOnInsert, replaces with put, deletes by filter', async () => {
      const upsert = (state: string) =>
        things((c) => c.updateOne({ _id: 'u' }, { $set: { state }, $setOnInsert: { dueAt: AT } }, { upsert: true }));
      expect(await upsert('first')).toBe(true);
      expect(await upsert('second')).toBe(true);
      expect(await things((c) => c.findOne({ _id: 'u' }))).toEqual({ _id: 'u', state: 'second', dueAt: AT });
      expect(await things((c) => c.put({ _id: 'p', state: 'one', dueAt: AT }))).toBe(true);
      expect(await things((c) => c.put({ _id: 'p', state: 'two', dueAt: later(5) }))).toBe(false);
      expect(await things((c) => c.findOne({ _id: 'p' }))).toEqual({ _id: 'p', state: 'two', dueAt: later(5) });
      expect(await things((c) => c.deleteMany({ dueAt: { $lte: AT } }))).toBe(1);
      expect(await things((c) => c.deleteOne({ _id: 'u' }))).toBe(false);
      expect(await things((c) => c.deleteOne({ _id: 'p' }))).toBe(true);
      expect(await things((c) => c.count())).toBe(0);
    });
  });
}
