/**
 * npm run bench:updates   (not part of npm test; a few minutes per store)
 *
 * 10,000 confirmed subscribers of "Scorecard updates" receive one update, sent by the real API
 * process (the console's routes, the update sender, the mail worker's update lane) to a real SMTP
 * server on this machine (test-support/smtp). Once 2,000 have arrived the API is killed with
 * kill -9 and started again; once 5,000 have arrived the SMTP server is stopped for 30 s.
 * Then it waits until the update is sent (every delivery settled) and matches the emails
 * received to the subscribers.
 *
 * Prints messages per second (sending, outage and restart included), time to drain, missing,
 * duplicated and, on the embedded store, the deliveries in flight at the kill (claimed and not yet
 * recorded: the only ones that may be sent twice, at most UPDATE_MAX_IN_FLIGHT). Goal: 0 missing,
 * 0 duplicated, 10,000 delivered in under 5 minutes on the embedded store; it fails on any missing,
 * or on more duplicates than could have been in flight at the kill.
 *
 * Runs on the embedded store, and on MongoDB when MONGODB_URI is set (in a database of its own,
 * dropped afterwards). UPDATES_BENCH_SUBSCRIBERS, UPDATES_BENCH_RATE (UPDATES_RATE of the API,
 * default 100 per second), UPDATES_BENCH_STORES (embedded,mongodb) and UPDATES_BENCH_OUTAGE_MS
 * adjust it. All traffic stays on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedStore, MongoStore, type Store } from '../src/store';
import { UPDATE_MAX_IN_FLIGHT } from '../src/updates/sender';
import { addressHash, newSecret } from '../src/records/subscriptions/address';
import { TestSmtpServer, type ReceivedMail } from '../../test-support/smtp/server';
import { freePort } from '../test/helpers/process';
import {
  ApiProcess,
  benchApiEnv,
  failWhen,
  loadAverage,
  runBenchmark,
  runEachStore,
  sleep,
  storesFrom,
  type StoreKind,
} from './api-process';

const TOTAL = Number(process.env.UPDATES_BENCH_SUBSCRIBERS ?? 10_000);
const RATE = Number(process.env.UPDATES_BENCH_RATE ?? 100);
const SMTP_OUTAGE_MS = Number(process.env.UPDATES_BENCH_OUTAGE_MS ?? 30_000);
const KILL_AT = Math.round(TOTAL * 0.2);
const OUTAGE_AT = Math.round(TOTAL * 0.5);
const DRAIN_DEADLINE_MS = 30 * 60_000;
const TEAM = 'bench-editor@consortium.test';
const SUBJECT = `Benchmark update ${randomBytes(3).toString('hex')}`;
/**
 * A killed API's claims run out after this on MongoDB; the embedded store frees them at start. It
 * must outlast the slowest send SMTP_TIMEOUT_MS allows (2 × (2 + 2 + 5 × 2) s = 28 s; the API
 * refuses to start otherwise).
 */
const LEASE_MS = 30_000;
const SMTP_TIMEOUT_MS = 2000;

interface Figures {
  store: string;
  subscribers: number;
  delivered: number;
  missing: number;
  duplicated: number;
  'in flight at the kill': number | string;
  'failed (counts)': number;
  'seed s': number;
  'time to drain s': number;
  'messages per second': number;
  'Subscribers page ms (first, next)': string;
}

const address = (n: number) => `reader-${n}@example.org`;

/** 10,000 confirmed subscribers, written straight to the store (the API is not running yet). */
async function seed(store: Store): Promise<void> {
  const now = new Date();
  for (let n = 0; n < TOTAL; n += 1) {
    const email = address(n);
    await store.subscriptions.change(addressHash(email), () => ({
      id: addressHash(email),
      email,
      secret: newSecret(),
      lists: { scorecard: { state: 'confirmed', since: now, confirmedAt: now } },
      consents: [],
      confirmationsSent: [],
      createdAt: now,
      version: 0,
    }));
  }
}

/** Signs the benchmark's editor in from the emailed link; answers the cookie and CSRF token. */
async function signIn(port: number, smtp: TestSmtpServer) {
  const base = `http://127.0.0.1:${port}/api/team`;
  const isLink = (mail: ReceivedMail) => mail.envelope.to.includes(TEAM);
  await fetch(`${base}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: TEAM }),
  });
  const [mail] = await smtp.waitForMessages(1, { filter: isLink, timeoutMs: 30_000 });
  const token = /\/team\/sign-in#token=([A-Za-z0-9_-]{43})/.exec(mail!.text ?? '')?.[1];
  const res = await fetch(`${base}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const cookie = String(res.headers.get('set-cookie')).split(';')[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

async function runStore(kind: StoreKind): Promise<Figures> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `wpc-updates-bench-${kind}-`));
  const smtp = new TestSmtpServer();
  await smtp.start();
  const port = await freePort();
  const env: Record<string, string> = {
    ...benchApiEnv(workDir, port),
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'team-inbox@consortium.test',
    TEAM_EMAILS: TEAM,
    SITE_ORIGIN: 'https://wildfire.example',
    NOTIFY_LEASE_MS: String(LEASE_MS),
    SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
    UPDATES_RATE: String(RATE),
  };
  const store =
    kind === 'mongodb'
      ? new MongoStore({
          uri: process.env.MONGODB_URI!,
          dbName: (env.MONGODB_DB = `wpc_updates_bench_${randomBytes(4).toString('hex')}`),
        })
      : new EmbeddedStore(env.DATA_DIR!);
  if (kind === 'mongodb') env.MONGODB_URI = process.env.MONGODB_URI!;
  const seedStarted = Date.now();
  await store.init();
  await seed(store);
  await store.close();
  const seedSeconds = Math.round((Date.now() - seedStarted) / 1000);
  console.log(`  [${kind}] ${TOTAL} subscribers seeded in ${seedSeconds} s`);

  const api = new ApiProcess(env, path.join(workDir, 'api.log'), port);
  await api.start();
  const team = await signIn(port, smtp);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/team${url}`, {
      method,
      headers: { Cookie: team.cookie, 'X-CSRF-Token': team.csrfToken, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return (await res.json()) as { id: string; state: string; counts: Record<string, number> };
  };
  // The console's Subscribers page (counts per list and suppressed): its first visit counts every
  // subscriber; later visits read the tallies kept since.
  const subscribersPage = async () => {
    const asked = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/team/subscribers`, { headers: { Cookie: team.cookie } });
    if (res.status !== 200) throw new Error(`the Subscribers page answered ${res.status}: ${await res.text()}`);
    return Date.now() - asked;
  };
  const pageTimes = `${await subscribersPage()}, ${await subscribersPage()}`;
  const { id } = await call('POST', '/updates', {
    subject: SUBJECT,
    body: 'The 2027 **Scorecard** opens in March.',
    list: 'scorecard',
  });
  const started = Date.now();
  const sending = await call('POST', `/updates/${id}/send`, {});
  if (sending.state !== 'sending') throw new Error(`the update was not sent: ${JSON.stringify(sending)}`);
  const received = () => smtp.messages.filter((mail) => mail.subject === SUBJECT).length;
  const progress = setInterval(() => console.log(`  [${kind}] ${received()} received`), 15_000);

  const until = async (count: number) => {
    while (received() < count && Date.now() - started < DRAIN_DEADLINE_MS) await sleep(20);
  };
  await until(KILL_AT);
  await api.kill9();
  let inFlight: number | string = 'n/a (claim tickets expire)';
  if (kind === 'embedded') {
    const reopened = new EmbeddedStore(env.DATA_DIR!);
    await reopened.init();
    inFlight = (await reopened.deliveries.queue.releaseLeases?.(new Date())) ?? 0;
    await reopened.close();
  }
  console.log(`  [${kind}] killed the API at ${received()} received; ${inFlight} in flight`);
  await api.start();
  await until(OUTAGE_AT);
  await smtp.stop();
  console.log(`  [${kind}] SMTP stopped for ${SMTP_OUTAGE_MS / 1000} s at ${received()} received`);
  await sleep(SMTP_OUTAGE_MS);
  await smtp.start();

  let last = { state: '', counts: {} as Record<string, number> };
  while (Date.now() - started < DRAIN_DEADLINE_MS) {
    // A busy store may answer 503 (or not in time): the last counts stand until the next answer.
    const answer = await call('GET', `/updates/${id}`).catch(() => undefined);
    if (answer?.counts) last = answer;
    if (last.state === 'sent') break;
    await sleep(500);
  }
  const drained = Date.now();
  clearInterval(progress);
  await sleep(3000); // late duplicates would arrive now, if any
  await api.stop();
  await smtp.stop();

  const perAddress = new Map<string, number>();
  for (const mail of smtp.messages) {
    if (mail.subject !== SUBJECT) continue;
    for (const to of mail.envelope.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  }
  const delivered = [...Array(TOTAL).keys()].filter((n) => perAddress.has(address(n))).length;
  const emails = [...perAddress.values()].reduce((sum, count) => sum + count, 0);

  if (kind === 'mongodb') {
    const cleanup = new MongoStore({ uri: env.MONGODB_URI!, dbName: env.MONGODB_DB });
    await cleanup.dropDatabase().catch(() => undefined);
    await cleanup.close();
  }
  await fs.rm(workDir, { recursive: true, force: true });
  const seconds = (drained - started) / 1000;
  return {
    store: kind === 'mongodb' ? 'MongoDB wire (FerretDB 1.24)' : 'embedded (SQLite)',
    subscribers: TOTAL,
    delivered,
    missing: TOTAL - delivered,
    duplicated: emails - perAddress.size,
    'in flight at the kill': inFlight,
    'failed (counts)': last.counts.failed ?? -1,
    'seed s': seedSeconds,
    'time to drain s': Math.round(seconds * 10) / 10,
    'messages per second': Math.round((delivered / seconds) * 10) / 10,
    'Subscribers page ms (first, next)': pageTimes,
  };
}

async function main(): Promise<void> {
  const kinds = storesFrom('UPDATES_BENCH_STORES');
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage(1)}; ${TOTAL} subscribers, UPDATES_RATE ${RATE}/s\n`,
  );
  const results = await runEachStore(kinds, runStore);
  console.log(`\nload average at the end: ${loadAverage(1)}`);
  console.table(results);
  // A kill -9 between the SMTP server's "accepted" and the store's "sent" is the one way to send
  // twice; the update lane has at most UPDATE_MAX_IN_FLIGHT emails in that window.
  failWhen(
    results,
    (result) => result.missing > 0 || result.duplicated > UPDATE_MAX_IN_FLIGHT,
    'MISSING OR DUPLICATED updates',
  );
}

runBenchmark(main);
