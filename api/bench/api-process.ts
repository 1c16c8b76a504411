/** The benchmarks' helpers for the API as a real process (chaos.ts, notify.ts, updates.ts). */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ControlledProcess } from '../test/helpers/process';

const API_DIR = path.resolve(__dirname, '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's load average over 1, 5 and 15 minutes, as the benchmarks print it with their figures. */
export const loadAverage = (digits = 2) =>
  os
    .loadavg()
    .map((load) => load.toFixed(digits))
    .join(' ');

export type StoreKind = 'embedded' | 'mongodb';

/** What every benchmark gives its API process: its own port and folders, quiet logs, production mode. */
export function benchApiEnv(workDir: string, port: number): Record<string, string> {
  return {
    API_PORT: String(port),
    DATA_DIR: path.join(workDir, 'data'),
    UPLOAD_TMP_DIR: path.join(workDir, 'upload-tmp'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
}

/**
 * The stores a benchmark runs on: those its variable lists (both when it is unset); MongoDB only
 * with MONGODB_URI, said when skipped.
 */
export function storesFrom(variable: string): StoreKind[] {
  const only = process.env[variable]?.split(',');
  const kinds: StoreKind[] = [];
  if (!only || only.includes('embedded')) kinds.push('embedded');
  if (!only || only.includes('mongodb')) {
    if (process.env.MONGODB_URI) kinds.push('mongodb');
    else console.warn('SKIPPED the MongoDB run: MONGODB_URI is not set.');
  }
  return kinds;
}

/** Runs the stores one after another, printing each one's figures as it ends. */
export async function runEachStore<Figures>(
  kinds: readonly StoreKind[],
  runStore: (kind: StoreKind) => Promise<Figures>,
  afterRun: (kind: StoreKind, result: Figures) => void = () => {},
): Promise<Figures[]> {
  const results: Figures[] = [];
  for (const kind of kinds) {
    console.log(`${kind}:`);
    const result = await runStore(kind);
    console.table([result]);
    afterRun(kind, result);
    results.push(result);
  }
  return results;
}

/** Fails the benchmark (exit code 1) when a store's figures break its goal, naming the stores. */
export function failWhen<Figures extends { store: string }>(
  results: readonly Figures[],
  broken: (result: Figures) => boolean,
  what: string,
): void {
  const failed = results.filter(broken);
  if (failed.length > 0) {
    console.error(`${what} on: ${failed.map((result) => result.store).join(', ')}`);
    process.exitCode = 1;
  }
}

/** Runs a benchmark's main, an error ending it with exit code 1. */
export function runBenchmark(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/** The API as a child process, restartable, its output appended to one log file. */
export class ApiProcess extends ControlledProcess {
  constructor(
    private readonly env: Record<string, string>,
    private readonly logFile: string,
    readonly port: number,
  ) {
    super();
  }

  async start(): Promise<void> {
    const log = await fs.open(this.logFile, 'a');
    const clean = { ...process.env };
    delete clean.MONGODB_URI;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...clean, ...this.env },
      stdio: ['ignore', log.fd, log.fd],
    });
    this.child = child;
    child.once('exit', () => void log.close());
    // Listening once /api/health answers at all (503 is fine while the database is down).
    // Up to 2 minutes: tsx compiles the server on every start, slowly on a busy machine.
    for (let i = 0; i < 1200; i += 1) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}; see ${this.logFile}`);
      const answered = await fetch(`http://127.0.0.1:${this.port}/api/health`).then(
        () => true,
        () => false,
      );
      if (answered) return;
      await sleep(100);
    }
    throw new Error(`the API did not start; see ${this.logFile}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) await this.kill9();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

/** Patient clients, like the site's forms only more so: retries with the same key, pausing 250 ms doubling to 2 s. */
export const MAX_ATTEMPTS = 40;
export const retryPause = (attempt: number) => Math.min(2000, 250 * 2 ** attempt);
export const CLIENT_TIMEOUT_MS = 10_000;

/**
 * One contact-form submission to the API on `port` under the attempt's Idempotency-Key, its body
 * read; undefined for a network error or a client timeout.
 */
export async function postContactForm(
  port: number,
  key: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<Response | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/submit-contact-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(fields),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return res;
  } catch {
    return undefined;
  }
}

/** Something done to the system once `at` (a fraction of all submissions) have been acknowledged. */
export interface ChaosStep {
  readonly at: number;
  readonly label: string;
  run(): Promise<void>;
}

/** Runs the steps one after another as acknowledgements pass their marks; `done` settles when the last has run. */
export function chaosSchedule(steps: readonly ChaosStep[], total: number, name: string) {
  const pending = [...steps];
  let busy = Promise.resolve();
  return {
    acknowledged(count: number): void {
      const step = pending[0];
      if (!step || count < step.at * total) return;
      pending.shift();
      busy = busy.then(async () => {
        const t0 = Date.now();
        await step.run();
        console.log(`  [${name}] after ${count} acknowledged: ${step.label} (${Date.now() - t0} ms)`);
      });
    },
    done: () => busy,
  };
}
