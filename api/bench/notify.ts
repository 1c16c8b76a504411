/**
 * npm run bench:notify -w api   (not part of npm test; a few minutes per store)
 *
 * 10,000 submissions at 50 concurrent against the real API process with notifications on,
 * sent to a real SMTP server on this machine (test-support/smtp). Once 30% are acknowledged the SMTP
 * server is stopped for 30 s; once it is back and the backlog is flowing, the API is killed with
 * kill -9 and started again. Clients are
 * patient like the site's forms: a network error or 5xx is retried with the same
 * Idempotency-Key. Then the benchmark waits until the outbox has drained and matches every
 * email received to the submissions acknowledged.
 *
 * Prints submitted, acknowledged, notified, missing, duplicated, in flight at the kill (the
 * emails that may be sent twice: claimed and not yet recorded), time to drain, and the load
 * average. Target: 0 missing, duplicated <= in flight at the kill.
 *
 * Runs on the embedded store, and on MongoDB when MONGODB_URI is set (in a database of its own,
 * dropped afterwards). NOTIFY_BENCH_SUBMISSIONS, NOTIFY_BENCH_CONCURRENCY, NOTIFY_BENCH_STORES
 * (embedded,mongodb) and NOTIFY_BENCH_OUTAGE_MS adjust it. All traffic stays on 127.0.0.1.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { EmbeddedStore, MongoStore } from '../src/store';
import { TestSmtpServer } from '../../test-support/smtp/server';
import { freePort } from '../test/helpers/process';
import {
  ApiProcess,
  benchApiEnv,
  chaosSchedule,
  failWhen,
  loadAverage,
  postContactForm,
  MAX_ATTEMPTS,
  retryPause,
  runBenchmark,
  runEachStore,
  sleep,
  storesFrom,
  type ChaosStep,
  type StoreKind,
} from './api-process';

const TOTAL = Number(process.env.NOTIFY_BENCH_SUBMISSIONS ?? 10_000);
const CONCURRENCY = Number(process.env.NOTIFY_BENCH_CONCURRENCY ?? 50);
const SMTP_OUTAGE_MS = Number(process.env.NOTIFY_BENCH_OUTAGE_MS ?? 30_000);
/** Longest wait for the outbox to drain after the last submission. */
const DRAIN_DEADLINE_MS = 20 * 60_000;
const TEAM = 'team-inbox@consortium.test';
/** Emails received after the SMTP outage before the API is killed: it is sending at full speed. */
const KILL_AFTER_EMAILS = 300;
/** Claims a killed API held run out after this; the embedded store frees them at start. */
const LEASE_MS = 60_000;

interface Figures {
  store: string;
  submitted: number;
  acknowledged: number;
  notified: number;
  missing: number;
  duplicated: number;
  'in flight at the kill': number;
  'duplicates with another Message-ID': number;
  'failed (health)': number;
  'submit phase s': number;
  'time to drain s': number;
  'emails received': number;
}

interface Health {
  status: string;
  outbox?: { pending: number; oldestPendingSeconds: number | null; failed: number };
}

async function health(port: number): Promise<Health | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
    return (await res.json()) as Health;
  } catch {
    return undefined;
  }
}

/**
 * Claimed and not yet recorded, read from the store while the API is dead: these may be sent
 * again. The embedded store's count is the one its restart frees; on MongoDB, live claim tickets.
 */
async function inFlight(kind: StoreKind, env: Record<string, string>): Promise<number> {
  if (kind === 'embedded') {
    const store = new EmbeddedStore(env.DATA_DIR!);
    try {
      await store.init();
      return (await store.outbox.releaseLeases?.(new Date())) ?? 0;
    } finally {
      await store.close();
    }
  }
  const client = await new MongoClient(env.MONGODB_URI!).connect();
  try {
    return await client
      .db(env.MONGODB_DB)
      .collection('notification_claims')
      .countDocuments({ settledAt: { $exists: false }, until: { $gt: new Date() } });
  } finally {
    await client.close();
  }
}

async function runStore(kind: StoreKind): Promise<Figures> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `wpc-notify-bench-${kind}-`));
  const smtp = new TestSmtpServer();
  await smtp.start();
  const port = await freePort();
  const env: Record<string, string> = {
    ...benchApiEnv(workDir, port),
    RATE_LIMIT_MAX: '0',
    SMTP_URL: smtp.url,
    NOTIFY_TO: TEAM,
    SITE_ORIGIN: 'https://wildfire.example',
    NOTIFY_LEASE_MS: String(LEASE_MS),
    // The lease must outlast the slowest send these timeouts allow (2 × (4 + 4 + 5 × 4) s = 56 s).
    SMTP_TIMEOUT_MS: '4000',
  };
  if (kind === 'mongodb') {
    env.MONGODB_URI = process.env.MONGODB_URI!;
    env.MONGODB_DB = `wpc_notify_bench_${randomBytes(4).toString('hex')}`;
  }
  const logFile = path.join(workDir, 'api.log');
  const api = new ApiProcess(env, logFile, port);
  await api.start();

  const acknowledged = new Set<number>();
  let next = 0;
  let killedInFlight = 0;
  const steps: ChaosStep[] = [
    {
      at: 0.3,
      label: `stop the SMTP server for ${SMTP_OUTAGE_MS / 1000} s`,
      run: async () => {
        await smtp.outage();
        await sleep(SMTP_OUTAGE_MS);
        await smtp.start();
      },
    },
    {
      // Right after the outage, while the backlog is being sent, so the kill catches emails in flight.
      at: 0.3,
      label: `kill -9 the API once ${KILL_AFTER_EMAILS} more emails have arrived, and start it again`,
      run: async () => {
        const before = smtp.messages.length;
        const waitUntil = Date.now() + 5 * 60_000;
        while (smtp.messages.length < before + KILL_AFTER_EMAILS && Date.now() < waitUntil) await sleep(20);
        await api.kill9();
        killedInFlight = await inFlight(kind, env);
        await api.start();
      },
    },
  ];
  const chaos = chaosSchedule(steps, TOTAL, kind);

  const send = async (n: number, key: string): Promise<number> => {
    const res = await postContactForm(port, key, {
      firstName: 'Bench',
      lastName: `N${n}`,
      email: `bench-${n}@example.org`,
      organization: 'Notification benchmark',
      zipCode: '94110',
      message: `Submission ${n} of the notification benchmark`,
    });
    return res?.status ?? 0;
  };
  const client = async () => {
    while (next < TOTAL) {
      const n = next++;
      const key = randomUUID();
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const status = await send(n, key);
        if (status === 200) {
          acknowledged.add(n);
          chaos.acknowledged(acknowledged.size);
          break;
        }
        if (status !== 0 && status < 500) throw new Error(`submission ${n} refused with ${status}`);
        await sleep(retryPause(attempt));
      }
    }
  };

  const started = Date.now();
  const progress = setInterval(() => {
    console.log(`  [${kind}] ${acknowledged.size} acknowledged, ${smtp.messages.length} emails received`);
  }, 15_000);
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const submitted = Date.now();
  await chaos.done();

  // Drained: the outbox has nothing pending and every acknowledged submission has its email.
  const notifiedOf = () => {
    const seen = new Set<number>();
    for (const mail of smtp.messages) {
      const n = Number(/Bench N(\d+)/.exec(mail.subject ?? '')?.[1]);
      if (Number.isInteger(n)) seen.add(n);
    }
    return seen;
  };
  let last: Health | undefined;
  while (Date.now() - submitted < DRAIN_DEADLINE_MS) {
    last = await health(port);
    if (last?.outbox?.pending === 0 && [...acknowledged].every((n) => notifiedOf().has(n))) break;
    await sleep(250);
  }
  const drained = Date.now();
  clearInterval(progress);
  // Late duplicates would arrive now, if any.
  await sleep(3000);
  last = (await health(port)) ?? last;
  await api.stop();
  await smtp.stop();

  const byN = new Map<number, Set<string | undefined>>();
  let emails = 0;
  for (const mail of smtp.messages) {
    const n = Number(/Bench N(\d+)/.exec(mail.subject ?? '')?.[1]);
    if (!Number.isInteger(n)) continue;
    emails += 1;
    const ids = byN.get(n) ?? new Set();
    ids.add(mail.messageId);
    byN.set(n, ids);
  }
  const notified = [...acknowledged].filter((n) => byN.has(n)).length;
  const duplicatesWithOtherId = [...byN.values()].filter((ids) => ids.size > 1).length;

  if (kind === 'mongodb') {
    const store = new MongoStore({ uri: env.MONGODB_URI!, dbName: env.MONGODB_DB });
    await store.dropDatabase().catch(() => undefined);
    await store.close();
  }
  await fs.rm(workDir, { recursive: true, force: true });
  return {
    store: kind === 'mongodb' ? 'MongoDB (FerretDB 1.24)' : 'embedded (SQLite)',
    submitted: Math.min(next, TOTAL),
    acknowledged: acknowledged.size,
    notified,
    missing: acknowledged.size - notified,
    duplicated: emails - byN.size,
    'in flight at the kill': killedInFlight,
    'duplicates with another Message-ID': duplicatesWithOtherId,
    'failed (health)': last?.outbox?.failed ?? -1,
    'submit phase s': Math.round((submitted - started) / 1000),
    'time to drain s': Math.round((drained - submitted) / 100) / 10,
    'emails received': emails,
  };
}

async function main(): Promise<void> {
  const kinds = storesFrom('NOTIFY_BENCH_STORES');
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage(1)}; ${TOTAL} submissions at ${CONCURRENCY} concurrent per store\n`,
  );
  const results = await runEachStore(kinds, runStore);
  console.log(`\nload average at the end: ${loadAverage(1)}`);
  console.table(results);
  failWhen(
    results,
    (result) => result.missing > 0 || result.duplicated > result['in flight at the kill'],
    'MISSING OR EXTRA notifications',
  );
}

runBenchmark(main);
