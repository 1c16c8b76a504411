/**
 * The site's six servers as `npm run serve` starts them (the edge, the four remotes, the API), each a
 * process of its own that the real-API end-to-end tests can stop and start again through a small
 * control server: an outage of the API or a restart of a remote, while the rest keeps running.
 * `npm run serve` cannot do that: concurrently stops every process when one stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import readline from 'node:readline';
import path from 'node:path';
import { ports } from '@wpc/shared/ports';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const STOP_GRACE_MS = 15_000;
const START_WITHIN_MS = 120_000;

/** Where the launcher (cli.ts) takes orders: SITE_CONTROL_PORT, else API_PORT + 3 (+1 and +2 are the contract's fake). */
export function siteControlPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.SITE_CONTROL_PORT || ports.api + 3);
}

export const SITE_PROCESSES = ['edge', 'home', 'scorecard', 'showcase', 'map', 'api'] as const;
export type SiteProcess = (typeof SITE_PROCESSES)[number];

interface Launch {
  readonly cwd: string;
  readonly args: readonly string[];
  /** Answers 2xx once the process serves. */
  readonly ready: string;
}

const remote = (name: 'home' | 'scorecard' | 'showcase' | 'map'): Launch => ({
  cwd: path.join(ROOT, `mfe-${name}`),
  args: ['../shared/server/serve-remote.ts', name],
  ready: `http://127.0.0.1:${ports[name]}/content-status.json`,
});

/** The same commands as the workspaces' `serve` and `start` scripts. */
const LAUNCHES: Record<SiteProcess, Launch> = {
  edge: {
    cwd: path.join(ROOT, 'shell'),
    args: ['server/edge.ts'],
    ready: `http://127.0.0.1:${ports.edge}/remotes.json`,
  },
  home: remote('home'),
  scorecard: remote('scorecard'),
  showcase: remote('showcase'),
  map: remote('map'),
  api: { cwd: path.join(ROOT, 'api'), args: ['src/server.ts'], ready: `http://127.0.0.1:${ports.api}/api/health` },
};

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export class SiteProcesses {
  private readonly children = new Map<SiteProcess, ChildProcess>();

  running(name: SiteProcess): boolean {
    return this.children.has(name);
  }

  /** Starts the process (unless it runs) and resolves once it serves. */
  async start(name: SiteProcess): Promise<void> {
    const launch = LAUNCHES[name];
    if (!this.children.has(name)) {
      const child = spawn(TSX, launch.args, { cwd: launch.cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      // Each line named after its process, as concurrently does for `npm run serve`.
      for (const [stream, out] of [
        [child.stdout!, process.stdout],
        [child.stderr!, process.stderr],
      ] as const)
        readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
      child.once('exit', (code, signal) => {
        if (this.children.get(name) === child) this.children.delete(name);
        console.log(`[${name}] exited (${signal ?? code})`);
      });
      this.children.set(name, child);
    }
    const started = Date.now();
    while (!(await answers(launch.ready))) {
      if (!this.children.has(name)) throw new Error(`${name} exited before it served`);
      if (Date.now() - started > START_WITHIN_MS) throw new Error(`${name} did not serve within ${START_WITHIN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops the process as an operator would (SIGTERM: it finishes what it was doing) and resolves once it exited. */
  async stop(name: SiteProcess): Promise<void> {
    const child = this.children.get(name);
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(force);
  }

  async stopAll(): Promise<void> {
    await Promise.all(SITE_PROCESSES.map((name) => this.stop(name)));
  }
}

/**
 * The control: `POST /processes/<name>/stop` and `/start` answer once it is done, with
 * `{ running }`; `GET /health` answers once every process serves.
 */
export function startSiteControl(site: SiteProcesses, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: object) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/health') {
      const down = SITE_PROCESSES.filter((name) => !site.running(name));
      answer(down.length ? 503 : 200, { down });
      return;
    }
    const match = /^\/processes\/([a-z]+)\/(start|stop)$/.exec(req.url ?? '');
    const name = match?.[1] as SiteProcess | undefined;
    if (req.method !== 'POST' || !name || !SITE_PROCESSES.includes(name)) {
      answer(404, { error: `POST /processes/<${SITE_PROCESSES.join('|')}>/<start|stop>, or GET /health` });
      return;
    }
    (match![2] === 'start' ? site.start(name) : site.stop(name)).then(
      () => answer(200, { running: site.running(name) }),
      (error: unknown) => answer(500, { error: String(error) }),
    );
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
