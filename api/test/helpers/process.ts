import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const API_DIR = path.resolve(__dirname, '../..');

/** Runs a TypeScript entry of the api package in a child Node process through tsx. */
export function runTs(entry: string, args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  const clean = { ...process.env };
  delete clean.MONGODB_URI; // the child uses exactly the store the test gives it
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: API_DIR,
    env: { ...clean, ...env },
  });
}

/** Collects a child's output and resolves when a line matches, or rejects if it exits first. */
export function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  output: { text: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(output.text)) {
        child.stdout.off('data', check);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`exited with ${code} before ${pattern}:\n${output.text}`));
    child.stdout.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

export function collect(child: ChildProcessWithoutNullStreams): { text: string; errors: string } {
  const output = { text: '', errors: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    output.text += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output.errors += chunk.toString();
  });
  return output;
}

export function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A child process that tests and benchmarks stop the hard way, freeze and thaw (the API in the
 * benchmarks, FerretDB in the recovery tests). Subclasses start it and set `child`.
 */
export class ControlledProcess {
  protected child: ChildProcess | undefined;

  /** Stops it the hard way (kill -9) and waits for it to be gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * Freezes it (SIGSTOP): connections stay open, nothing is answered. Resolves once Linux reports
   * the process stopped (state T in /proc/<pid>/stat), so a request sent next cannot be answered
   * by a thread the signal has not reached yet; elsewhere it resolves after a short wait.
   */
  async freeze(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    child.kill('SIGSTOP');
    for (let i = 0; i < 50; i += 1) {
      const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8').catch(() => '');
      if (/\) T /.test(stat)) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }
}
