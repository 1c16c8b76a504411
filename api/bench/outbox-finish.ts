/**
 * MONGODB_URI=... npm run bench:outbox-finish -w api   (not part of npm test; a minute or two)
 *
 * What recording an email's outcome costs on a MongoDB-wire server with many entries: the outbox's
 * finish is one update conditioned on the entry's lease, `{_id, status, lease}`, where it used to
 * read by `_id` and then write by `_id` (issue 31 item 4). Stores OUTBOX_BENCH_ENTRIES submissions
 * (10,000) in a database of its own, then claims and finishes OUTBOX_BENCH_FINISHES (200) of them:
 * once with the outbox itself, once as read-then-write by `_id` alone. Prints the server's explain
 * of both filters (FerretDB says whether it pushed the filter down to its backend), the median and
 * 95th percentile of each, and the load average. Dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { MongoClient, ObjectId, type Document } from 'mongodb';
import { MongoStore } from '../src/store';
import { loadAverage, percentile } from './api-process';

const URI = process.env.MONGODB_URI;
const ENTRIES = Number(process.env.OUTBOX_BENCH_ENTRIES ?? 10_000);
const FINISHES = Number(process.env.OUTBOX_BENCH_FINISHES ?? 200);
const LEASE_MS = 60_000;

const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms`;
};

async function main(): Promise<void> {
  if (!URI) throw new Error('Set MONGODB_URI to the MongoDB-wire server to measure.');
  const dbName = `wpc_bench_finish_${randomBytes(4).toString('hex')}`;
  const store = new MongoStore({ uri: URI, dbName, serverSelectionTimeoutMS: 5000 });
  const client = await MongoClient.connect(URI);
  const submissions = client.db(dbName).collection<Document>('submissions');
  try {
    await store.init();
    const receivedAt = new Date();
    const ids: string[] = [];
    for (let start = 0; start < ENTRIES; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, ENTRIES - start) }, (_, index) =>
          store.submissions.insert(
            {
              form: 'contact',
              variant: 'contact',
              fields: {
                firstName: 'Ada',
                lastName: `Bench${start + index}`,
                email: 'ada@example.org',
                message: 'A message of a few sentences, as the contact form gets them. '.repeat(4),
              },
              files: [],
              page: '/contact-us',
              receivedAt,
            },
            {
              notification: {
                status: 'pending',
                attempts: 0,
                messageId: `<b${start + index}@bench>`,
                dueAt: receivedAt,
              },
            },
          ),
        ),
      );
      ids.push(...batch.map((row) => row.id));
    }
    console.log(`${ENTRIES} submissions with a pending notification stored`);

    const sample = ids.filter((_, index) => index % Math.floor(ENTRIES / (2 * FINISHES)) === 0).slice(0, 2 * FINISHES);
    const conditional: number[] = [];
    const readThenWrite: number[] = [];
    const now = new Date();
    for (const [index, id] of sample.entries()) {
      const lease = `bench-${index}`;
      if (!(await store.outbox.claim(id, lease, now, LEASE_MS))) throw new Error(`could not claim ${id}`);
      const started = performance.now();
      if (index % 2 === 0) {
        if (!(await store.outbox.markSent(id, lease, new Date()))) throw new Error(`could not finish ${id}`);
        conditional.push(performance.now() - started);
      } else {
        // The former finish: read the entry by _id, check the lease here, write by _id.
        const _id = new ObjectId(id);
        const doc = await submissions.findOne({ _id }, { projection: { notification: 1 } });
        if (doc?.notification?.lease !== lease) throw new Error(`lease of ${id} not found`);
        await client
          .db(dbName)
          .collection('notification_claims')
          .updateOne(
            { _id: `${id}#1` as unknown as never },
            { $set: { until: new Date(8.64e15), settledAt: new Date() } },
          );
        await submissions.updateOne(
          { _id },
          {
            $set: { 'notification.status': 'sent', 'notification.sentAt': new Date() },
            $unset: { 'notification.dueAt': '', 'notification.lease': '' },
          },
        );
        readThenWrite.push(performance.now() - started);
      }
    }

    const probe = new ObjectId(ids[0]);
    const explain = async (filter: Document) => {
      const answer = (await client.db(dbName).command({ explain: { find: 'submissions', filter } })) as Document;
      // FerretDB names whether the filter reached its backend; MongoDB names the plan's stages.
      return answer.filterPushdown !== undefined
        ? `filterPushdown ${String(answer.filterPushdown)}`
        : JSON.stringify(answer.queryPlanner?.winningPlan ?? answer).slice(0, 200);
    };
    console.log(`explain {_id}:                ${await explain({ _id: probe })}`);
    console.log(
      `explain {_id, status, lease}: ${await explain({ _id: probe, 'notification.status': 'pending', 'notification.lease': 'x' })}`,
    );
    console.log(
      `finish as one conditional update ({_id, status, lease}), ${conditional.length} runs: ${figures(conditional)}`,
    );
    console.log(`finish as read then write by _id (before), ${readThenWrite.length} runs: ${figures(readThenWrite)}`);
    console.log(`load average: ${loadAverage()}`);
  } finally {
    await store.dropDatabase().catch(() => undefined);
    await store.close();
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
