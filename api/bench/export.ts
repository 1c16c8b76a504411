/**
 * npm run bench:export -w api   (BENCH_ROWS=100000 by default)
 *
 * Stores BENCH_ROWS submissions, starts the real API process on them and exports them in full
 * through GET /api/admin/submissions: as JSON, as CSV, and in pages of 10,000 with the `after`
 * cursor. Prints rows, bytes, time and the API's memory (RSS before and at its peak while
 * exporting). Embedded store always; MongoDB too when MONGODB_URI is set (a database of its
 * own on that server, dropped afterwards). All traffic goes to 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { freePort } from '../test/helpers/process';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PAGE = 10_000;
const API_DIR = path.resolve(__dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** One submission as the API would store it; every 7th shares its receivedAt with the one before. */
function row(n: number) {
  return {
    form: n % 3 === 0 ? 'download' : 'contact',
    variant: n % 3 === 0 ? 'download' : 'contact',
    fields: {
      firstName: 'Bench',
      lastName: `Row ${n}`,
      email: `bench-${n}@example.org`,
      organization: 'Fire Safe Council of Somewhere',
      zipCode: '94110',
      message: `Row ${n}; with "quotes", commas, and =formula-looking text`,
      subscribe: n % 2 === 0,
    },
    files: [],
    page: '/contact-us',
    receivedAt: new Date(Date.UTC(2025, 0, 1) + (n - (n % 7 === 0 ? 1 : 0)) * 1000),
  };
}

/**
 * A document as a line of the NeDB data files of earlier versions ({"$$date": ms} for a Date):
 * the API imports them at start, so the seeding is quick and the import is measured too.
 */
function nedbLine(doc: object): string {
  return JSON.stringify(doc, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $$date: raw.getTime() } : value;
  });
}

async function seedEmbedded(dataDir: string): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = await fs.open(path.join(dataDir, 'submissions.db'), 'w', 0o600);
  try {
    let chunk = '';
    for (let n = 0; n < ROWS; n += 1) {
      chunk += `${nedbLine({ _id: randomBytes(8).toString('hex'), ...row(n) })}\n`;
      if (chunk.length > 1 << 20) {
        await file.write(chunk);
        chunk = '';
      }
    }
    await file.write(chunk);
  } finally {
    await file.close();
  }
}

async function seedMongo(uri: string): Promise<() => Promise<void>> {
  const client = new MongoClient(uri);
  const db = client.db();
  const collection = db.collection('submissions');
  for (let n = 0; n < ROWS; n += 5000) {
    await collection.insertMany(Array.from({ length: Math.min(5000, ROWS - n) }, (_, i) => row(n + i)));
  }
  return async () => {
    await db.dropDatabase();
    await client.close();
  };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function exportOnce(port: number, token: string, pid: number, query: string) {
  const before = rssOf(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssOf(pid));
      await sleep(50);
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/submissions?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let last = '';
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    bytes += chunk.length;
    const text = last + decoder.decode(chunk, { stream: true });
    const parts = text.split('\n');
    last = parts.pop()!;
    lines += parts.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  sampling = false;
  await sampler;
  return { bytes, lines, seconds, before, peak };
}

async function measure(kind: string, env: Record<string, string>) {
  const port = await freePort();
  const token = randomBytes(24).toString('hex');
  const clean = { ...process.env };
  delete clean.MONGODB_URI;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...clean, ...env, API_PORT: String(port), ADMIN_TOKEN: token, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i += 1) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 1200) throw new Error('the API did not become healthy');
      await sleep(100);
    }
    const pid = child.pid!;
    const results: Record<string, string | number>[] = [];
    // One row per line, less the JSON's "[" and "]" lines or the CSV's header.
    for (const { format, label, framing } of [
      { format: 'json', label: 'JSON, all rows', framing: 2 },
      { format: 'csv', label: 'CSV, all rows', framing: 1 },
    ]) {
      const run = await exportOnce(port, token, pid, `format=${format}`);
      results.push({
        store: kind,
        export: label,
        rows: run.lines - framing,
        MB: mb(run.bytes),
        s: run.seconds.toFixed(1),
        'RSS before MB': mb(run.before),
        'RSS peak MB': mb(run.peak),
      });
    }

    // Pages: resume after the last id of each page.
    let after = '';
    let rows = 0;
    let pages = 0;
    let peak = 0;
    const before = rssOf(pid);
    const t0 = performance.now();
    const ids = new Set<string>();
    for (;;) {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/admin/submissions?limit=${PAGE}${after ? `&after=${after}` : ''}`,
        {
          headers: { Authorization: `Bearer ${token}` },
        },
      );
      const page = (await res.json()) as { id: string }[];
      peak = Math.max(peak, rssOf(pid));
      if (page.length === 0) break;
      for (const item of page) ids.add(item.id);
      rows += page.length;
      pages += 1;
      after = page.at(-1)!.id;
    }
    results.push({
      store: kind,
      export: `JSON, ${pages} pages of ${PAGE} (after=)`,
      rows: `${rows} (${ids.size} distinct)`,
      MB: '',
      s: ((performance.now() - t0) / 1000).toFixed(1),
      'RSS before MB': mb(before),
      'RSS peak MB': mb(peak),
    });
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs; ${ROWS} stored submissions per store\n`);
  const table: Record<string, string | number>[] = [];

  // BENCH_STORES=mongodb runs one store only.
  const only = process.env.BENCH_STORES?.split(',');
  if (only?.includes('embedded') !== false) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-export-bench-'));
    try {
      const dataDir = path.join(dir, 'data');
      await seedEmbedded(dataDir);
      table.push(...(await measure('embedded', { DATA_DIR: dataDir, UPLOAD_TMP_DIR: path.join(dir, 'tmp') })));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  const base = process.env.MONGODB_URI;
  if (only && !only.includes('mongodb')) {
    // the MongoDB run was not asked for
  } else if (base) {
    const url = new URL(base);
    url.pathname = `/wpc_export_bench_${randomBytes(4).toString('hex')}`;
    const drop = await seedMongo(url.toString());
    try {
      table.push(
        ...(await measure('mongodb', { MONGODB_URI: url.toString(), DATA_DIR: path.join(os.tmpdir(), 'unused') })),
      );
    } finally {
      await drop();
    }
  } else {
    console.warn('SKIPPED the MongoDB run: MONGODB_URI is not set.');
  }
  console.table(table);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
