/**
 * The benchmark's server process: the real app on a fresh embedded store, and a bare Express
 * endpoint beside it for comparison. Prints the two ports as one JSON line, then serves.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { EmbeddedStore } from '../src/store';
import { seedSharedAssessments } from './seed-assessments';

async function listen(app: express.Express): Promise<number> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-bench-'));
  const base = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', LOG_LEVEL: 'silent' });
  const config = { ...base, uploads: { ...base.uploads, tmpDir: path.join(dataDir, 'tmp') } };
  const store = new EmbeddedStore(dataDir);
  await store.init();
  await seedSharedAssessments(store, Number(process.env.BENCH_ASSESSMENTS ?? 1000));

  const bare = express();
  bare.post('/bare', express.json(), (_req, res) => {
    res.json({ ok: true });
  });
  bare.get('/bare', (_req, res) => {
    res.json({ ok: true });
  });

  // Lets the benchmark sample this process's memory while it serves an upload.
  // With ?gc=1 (and --expose-gc) garbage is collected first, so the figures are live memory.
  bare.get('/memory', (req, res) => {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (req.query.gc === '1' && collect) collect();
    res.json(process.memoryUsage());
  });

  const ports = { api: await listen(createApp({ store, config })), bare: await listen(bare) };
  process.stdout.write(`${JSON.stringify(ports)}\n`);

  process.on('SIGTERM', () => {
    void store
      .close()
      .then(() => fs.rm(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0));
  });
}

void main();
