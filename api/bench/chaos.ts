/**
 * npm run chaos -w api   (not part of npm test; a few minutes per store)
 *
 * 10,000 submissions at 50 concurrent against the real API process, while it is killed with
 * kill -9 and restarted, and while its database is stopped, frozen and restarted; one
 * submission in a hundred is sent a second time with the same Idempotency-Key, as a visitor
 * whose answer was lost would. Clients behave like the site's forms, only more patient: a
 * network error, a client-side timeout or a 5xx is retried with the same key (up to 40 tries,
 * 250 ms apart doubling to 2 s).
 * Then every stored row is counted and matched to what was acknowledged.
 *
 * Runs on the embedded store, and on MongoDB when MONGODB_URI is set. The MongoDB run starts a
 * FerretDB of its own on a free port (the binary .ci/start-ferretdb.sh builds), because the
 * benchmark must stop and restart the database; the database name comes from MONGODB_URI.
 * All traffic goes to 127.0.0.1. Prints acknowledged, stored, lost, duplicated, 5xx and p99.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedSnapshot, MongoStore, type StoredSubmission } from '../src/store';
import { FERRETDB_BIN, OwnFerretDb } from '../test/helpers/ferretdb';
import { freePort } from '../test/helpers/process';
import {
  ApiProcess,
  benchApiEnv,
  chaosSchedule,
  failWhen,
  postContactForm,
  MAX_ATTEMPTS,
  percentile,
  retryPause,
  runBenchmark,
  runEachStore,
  sleep,
  type ChaosStep,
  type StoreKind,
} from './api-process';

const TOTAL = Number(process.env.CHAOS_SUBMISSIONS ?? 10_000);
const CONCURRENCY = Number(process.env.CHAOS_CONCURRENCY ?? 50);
/** Hard stop for one store's run, so the benchmark always ends. */
const RUN_DEADLINE_MS = 45 * 60_000;
const OUTAGE_MS = 3000;

interface Figures {
  store: string;
  sent: number;
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
  'stored, not acknowledged': number;
  'repeats answered 200': string;
  '5xx answers': number;
  'network errors': number;
  'p50 ms': number;
  'p99 ms': number;
  'wall s': number;
  'outages logged': number;
}

async function runStore(kind: StoreKind): Promise<Figures> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `wpc-chaos-${kind}-`));
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const env: Record<string, string> = { ...benchApiEnv(workDir, port), ADMIN_TOKEN: token, RATE_LIMIT_MAX: '0' };
  let ferret: OwnFerretDb | undefined;
  if (kind === 'mongodb') {
    ferret = await OwnFerretDb.create(await freePort());
    await ferret.start();
    const dbName = new URL(process.env.MONGODB_URI!).pathname.slice(1) || 'wpc_chaos';
    env.MONGODB_URI = ferret.uri(`${dbName}_chaos`);
  }
  const logFile = path.join(workDir, 'api.log');
  const api = new ApiProcess(env, logFile, port);
  await api.start();

  const acknowledged = new Set<number>();
  const latencies: number[] = [];
  let fiveXx = 0;
  let networkErrors = 0;
  let repeats = 0;
  let repeatsOk = 0;
  let next = 0;
  const started = Date.now();
  const deadline = started + RUN_DEADLINE_MS;

  const steps: ChaosStep[] = [
    {
      at: 0.25,
      label: 'kill -9 the API and start it again',
      run: async () => {
        await api.kill9();
        await api.start();
      },
    },
    kind === 'mongodb'
      ? {
          at: 0.5,
          label: `stop the database (kill -9) for ${OUTAGE_MS / 1000} s, then start it again`,
          run: async () => {
            await ferret!.kill9();
            await sleep(OUTAGE_MS);
            await ferret!.start();
          },
        }
      : {
          at: 0.5,
          label: `freeze the API and its in-process store (SIGSTOP) for ${OUTAGE_MS / 1000} s`,
          run: async () => {
            await api.freeze();
            await sleep(OUTAGE_MS);
            api.thaw();
          },
        },
    kind === 'mongodb'
      ? {
          at: 0.75,
          label: `freeze the database (SIGSTOP) for ${OUTAGE_MS / 1000} s`,
          run: async () => {
            await ferret!.freeze();
            await sleep(OUTAGE_MS);
            ferret!.thaw();
          },
        }
      : {
          at: 0.75,
          label: 'kill -9 the API and start it again',
          run: async () => {
            await api.kill9();
            await api.start();
          },
        },
  ];
  const chaos = chaosSchedule(steps, TOTAL, kind);

  /** One POST with the attempt's key; the status, or 0 for a network error or client timeout. */
  const send = async (n: number, key: string): Promise<{ status: number; replayed: boolean }> => {
    const t0 = performance.now();
    const res = await postContactForm(port, key, {
      firstName: 'Chaos',
      lastName: `Monkey ${n}`,
      email: `chaos-${n}@example.org`,
      zipCode: '94110',
      message: `Submission ${n} of the chaos run`,
      subscribe: n % 2 === 0,
    });
    if (!res) {
      networkErrors += 1;
      return { status: 0, replayed: false };
    }
    latencies.push(performance.now() - t0);
    if (res.status >= 500) fiveXx += 1;
    return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true' };
  };

  const worker = async () => {
    while (next < TOTAL && Date.now() < deadline) {
      const n = next++;
      const key = randomUUID();
      for (let attempt = 0; attempt < MAX_ATTEMPTS && Date.now() < deadline; attempt += 1) {
        const { status } = await send(n, key);
        if (status === 200) {
          acknowledged.add(n);
          chaos.acknowledged(acknowledged.size);
          break;
        }
        if (status !== 0 && status < 500) throw new Error(`submission ${n} refused with ${status}`);
        await sleep(retryPause(attempt));
      }
      // One in a hundred: the answer "was lost", so the visitor sends the same attempt again.
      if (n % 100 === 0 && acknowledged.has(n)) {
        repeats += 1;
        for (let attempt = 0; attempt < MAX_ATTEMPTS && Date.now() < deadline; attempt += 1) {
          const { status, replayed } = await send(n, key);
          if (status === 200) {
            if (replayed) repeatsOk += 1;
            break;
          }
          await sleep(retryPause(attempt));
        }
      }
    }
  };
  const progress = setInterval(() => {
    console.log(`  [${kind}] ${acknowledged.size} acknowledged, ${fiveXx} 5xx, ${networkErrors} network errors`);
  }, 15_000);
  await Promise.all(Array.from({ length: CONCURRENCY }, worker)).finally(() => clearInterval(progress));
  await chaos.done();
  const wallSeconds = (Date.now() - started) / 1000;
  await api.stop();

  // Count what the store holds, straight from it.
  const rows: StoredSubmission[] = [];
  if (kind === 'mongodb') {
    const store = new MongoStore({ uri: env.MONGODB_URI!, serverSelectionTimeoutMS: 5000 });
    try {
      for await (const row of store.submissions.stream()) rows.push(row);
    } finally {
      await store.close();
    }
  } else {
    for await (const row of new EmbeddedSnapshot(env.DATA_DIR!).submissions.stream()) rows.push(row);
  }
  const storedByN = new Map<number, number>();
  for (const row of rows) {
    const n = Number(/^chaos-(\d+)@/.exec(String(row.fields.email))?.[1]);
    storedByN.set(n, (storedByN.get(n) ?? 0) + 1);
  }
  const lost = [...acknowledged].filter((n) => !storedByN.has(n)).length;
  const notAcknowledged = [...storedByN.keys()].filter((n) => !acknowledged.has(n)).length;
  const outages = (await fs.readFile(logFile, 'utf8'))
    .split('\n')
    .filter((line) => line.includes('store unavailable')).length;

  await ferret?.destroy();
  await fs.rm(workDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    store: kind === 'mongodb' ? 'MongoDB (FerretDB 1.24)' : 'embedded (SQLite)',
    sent: Math.min(next, TOTAL),
    acknowledged: acknowledged.size,
    stored: storedByN.size,
    lost,
    duplicated: rows.length - storedByN.size,
    'stored, not acknowledged': notAcknowledged,
    'repeats answered 200': `${repeatsOk}/${repeats}`,
    '5xx answers': fiveXx,
    'network errors': networkErrors,
    'p50 ms': percentile(latencies, 50),
    'p99 ms': percentile(latencies, 99),
    'wall s': Math.round(wallSeconds),
    'outages logged': outages,
  };
}

async function main(): Promise<void> {
  // CHAOS_STORES=mongodb runs one store only.
  const only = process.env.CHAOS_STORES?.split(',');
  const kinds: StoreKind[] = only?.includes('embedded') === false ? [] : ['embedded'];
  if (only && !only.includes('mongodb')) {
    // the MongoDB run was not asked for
  } else if (process.env.MONGODB_URI) {
    if (existsSync(FERRETDB_BIN)) kinds.push('mongodb');
    else
      console.warn(`SKIPPED the MongoDB run: no FerretDB binary at ${FERRETDB_BIN} (run .ci/start-ferretdb.sh once).`);
  } else {
    console.warn('SKIPPED the MongoDB run: MONGODB_URI is not set.');
  }
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs; ${TOTAL} submissions at ${CONCURRENCY} concurrent per store\n`,
  );
  const results = await runEachStore(kinds, runStore, (kind, result) => {
    if (result.sent < TOTAL)
      console.warn(
        `  [${kind}] the run hit its ${RUN_DEADLINE_MS / 60_000}-minute limit after ${result.sent} submissions`,
      );
  });
  console.log();
  console.table(results);
  failWhen(results, (result) => result.lost > 0 || result.duplicated > 0, 'LOST OR DUPLICATED submissions');
}

runBenchmark(main);
