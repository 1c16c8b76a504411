import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ControlledProcess } from './process';

/** The FerretDB binary .ci/start-ferretdb.sh builds once (MongoDB wire protocol on SQLite). */
export const FERRETDB_BIN = process.env.FERRETDB_BIN ?? path.join(os.homedir(), '.cache', 'wpc', 'ferretdb-v1.24.2');

/**
 * Why a test that stops and starts its own database cannot run here, or undefined when it can.
 * It needs MONGODB_URI (the sign that MongoDB-wire tests are wanted; CI sets it) and the binary.
 */
export const ownFerretSkipReason: string | undefined = !process.env.MONGODB_URI
  ? 'MONGODB_URI is not set, so there is no MongoDB-wire server to test against'
  : !existsSync(FERRETDB_BIN)
    ? `there is no FerretDB binary at ${FERRETDB_BIN} to stop and start (run .ci/start-ferretdb.sh once)`
    : undefined;

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A FerretDB process of the test's own on its own port and state folder, which the test may
 * kill, freeze and start again. Only this process is ever signalled.
 */
export class OwnFerretDb extends ControlledProcess {
  private constructor(
    readonly port: number,
    readonly stateDir: string,
  ) {
    super();
  }

  static async create(port: number): Promise<OwnFerretDb> {
    return new OwnFerretDb(port, await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-ferretdb-')));
  }

  uri(dbName: string): string {
    return `mongodb://127.0.0.1:${this.port}/${dbName}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.child) throw new Error('FerretDB is already running');
    const log = await fs.open(path.join(this.stateDir, 'ferretdb.log'), 'a');
    const child = spawn(
      FERRETDB_BIN,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${this.stateDir}/`,
        `--state-dir=${this.stateDir}`,
        `--listen-addr=127.0.0.1:${this.port}`,
        '--telemetry=disable',
        '--debug-addr=-',
      ],
      { stdio: ['ignore', log.fd, log.fd] },
    );
    this.child = child;
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
      void log.close();
    });
    for (let i = 0; i < 100; i += 1) {
      if (await portOpen(this.port)) return;
      if (!this.child) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `FerretDB did not start on port ${this.port}: ${await fs.readFile(path.join(this.stateDir, 'ferretdb.log'), 'utf8')}`,
    );
  }

  async destroy(): Promise<void> {
    this.thaw();
    await this.kill9();
    await fs.rm(this.stateDir, { recursive: true, force: true });
  }
}
