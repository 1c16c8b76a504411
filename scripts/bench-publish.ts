/**
 * npm run bench:publish (issue 28): how fast published content is live, and what 1,000 press
 * releases cost. Build first (`npm run build`) and stop `npm run serve`: the benchmark starts its
 * own site on the usual ports (EDGE_PORT, MFE_<AREA>_PORT, NGINX_PORT...): the four remotes'
 * servers (each with a fresh state folder), the node edge and the nginx edge, all polling the
 * real API (bench-publish-api.ts: in this process on API_PORT, a fresh embedded store, or MongoDB
 * with MONGODB_URI), which loads the areas' seeds from the remotes. A publish is an edit saved and
 * published through the editor's routes, as the console sends them. It prints:
 *
 * 1. publish-to-live latency at both edges, median and p95 over 50 publishes (from the publish
 *    request to the edit in the raw HTML as curl sees it), with the seed and then with 1,000 releases;
 * 2. render time per route (the remote's Node bundle, the seed's content, React in production);
 * 3. with 1,000 press releases: the first rendering, the news list (its size, pages), the sitemap,
 *    and re-rendering everything after a remote redeploy (a new build on the same state).
 *
 * BENCH_PUBLISHES (50) and BENCH_RELEASES (1000) change the sizes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createContentRenderer } from '../shared/server/content-renderer';
import { CONTENT_AREAS, type ContentArea } from '../shared/src/content-model/declare';
import type { AreaServer } from '../shared/src/area/area-server';
import { BenchApi, type BenchEntry } from './bench-publish-api';

// React renders in production mode in the remotes' bundles loaded here, as in their servers.
process.env.NODE_ENV = 'production';
const require = createRequire(__filename);
const { ports } = require('../shared/ports.cjs') as typeof import('../shared/ports.cjs');
const { nginxPorts } = require('./nginx-edge-ports.cjs') as typeof import('./nginx-edge-ports.cjs');

const root = path.resolve(__dirname, '..');
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 50);
const RELEASES = Number(process.env.BENCH_RELEASES ?? 1000);
const EDGES = { node: `http://127.0.0.1:${ports.edge}`, nginx: `http://127.0.0.1:${nginxPorts.edge}` };
const stateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-bench-publish-'));
const children: ChildProcess[] = [];
let api: BenchApi | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: readonly number[]) => percentile(values, 50);
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function start(name: string, args: string[], env: Record<string, string> = {}): void {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/ExperimentalWarning|EBADENGINE/.test(text)) process.stderr.write(`[${name}] ${text}`);
  });
  children.push(child);
}

function stopAll() {
  for (const child of children.splice(0)) child.kill('SIGTERM');
}

async function waitFor(url: string, what: string, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/html' } });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${what} did not start (${url})`);
}

async function rawHtml(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Accept: 'text/html' } });
  return response.text();
}

/** How long until `text` is in the page's raw HTML at each edge (polled every 20 ms, for at most 30 s). */
async function liveAt(
  pagePath: string,
  text: string,
  started = performance.now(),
): Promise<Record<keyof typeof EDGES, number>> {
  const seen = await Promise.all(
    Object.values(EDGES).map(async (origin) => {
      while (performance.now() - started < 30_000) {
        if ((await rawHtml(`${origin}${pagePath}`)).includes(text)) return performance.now() - started;
        await sleep(20);
      }
      throw new Error(`${text} never reached ${origin}${pagePath}`);
    }),
  );
  return { node: seen[0]!, nginx: seen[1]! };
}

function release(index: number, changes: Record<string, unknown> = {}): BenchEntry {
  const day = new Date(Date.UTC(2015, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  return {
    type: 'pressRelease',
    id: `press-bench-${index}`,
    slug: `bench-release-${index}`,
    data: {
      title: `Bench release number ${index}`,
      headline: `A press release written by the benchmark, number ${index}`,
      date: day,
      place: 'Sacramento, California',
      summary: `The benchmark's press release number ${index}: a summary long enough to describe the page in search results.`,
      body: `Paragraph one of release ${index}.\n\n## A sub-heading\n\nParagraph two, with **bold** and a [link](https://example.org).`,
      contacts: [
        {
          name: 'Press Office',
          role: 'Press contact',
          organisation: 'Wildfire Prevention Consortium',
          email: 'press@example.org',
        },
      ],
      ...changes,
    },
  };
}

async function latency(api: BenchApi, label: string) {
  const results = { node: [] as number[], nginx: [] as number[] };
  for (let round = 0; round < PUBLISHES; round += 1) {
    const marker = `marker-${label.replace(/\W/g, '')}-${round}-${Date.now().toString(36)}`;
    const started = performance.now();
    await api.publish(
      'scorecard',
      release(0, { summary: `Live check ${marker}: the summary this publish changes, shown under the title.` }),
    );
    const seen = await liveAt('/scorecard/news/bench-release-0', marker, started);
    results.node.push(seen.node);
    results.nginx.push(seen.nginx);
  }
  for (const edge of ['node', 'nginx'] as const)
    console.log(
      `  ${label}, ${edge} edge: median ${ms(median(results[edge]))}, p95 ${ms(percentile(results[edge], 95))}, max ${ms(Math.max(...results[edge]))}`,
    );
}

function loadBundle(area: ContentArea): AreaServer {
  return require(path.join(root, `mfe-${area}`, 'dist-server', 'render.cjs')) as AreaServer;
}

async function renderTimes() {
  console.log('\n2. Render time per route (the seed; median of 20 renders after 3 warm-ups; React production)');
  for (const area of CONTENT_AREAS) {
    const bundle = loadBundle(area);
    const content = bundle.seedContent();
    for (const { path: pagePath } of bundle.pagePaths(content)) {
      for (let warm = 0; warm < 3; warm += 1) await bundle.renderPage(pagePath, content);
      const times: number[] = [];
      for (let run = 0; run < 20; run += 1) {
        const started = performance.now();
        await bundle.renderPage(pagePath, content);
        times.push(performance.now() - started);
      }
      console.log(`  ${pagePath.padEnd(72)} ${median(times).toFixed(1)} ms`);
    }
  }
}

/** The scorecard remote's status; undefined while it is too busy rendering to answer. */
async function scorecardStatus(): Promise<{ revision: string } | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${ports.scorecard}/content-status.json`);
    return (await response.json()) as { revision: string };
  } catch {
    return undefined;
  }
}

async function main() {
  for (const area of CONTENT_AREAS)
    if (!fs.existsSync(path.join(root, `mfe-${area}`, 'dist-server', 'render.cjs')))
      throw new Error(`mfe-${area} is not built: run "npm run build" first.`);
  console.log(
    `bench:publish on ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}; against the real API on the ${process.env.MONGODB_URI ? 'MongoDB' : 'embedded'} store`,
  );

  api = await BenchApi.start(ports.api);
  const contentEnv = { CONTENT_API_ORIGIN: api.origin, CONTENT_STATE_DIR: stateRoot };
  for (const area of CONTENT_AREAS) start(area, ['--import', 'tsx', 'shared/server/serve-remote.ts', area], contentEnv);
  start('edge', ['--import', 'tsx', 'shell/server/edge.ts'], contentEnv);
  start('nginx', ['scripts/nginx-edge.mjs'], contentEnv);
  for (const area of CONTENT_AREAS) await waitFor(`http://127.0.0.1:${ports[area]}/content-status.json`, area);
  await waitFor(`${EDGES.node}/scorecard/news`, 'the node edge');
  await waitFor(`${EDGES.nginx}/scorecard/news`, 'the nginx edge');
  await api.loadSeeds(CONTENT_AREAS);
  await api.publish('scorecard', release(0));
  await liveAt('/scorecard/news/bench-release-0', 'Bench release number 0');

  console.log(
    `\n1. Publish-to-live latency: an edit of a press release, in the raw HTML at each edge (${PUBLISHES} publishes)`,
  );
  await latency(api, 'with the seed');

  console.log(`\n3. With ${RELEASES} press releases`);
  let started = performance.now();
  const loaded = await api.load(
    'scorecard',
    Array.from({ length: RELEASES }, (_none, index) => release(index)),
  );
  while ((await scorecardStatus())?.revision !== loaded) await sleep(200);
  console.log(`  first rendering of every page (share images drawn): ${ms(performance.now() - started)}`);
  const news = await fetch(`${EDGES.node}/scorecard/news`, {
    headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' },
  });
  const newsHtml = await news.text();
  const listPages = Math.max(
    1,
    ...[...newsHtml.matchAll(/\/scorecard\/news\/page\/(\d+)/g)].map((match) => Number(match[1])),
  );
  console.log(
    `  /scorecard/news: ${kb(Buffer.byteLength(newsHtml))} of HTML (${kb(zlib.brotliCompressSync(newsHtml).length)} brotli), ` +
      `the newest release and 10 earlier ones; ${listPages} pages of earlier releases`,
  );
  const sitemap = await (await fetch(`${EDGES.node}/sitemap.xml`)).text();
  console.log(
    `  /sitemap.xml: ${sitemap.match(/<url>/g)?.length ?? 0} URLs, ${kb(Buffer.byteLength(sitemap))} (${kb(zlib.gzipSync(sitemap).length)} gzip)`,
  );
  await latency(api, `with ${RELEASES} releases`);

  // The servers have done their part: stopped, so the redeploy below is measured alone.
  stopAll();

  // A redeploy: the same published content and state, a build with another id. What a remote's
  // new container (or a rebuild under its server) does before it serves.
  const buildCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-bench-build-'));
  const serverBuild = path.join(root, 'mfe-scorecard', 'dist-server');
  const assets = JSON.parse(fs.readFileSync(path.join(serverBuild, 'route-assets.json'), 'utf8')) as {
    buildId: string;
  };
  fs.writeFileSync(
    path.join(buildCopy, 'route-assets.json'),
    JSON.stringify({ ...assets, buildId: `${assets.buildId}-redeployed` }),
  );
  const stateCopy = path.join(stateRoot, 'redeploy');
  fs.cpSync(path.join(stateRoot, 'scorecard'), stateCopy, { recursive: true });
  const redeployed = createContentRenderer({
    area: 'scorecard',
    packageDir: path.join(root, 'mfe-scorecard'),
    distDir: path.join(root, 'mfe-scorecard', 'dist'),
    serverBuildDir: buildCopy,
    stateDir: stateCopy,
    apiOrigin: api.origin,
    loadBundle: () => loadBundle('scorecard'),
    log: () => {},
  });
  started = performance.now();
  await redeployed.start();
  const pagesRendered = fs
    .readdirSync(path.join(stateCopy, 'ssr', 'scorecard', 'news'))
    .filter((file) => file.endsWith('.html')).length;
  console.log(
    `  re-rendering everything after a redeploy: ${ms(performance.now() - started)} for ${pagesRendered} press release pages ` +
      `and the area's other pages (share images kept)`,
  );
  fs.rmSync(buildCopy, { recursive: true, force: true });

  await renderTimes();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    stopAll();
    await api?.stop();
    fs.rmSync(stateRoot, { recursive: true, force: true });
  });
