/**
 * The benchmark's server process: the real app on a fresh embedded store (or, with
 * BENCH_MONGODB_URI, a fresh database on that MongoDB server), and a bare Express
 * endpoint beside it for comparison. Prints the two ports as one JSON line on fd 3, then serves.
 * The app runs as deployed: request and submission logs at info (to stdout, which the benchmark
 * points at /dev/null: the lines are still built and written) and the rate limiter counting every
 * request (with a limit the load never reaches, since it all comes from one address).
 */
import { writeSync } from 'node:fs';
import { Session } from 'node:inspector';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { EmbeddedStore, MongoStore } from '../src/store';
import { seedSharedAssessments } from './seed-assessments';

async function listen(app: express.Express): Promise<number> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * With a file name (profile-submit.ts), samples the CPU from SIGUSR2 on, so the profile holds the
 * load only (not tsx compiling or the seeding), and writes it there on stop().
 */
function profiler(file: string | undefined) {
  const session = new Session();
  const post = <T>(method: string): Promise<T> =>
    new Promise((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  let started: Promise<unknown> | undefined;
  if (file) {
    process.on('SIGUSR2', () => {
      session.connect();
      started = post('Profiler.enable').then(() => post('Profiler.start'));
    });
  }
  return {
    async stop(): Promise<void> {
      if (!file || !started) return;
      await started;
      const { profile } = await post<{ profile: unknown }>('Profiler.stop');
      await fs.writeFile(file, JSON.stringify(profile));
    },
  };
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-bench-'));
  const base = loadConfig({
    NODE_ENV: 'production',
    // Production refuses to start without the origin its emails link to; the bench sends none.
    SITE_ORIGIN: 'https://www.example.org',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  const config = { ...base, uploads: { ...base.uploads, tmpDir: path.join(dataDir, 'tmp') } };
  const mongoUri = process.env.BENCH_MONGODB_URI;
  const store = mongoUri
    ? new MongoStore({
        uri: mongoUri,
        dbName: `wpc_bench_${process.pid}`,
        serverSelectionTimeoutMS: config.storeTimeoutMs,
      })
    : new EmbeddedStore(dataDir);
  await store.init();
  await seedSharedAssessments(store, Number(process.env.BENCH_ASSESSMENTS ?? 1000));

  const bare = express();
  bare.post('/bare', express.json(), (_req, res) => {
    res.json({ ok: true });
  });
  bare.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });

  // The process's CPU time, so the benchmark can tell what one request costs.
  bare.get('/cpu', (_req, res) => {
    res.json(process.cpuUsage());
  });

  // How many submissions the store holds: what the wire bench compares with the answers it got.
  bare.get('/stored', async (_req, res) => {
    let count = 0;
    for await (const _ of store.submissions.stream()) count += 1;
    res.json({ count });
  });

  // Lets the benchmark sample this process's memory while it serves an upload.
  // With ?gc=1 (and --expose-gc) garbage is collected first, so the figures are live memory.
  bare.get('/memory', (req, res) => {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (req.query.gc === '1' && collect) collect();
    res.json(process.memoryUsage());
  });

  const ports = { api: await listen(createApp({ store, config })), bare: await listen(bare) };
  // fd 3, not stdout: stdout carries the API's logs.
  writeSync(3, `${JSON.stringify(ports)}\n`);

  const profile = profiler(process.env.BENCH_PROFILE_FILE);
  process.on('SIGTERM', () => {
    void profile
      .stop()
      .then(() => (store instanceof MongoStore ? store.dropDatabase() : undefined))
      .then(() => store.close())
      .then(() => fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 }))
      .then(() => process.exit(0));
  });
}

void main();
