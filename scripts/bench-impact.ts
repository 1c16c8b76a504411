/**
 * npm run bench:impact [MONGODB_URI=...] (BENCH_IMPACT_ONLY=edge for the edge's part alone,
 * BENCH_IMPACT_ONLY=stores for the reports' part alone)
 * Issue 40's benchmark, figures only (no timed assertions):
 * 1. each store (embedded; MongoDB/FerretDB when MONGODB_URI is set) seeded with a year of
 *    counters at BENCH_IMPACT_VIEWS (50,000) views a day, the key mix of a site of ~30 pages,
 *    then rolled up as the hourly housekeeping does; the median of BENCH_IMPACT_RUNS (7) reports
 *    per period (7, 30, 90, 365 days and a custom one of 211 days ending 40 days ago), and the
 *    store's growth per million views;
 * 2. the node edge's p99 under 50 connections with counting on and off, in one run (autocannon,
 *    BENCH_IMPACT_SECONDS each, alternated BENCH_IMPACT_EDGE_ROUNDS (2) times), the API in a process
 *    of its own on an embedded store.
 * The counters are seeded as the record's day documents (records/impact/rollup.ts), one
 * process's (or with BENCH_IMPACT_SEED=old as 08a48d7 wrote them, a document per counter), in
 * bulk, since a year through the counting path would take hours on FerretDB; the roll-up and the
 * reports go through the record as the housekeeping and the console do.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Database } from 'better-sqlite3';
import express from 'express';
import type { Db } from 'mongodb';
import { FORMS } from '@wpc/shared/schemas';
import { IMPACT_OUTCOMES, type ImpactQuery } from '@wpc/shared/team/impact-schemas';
import { edgeCounting } from '../shell/server/impact';
import { freePort } from '../api/test/helpers/process';
import { ApiProcess, loadAverage } from '../api/bench/api-process';
import type { DatabaseClient } from '../api/src/db/client';
import { impactReport } from '../api/src/impact/report';
import { IMPACT_COLLECTIONS, IMPACT_COUNTERS, IMPACT_DAYS } from '../api/src/records/impact/record';
import { EmbeddedStore, MongoStore, type Store } from '../api/src/store';

const VIEWS_PER_DAY = Number(process.env.BENCH_IMPACT_VIEWS ?? 50_000);
const RUNS = Number(process.env.BENCH_IMPACT_RUNS ?? 7);
const SECONDS = Number(process.env.BENCH_IMPACT_SECONDS ?? 10);
/** BENCH_IMPACT_SEED=old: the year as 08a48d7 wrote it, so the roll-up's first run moves it. */
const OLD_SEED = process.env.BENCH_IMPACT_SEED === 'old';
/** The edge's rounds, off then on in each: the load on a shared machine moves between them. */
const EDGE_ROUNDS = Number(process.env.BENCH_IMPACT_EDGE_ROUNDS ?? 2);
const DAYS = 365;
const TODAY = new Date();
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const ROUTES = Array.from({ length: 30 }, (_, i) => (i === 0 ? '/' : `/page-${i}`));
const REFERRERS = [
  '(direct)',
  'google.com',
  'bing.com',
  'duckduckgo.com',
  'facebook.com',
  'linkedin.com',
  'unknown',
  ...Array.from({ length: 33 }, (_, i) => `site-${i}.example`),
];
const CAMPAIGNS = Array.from({ length: 12 }, (_, i) => `source-${i % 4}|medium-${i % 3}|campaign-${i}`);

/** One day's counters as the counting path makes them: "metric|dim|value" and its count. */
function dayCounters(): Record<string, number> {
  const views = Math.round(VIEWS_PER_DAY * (0.8 + Math.random() * 0.4));
  const share = (i: number, of: number) => Math.max(1, Math.round((views / of) * (1 / (1 + i)) * 2));
  const keys: [string, string, string, number][] = [
    ['view', 'all', '', views],
    ['visitor', 'all', '', Math.round(views * 0.4)],
    ...ROUTES.map((route, i) => ['view', 'route', route, share(i, ROUTES.length)] as [string, string, string, number]),
    ...REFERRERS.map(
      (domain, i) => ['view', 'referrer', domain, share(i, REFERRERS.length)] as [string, string, string, number],
    ),
    ...CAMPAIGNS.map(
      (campaign, i) => ['view', 'campaign', campaign, share(i, 200)] as [string, string, string, number],
    ),
    ...['desktop', 'tablet', 'mobile'].map(
      (device, i) => ['view', 'device', device, share(i, 3)] as [string, string, string, number],
    ),
    ...IMPACT_OUTCOMES.map((outcome, i) => [outcome, 'all', '', share(i, 100)] as [string, string, string, number]),
    ...Object.keys(FORMS).flatMap((form, i) => [
      ['form-opened', 'form', form, share(i, 200)] as [string, string, string, number],
      ['form-sent', 'form', form, share(i, 1000)] as [string, string, string, number],
    ]),
    ...['06075', '06037', '41051', '53033'].map(
      (fips) => ['reach:download', 'county', fips, 3] as [string, string, string, number],
    ),
    ...['CA', 'OR', 'WA'].map((state) => ['reach:download', 'state', state, 4] as [string, string, string, number]),
  ];
  return Object.fromEntries(keys.map(([metric, dim, value, n]) => [[metric, dim, value].join('|'), n]));
}

function rawClient(store: Store): DatabaseClient<object> {
  let raw: DatabaseClient<object> | undefined;
  store.over((client) => {
    raw = client as DatabaseClient<object>;
    return client;
  });
  return raw!;
}

/** The day's counters as 08a48d7 wrote them, a document each (`day|metric|dim|writer|value`). */
async function seedOld(store: Store, handle: object, day: string, counters: Record<string, number>): Promise<void> {
  const rows = Object.entries(counters).map(([text, n]) => {
    const [metric, dim, ...value] = text.split('|');
    return { _id: [day, metric, dim, 'bench', ...value].join('|'), n };
  });
  if (store.kind === 'embedded') {
    const db = handle as Database;
    const insert = db.prepare(`INSERT INTO "${IMPACT_COUNTERS.name}" (id, doc) VALUES (?, ?)`);
    db.transaction(() => rows.forEach(({ _id, n }) => insert.run(_id, JSON.stringify({ n }))))();
  } else
    await (handle as Db)
      .collection(IMPACT_COUNTERS.name)
      .insertMany(rows.map(({ _id, n }) => ({ _id: _id as never, n })));
}

async function seed(store: Store): Promise<number> {
  const days = Array.from({ length: DAYS }, (_, i) => dayOf(TODAY.getTime() - i * DAY_MS));
  let documents = 0;
  await rawClient(store).unbounded('seed', async (handle) => {
    for (const day of days) {
      const counters = dayCounters();
      documents += Object.keys(counters).length;
      if (OLD_SEED) {
        await seedOld(store, handle, day, counters);
        continue;
      }
      const _id = `${day}|bench`;
      const c = JSON.stringify(counters);
      if (store.kind === 'embedded')
        (handle as Database)
          .prepare(`INSERT INTO "${IMPACT_DAYS.name}" (id, doc) VALUES (?, ?)`)
          .run(_id, JSON.stringify({ c }));
      else await (handle as Db).collection(IMPACT_DAYS.name).insertOne({ _id: _id as never, c });
    }
  });
  return documents;
}

async function storeBytes(store: Store): Promise<number> {
  return rawClient(store).run('size', async (handle) => {
    if (store.kind === 'embedded') {
      const db = handle as Database;
      db.pragma('wal_checkpoint(TRUNCATE)');
      // Pages in use: the rolled-up days' pages are free for the next ones.
      const pages =
        (db.pragma('page_count', { simple: true }) as number) -
        (db.pragma('freelist_count', { simple: true }) as number);
      return pages * (db.pragma('page_size', { simple: true }) as number);
    }
    let bytes = 0;
    for (const { name } of IMPACT_COLLECTIONS) {
      const stats = await (handle as Db).command({ collStats: name });
      bytes += Number(stats.size ?? stats.storageSize ?? 0);
    }
    return bytes;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function reportTimes(store: Store): Promise<Record<string, number>> {
  const sources = {
    impact: store.impact,
    listCounts: () => store.subscriptions.counts(),
    update: () => Promise.resolve(null),
  };
  const custom: ImpactQuery = {
    period: 'custom',
    from: dayOf(TODAY.getTime() - 250 * DAY_MS),
    to: dayOf(TODAY.getTime() - 40 * DAY_MS),
  };
  const queries: ImpactQuery[] = [{ period: '7d' }, { period: '30d' }, { period: '90d' }, { period: '365d' }, custom];
  const times: Record<string, number> = {};
  for (const query of queries) {
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await impactReport(sources, query, TODAY);
      runs.push(performance.now() - started);
    }
    times[query.period] = Math.round(median(runs));
  }
  return times;
}

/** A counting process's flush: one read and one write of its day, here with the seeded day's keys. */
async function flushTime(store: Store): Promise<number> {
  const every = Object.keys(dayCounters()).map((text) => {
    const [metric = '', dim = '', ...value] = text.split('|');
    return { key: { metric, dim, value: value.join('|') }, by: 1 };
  });
  // This process's day holds every key already, as it does by the afternoon.
  await store.impact.add(dayOf(TODAY.getTime()), every);
  const increments = every.slice(0, 20);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await store.impact.add(dayOf(TODAY.getTime()), increments);
    runs.push(performance.now() - started);
  }
  return Math.round(median(runs));
}

async function benchStore(name: string, store: Store): Promise<void> {
  await store.init();
  const empty = await storeBytes(store);
  const started = performance.now();
  const documents = await seed(store);
  const seededIn = performance.now() - started;
  const rollUpStarted = performance.now();
  const rolled = await store.impact.rollUp(dayOf(TODAY.getTime()));
  console.log(
    `${name}: roll-up wrote ${rolled} months and moved days in ${Math.round(performance.now() - rollUpStarted)} ms`,
  );
  const seeded = await storeBytes(store);
  const perMillion = ((seeded - empty) / (DAYS * VIEWS_PER_DAY)) * 1_000_000;
  console.log(
    `${name}: seeded ${documents.toLocaleString('en')} counters (${DAYS} days, ${VIEWS_PER_DAY.toLocaleString('en')} views a day) in ${Math.round(seededIn / 1000)} s; ` +
      `store +${(seeded - empty) / 1e6 > 0 ? ((seeded - empty) / 1e6).toFixed(1) : 0} MB = ${(perMillion / 1e3).toFixed(1)} KB per million views`,
  );
  console.log(`${name}: median report time (ms, ${RUNS} runs):`, await reportTimes(store));
  console.log(`${name}: median flush (ms, ${RUNS} runs of 20 counters into today's day):`, await flushTime(store));
  console.log(`${name}: load average (1, 5, 15 min): ${loadAverage()}`);
}

async function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function benchEdge(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-bench-impact-edge-'));
  // The API in a process of its own, as deployed: the edge pays only for its call.
  const port = await freePort();
  const apiProcess = new ApiProcess(
    { API_PORT: String(port), DATA_DIR: dir, SITE_ORIGIN: 'https://wildfire.example', LOG_LEVEL: 'silent' },
    path.join(dir, 'api.log'),
    port,
  );
  await apiProcess.start();
  const api = { url: `http://127.0.0.1:${port}`, close: () => apiProcess.stop() };
  const page = `<!doctype html><html><body>${'<p>The scorecard.</p>'.repeat(1000)}</body></html>`;
  const edgeWith = (enabled: boolean) => {
    const counting = edgeCounting(api.url, enabled);
    const app = express();
    app.get(/.*/, (req, res) => counting.pages(req, res, () => res.type('html').send(page)));
    return listen(app).then(({ url, close }) => ({ url, close: () => close().then(counting.close) }));
  };
  const on = await edgeWith(true);
  const off = await edgeWith(false);
  const p99: Record<'on' | 'off', number[]> = { on: [], off: [] };
  for (let round = 1; round <= EDGE_ROUNDS; round += 1)
    for (const [name, edge] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const result = await autocannon({
        url: `${edge.url}/scorecard`,
        connections: 50,
        duration: SECONDS,
        headers: { 'user-agent': 'Mozilla/5.0 bench' },
      });
      p99[name].push(result.latency.p99);
      console.log(
        `edge, counting ${name} (round ${round}): p99 ${result.latency.p99} ms, p50 ${result.latency.p50} ms, ${result.requests.total} requests, ${result.non2xx} non-2xx`,
      );
    }
  console.log(`load average (1, 5, 15 min): ${loadAverage()}`);
  console.log(
    `edge p99, counting on - off: ${(median(p99.on) - median(p99.off)).toFixed(1)} ms (medians of ${p99.on.length} rounds each)`,
  );
  // The edges first: closing sends their last batch to the API.
  await Promise.all([on.close(), off.close()]);
  await api.close();
  await fs.rm(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (process.env.BENCH_IMPACT_ONLY === 'edge') return benchEdge();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-bench-impact-'));
  const embedded = new EmbeddedStore(dir);
  try {
    await benchStore('embedded', embedded);
  } finally {
    await embedded.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  if (process.env.MONGODB_URI) {
    const mongo = new MongoStore({
      uri: process.env.MONGODB_URI,
      dbName: `wpc_bench_impact_${process.pid}`,
      serverSelectionTimeoutMS: 5000,
    });
    try {
      await benchStore('mongodb', mongo);
    } finally {
      await mongo.dropDatabase();
      await mongo.close();
    }
  } else console.log('mongodb: skipped (set MONGODB_URI)');
  if (process.env.BENCH_IMPACT_ONLY !== 'stores') await benchEdge();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
