/**
 * npm run bench:port -w api [MONGODB_URI=...]
 * What the storage port (db/port) costs on the submit path's store calls: per submission, an
 * insert refused on a repeated Idempotency-Key (unique index), the lookup by that key, and the
 * worker's conditional claim (an update matching _id and state). On the embedded store against
 * the hand-written SQL of 9b8a9f2's shape (one column per field); on MongoDB against the driver's
 * own calls. Sequential calls, BENCH_PORT_N (2,000) each; prints calls per second.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { newDocumentId } from '../src/db/ids';
import type { CollectionSpec, Documents } from '../src/db/port';
import { mongoDocuments, mongoIndexes } from '../src/db/port/mongo';
import { documentCollectionsRecord, sqliteDocuments } from '../src/db/port/sqlite';

const N = Number(process.env.BENCH_PORT_N ?? 2000);
const SPEC: CollectionSpec = {
  name: 'bench_submissions',
  indexes: [
    { name: 'by_key', key: { idempotencyKey: 1 }, unique: true, sparse: true },
    { name: 'by_state', key: { state: 1, dueAt: 1 } },
  ],
};

const submission = (i: number) => ({
  _id: newDocumentId(),
  form: 'contact',
  variant: 'contactScorecard',
  receivedAt: new Date(),
  page: '/contact-us',
  fields: { firstName: 'Ada', lastName: 'Lovelace', email: `ada${i}@example.org`, message: 'Hello '.repeat(20) },
  files: [],
  idempotencyKey: randomBytes(16).toString('hex'),
  state: 'pending',
  dueAt: new Date(),
});
type Submission = ReturnType<typeof submission>;

interface Calls {
  insert(doc: Submission): Promise<unknown>;
  byKey(key: string): Promise<unknown>;
  claim(id: string): Promise<unknown>;
}

async function time(name: string, calls: Calls): Promise<Record<string, string | number>> {
  const docs = Array.from({ length: N }, (_, i) => submission(i));
  const rate = async (work: (doc: Submission) => Promise<unknown>) => {
    const started = performance.now();
    for (const doc of docs) await work(doc);
    return Math.round(N / ((performance.now() - started) / 1000));
  };
  return {
    store: name,
    'insert /s': await rate((doc) => calls.insert(doc)),
    'find by key /s': await rate((doc) => calls.byKey(doc.idempotencyKey)),
    'conditional claim /s': await rate((doc) => calls.claim(doc._id)),
  };
}

function portCalls(documents: Documents): Calls {
  const of = documents.collection<Submission>(SPEC.name);
  return {
    insert: (doc) => of.insert(doc),
    byKey: (key) => of.findOne({ idempotencyKey: key }),
    claim: (id) => of.updateOne({ _id: id, state: 'pending' }, { $set: { state: 'sending', leasedAt: new Date() } }),
  };
}

function handWritten(db: Sqlite.Database): Calls {
  db.exec(`CREATE TABLE hand (id TEXT PRIMARY KEY, form TEXT NOT NULL, variant TEXT NOT NULL, received_at INTEGER NOT NULL,
    page TEXT, fields TEXT NOT NULL, files TEXT NOT NULL, idempotency_key TEXT UNIQUE, state TEXT NOT NULL,
    due_at INTEGER NOT NULL, leased_at INTEGER) STRICT; CREATE INDEX hand_state ON hand (state, due_at);`);
  const insert = db.prepare('INSERT INTO hand VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)');
  const byKey = db.prepare('SELECT * FROM hand WHERE idempotency_key = ?');
  const claim = db.prepare("UPDATE hand SET state = 'sending', leased_at = ? WHERE id = ? AND state = 'pending'");
  return {
    insert: async (d) =>
      insert.run(
        d._id,
        d.form,
        d.variant,
        d.receivedAt.getTime(),
        d.page,
        JSON.stringify(d.fields),
        '[]',
        d.idempotencyKey,
        d.state,
        d.dueAt.getTime(),
      ),
    byKey: async (key) => byKey.get(key),
    claim: async (id) => claim.run(Date.now(), id),
  };
}

async function embedded(): Promise<Record<string, string | number>[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-bench-port-'));
  const db = new Sqlite(path.join(dir, 'store.sqlite'));
  // As the embedded store opens its database (db/sqlite.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('secure_delete = ON');
  documentCollectionsRecord([SPEC]).setUp?.(db);
  try {
    return [
      await time('embedded, hand-written SQL', handWritten(db)),
      await time('embedded, port', portCalls(sqliteDocuments(db, [SPEC]))),
    ];
  } finally {
    db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function mongo(uri: string): Promise<Record<string, string | number>[]> {
  const client = await MongoClient.connect(uri);
  const db = client.db(`wpc_bench_port_${process.pid}`);
  try {
    for (const index of mongoIndexes([SPEC]))
      await db.collection(index.collection).createIndex({ ...index.key }, { name: index.name, ...index.options });
    const raw = db.collection<Submission>(SPEC.name);
    const driver: Calls = {
      insert: (doc) => raw.insertOne(doc),
      byKey: (key) => raw.findOne({ idempotencyKey: key }),
      claim: (id) => raw.updateOne({ _id: id, state: 'pending' }, { $set: { state: 'sending', leasedAt: new Date() } }),
    };
    const first = await time('MongoDB wire, driver', driver);
    await raw.deleteMany({});
    return [first, await time('MongoDB wire, port', portCalls(mongoDocuments(db)))];
  } finally {
    await db.dropDatabase();
    await client.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; ${N} calls each`,
  );
  const rows = await embedded();
  if (process.env.MONGODB_URI) rows.push(...(await mongo(process.env.MONGODB_URI)));
  console.table(rows);
}

void main();
