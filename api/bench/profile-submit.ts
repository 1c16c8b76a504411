/**
 * npm run bench:profile -w api
 * Where the submit endpoint's time goes: the benchmark's server (bench/server.ts, the app as
 * deployed on the embedded store) samples its CPU (V8's profiler, as `node --cpu-prof`) while
 * autocannon sends it the benchmark's keyed submissions, after a warm-up; then the samples are
 * summed by self time, per package (or area of the API's own code) and per function.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { endpointPath } from '@wpc/shared/schemas';
import { BENCH_SUBMISSION, KEYED_HEADERS } from './submission';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TOP = 25;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (or the API's own folder) a script belongs to. */
function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node core';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const api = url.indexOf('/api/src/');
  if (api !== -1) return `api/src/${url.slice(api + '/api/src/'.length).split('/')[0]}`;
  if (url.includes('/shared/')) return '@wpc/shared';
  return url;
}

function summarise(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...self.values()].reduce((sum, us) => sum + us, 0);
  const idle = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)');
  const idleUs = idle.reduce((sum, [, us]) => sum + us, 0);
  const busy = total - idleUs;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** Native and Node core time belongs to the nearest caller that is a package or the API's code. */
  const ownerOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName } = byId.get(at)!.callFrame;
      const area = areaOf(url, functionName);
      if (area !== 'node core' && area !== '(native)' && area !== '(anonymous)') return area;
    }
    return 'node core';
  };
  const areas = new Map<string, number>();
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const owner = ownerOf(id);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    const name = `${functionName || '(anonymous)'} ${area}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const table = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, us]) => ({ name, 'self ms': Math.round(us / 1000), '% of busy': ((100 * us) / busy).toFixed(1) }));
  console.log(
    `\nServer main thread: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idleUs) / total).toFixed(0)} % idle; shares below are of the busy time`,
  );
  console.log('\nSelf time per package / area of the API:');
  console.table(table(areas));
  console.log('\nThe same with Node core and native time charged to the package or API code that called it:');
  console.table(table(owners));
  console.log(`\nTop ${TOP} functions by self time:`);
  console.table(table(functions));
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-profile-'));
  const file = path.join(dir, 'submit.cpuprofile');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'server.ts')], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, BENCH_PROFILE_FILE: file, BENCH_ASSESSMENTS: '0' },
    stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const { api } = await new Promise<{ api: number }>((resolve) =>
    (child.stdio[3] as Readable).once('data', (chunk: Buffer) =>
      resolve(JSON.parse(chunk.toString()) as { api: number }),
    ),
  );
  const options = {
    url: `http://127.0.0.1:${api}${endpointPath('download')}`,
    method: 'POST' as const,
    headers: KEYED_HEADERS,
    body: BENCH_SUBMISSION,
    idReplacement: true,
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up, not profiled
  child.kill('SIGUSR2');
  const result = await autocannon({ ...options, duration: DURATION_S });
  console.log(
    `POST ${endpointPath('download')} under the profiler: ${Math.round(result.requests.average)} req/s, ${result.non2xx + result.errors} failures`,
  );
  child.kill('SIGTERM');
  await exited;
  try {
    summarise(JSON.parse(await fs.readFile(file, 'utf8')) as Profile);
  } finally {
    // BENCH_PROFILE_KEEP=1 keeps the .cpuprofile (Chrome DevTools opens it).
    if (process.env.BENCH_PROFILE_KEEP === '1') console.log(`\nProfile kept in ${file}`);
    else await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
