/**
 * npm run bench -w api
 * 1. req/s and p99 latency of a valid JSON submission on the embedded store (with an
 *    Idempotency-Key, logs at info, rate limiter on, as deployed), next to a bare Express JSON
 *    endpoint in the same server process;
 * 2. the server's RSS and Buffer memory while a 20 MB file is uploaded (streamed, never held whole);
 * 3. req/s of GET /api/assessment-benchmarks with 1,000 shared self-assessments stored (the
 *    aggregate is cached for a minute), next to a bare Express GET endpoint in the same process.
 * The server runs in a child process so the load generator does not share its event loop or memory.
 * BENCH_SUBMIT_ONLY=1 runs part 1 only. BENCH_MONGODB_URI runs the app on a fresh database of that
 * MongoDB server (FerretDB here) instead; BENCH_AMOUNT=10000 sends that many submissions instead of
 * running for a time, and prints their answers by status and how many the store then holds (the
 * issue 39 probe: BENCH_AMOUNT=10000 BENCH_CONNECTIONS=50 BENCH_SUBMIT_ONLY=1). Where the submit endpoint's time goes: npm run bench:profile -w api.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import type { Readable } from 'node:stream';
import path from 'node:path';
import autocannon from 'autocannon';
import { ASSESSMENT_BENCHMARKS_PATH, endpointPath, FEEDBACK_MAX_FILE_BYTES } from '@wpc/shared/schemas';
import { BENCH_SUBMISSION, KEYED_HEADERS } from './submission';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const AMOUNT = process.env.BENCH_AMOUNT ? Number(process.env.BENCH_AMOUNT) : undefined;
const STORE = process.env.BENCH_MONGODB_URI ? 'MongoDB wire' : 'embedded store';
const UPLOAD_RUNS = 3;

function startServer(): Promise<{ api: number; bare: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'server.ts')], {
    cwd: path.resolve(__dirname, '..'),
    // The API's logs (stdout) are written as in production, to /dev/null; the ports come on fd 3.
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
    env: process.env,
  });
  const ports = child.stdio[3] as Readable;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    ports.once('data', (chunk: Buffer) => {
      const ports = JSON.parse(chunk.toString()) as { api: number; bare: number };
      resolve({ ...ports, stop: () => child.kill('SIGTERM') });
    });
  });
}

interface Memory {
  rss: number;
  arrayBuffers: number;
}

/** The server process's CPU time so far (µs), from the bare app's /cpu endpoint. */
async function serverCpu(barePort: number): Promise<NodeJS.CpuUsage> {
  const res = await fetch(`http://127.0.0.1:${barePort}/cpu`);
  return (await res.json()) as NodeJS.CpuUsage;
}

async function storedCount(barePort: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${barePort}/stored`);
  return ((await res.json()) as { count: number }).count;
}

async function memory(port: number, collect: boolean): Promise<Memory> {
  const res = await fetch(`http://127.0.0.1:${port}/memory${collect ? '?gc=1' : ''}`);
  return (await res.json()) as Memory;
}

/** The machine is shared: figures mean little without how busy it was. */
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * POSTs the submission; with `keyed`, as the site's forms send it: each request with its own
 * Idempotency-Key (autocannon puts a fresh id in place of [<id>]). The bare endpoint is sent the
 * same body without one, since rebuilding every request costs the load generator time on the
 * cores the server uses too (the bare figure would drop).
 */
async function load(url: string, keyed: boolean, barePort: number) {
  const options = {
    url,
    method: 'POST' as const,
    headers: keyed ? KEYED_HEADERS : { 'content-type': 'application/json' },
    body: BENCH_SUBMISSION,
    idReplacement: keyed,
    connections: CONNECTIONS,
  };
  // A counted run stores exactly its amount: no warm-up.
  if (!AMOUNT) await autocannon({ ...options, duration: 2 });
  const before = await serverCpu(barePort);
  const started = performance.now();
  const result = await autocannon({ ...options, ...(AMOUNT ? { amount: AMOUNT } : { duration: DURATION_S }) });
  const seconds = (performance.now() - started) / 1000;
  const cpu = await serverCpu(barePort);
  return {
    // With an amount the run's last second is partial: answers over the whole run's time.
    reqPerSec: Math.round(AMOUNT ? result.requests.total / seconds : result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    // Steadier than req/s on a shared machine: what one request costs the server's CPU.
    'server CPU µs/req': Math.round((cpu.user + cpu.system - before.user - before.system) / result.requests.total),
    statuses: Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(', '),
  };
}

/** Like load(), for GET endpoints. */
async function loadGet(url: string) {
  const options = { url, method: 'GET' as const, connections: CONNECTIONS };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The comparison over the stored shared results: how long the first (uncached) answer takes,
 * then req/s under load next to a bare GET endpoint.
 */
async function benchmarksLoad(ports: { api: number; bare: number }) {
  const url = `http://127.0.0.1:${ports.api}${ASSESSMENT_BENCHMARKS_PATH}`;
  const started = performance.now();
  const first = (await (await fetch(url)).json()) as { available: boolean; count: number };
  const coldMs = performance.now() - started;
  console.log(
    `\nGET ${ASSESSMENT_BENCHMARKS_PATH}: first answer (aggregate over ${first.count} shared results, uncached) in ${coldMs.toFixed(1)} ms`,
  );
  const bare = await loadGet(`http://127.0.0.1:${ports.bare}/bare`);
  const benchmarks = await loadGet(url);
  console.table({
    'bare Express GET endpoint': bare,
    [`GET ${ASSESSMENT_BENCHMARKS_PATH} (${first.count} shared results)`]: benchmarks,
  });
}

/**
 * Streams a PDF of `size` bytes from disk in one multipart request while sampling the server's
 * RSS and Buffer memory (arrayBuffers) through the bare app's /memory endpoint. With `collect`
 * each sample first runs the garbage collector, so Buffer memory is what is really held.
 */
async function upload(ports: { api: number; bare: number }, file: string, size: number, collect: boolean) {
  const boundary = 'wpcBench';
  const fields = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', zipCode: '94110' };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const before = await memory(ports.bare, collect);
  const peak = { ...before };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await memory(ports.bare, collect);
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    }
  })();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: ports.api,
        method: 'POST',
        path: endpointPath('feedback'),
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file);
    body.pipe(req, { end: false });
    body.on('end', () => req.end(tail));
  });
  sampling = false;
  await sampler;
  return {
    status,
    'RSS before MB': mb(before.rss),
    'RSS peak MB': mb(peak.rss),
    'RSS growth MB': mb(peak.rss - before.rss),
    'Buffers before MB': mb(before.arrayBuffers),
    'Buffers peak MB': mb(peak.arrayBuffers),
  };
}

async function main(): Promise<void> {
  const server = await startServer();
  try {
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage()}; ${CONNECTIONS} connections, ${DURATION_S} s per run (after 2 s warm-up)\n`,
    );
    const bare = await load(`http://127.0.0.1:${server.bare}/bare`, false, server.bare);
    const storedBefore = await storedCount(server.bare);
    const submit = await load(`http://127.0.0.1:${server.api}${endpointPath('download')}`, true, server.bare);
    console.table({ 'bare Express JSON endpoint': bare, [`POST /api/submit-download-form (${STORE})`]: submit });
    if (AMOUNT)
      console.log(`stored by the measured run: ${(await storedCount(server.bare)) - storedBefore} of ${AMOUNT}`);
    console.log(
      `submit / bare: ${((100 * submit.reqPerSec) / bare.reqPerSec).toFixed(0)} %; load average ${loadAverage()}`,
    );
    if (process.env.BENCH_SUBMIT_ONLY === '1') return;
    await benchmarksLoad(server);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-bench-file-'));
    const file = path.join(dir, 'big.pdf');
    const bytes = Buffer.alloc(FEEDBACK_MAX_FILE_BYTES, 0x20);
    bytes.write('%PDF-1.4\n');
    await fs.writeFile(file, bytes);
    try {
      const runs = [];
      for (let i = 0; i < UPLOAD_RUNS; i += 1) runs.push(await upload(server, file, FEEDBACK_MAX_FILE_BYTES, false));
      console.log(`\n20 MB upload to /api/submit-feedback-form, ${UPLOAD_RUNS} runs, server memory:`);
      console.table(runs);
      const live = await upload(server, file, FEEDBACK_MAX_FILE_BYTES, true);
      console.log('Same upload sampling live memory only (GC before every sample; slower upload):');
      console.table([live]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
