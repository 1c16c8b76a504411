/**
 * @jest-environment node
 */
// The scorecard's server renders its pages from the published content (issue 28): against the
// fake of the API's contract, with the area's real declaration, page data and components.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAreaServer } from '@wpc/shared/area/server';
import {
  PAGE_INDEX_FILE,
  readFragmentFile,
  type PageDataFile,
  type RemotePageIndex,
  type RemoteRouteAssets,
} from '@wpc/shared/page-contract';
import { createContentRenderer, type ContentRendererOptions, type Logger } from '@wpc/shared/server/content-renderer';
import { FakeContentApi, type EntryInput } from '../../test-support/content-api/server';
import { MODEL } from '../src/content/model';
import { PAGE_DATA, PREVIEW_PATHS } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';
import { pages } from '../src/pages';

jest.setTimeout(30_000);

const area = createAreaServer({
  model: MODEL,
  pageData: PAGE_DATA,
  pageMeta: PAGE_META,
  previewPaths: PREVIEW_PATHS,
  pages,
});
const packageDir = path.resolve(__dirname, '..');
const seed = area.seedEntries();

/** A release the team publishes: everything a press release needs, with a text of its own. */
function release(slug: string, changes: Record<string, unknown> = {}): EntryInput {
  return {
    type: 'pressRelease',
    id: `press-${slug}`,
    slug,
    data: {
      title: `Pilot communities report back (${slug})`,
      headline: 'Three pilot communities publish their first scorecard results',
      date: '2025-03-10',
      place: 'Boise, Idaho',
      summary:
        'Three communities that piloted the scorecard in 2024 share what they scored, what surprised them and what they will do first.',
      body: 'The first results are in.\n\n## What changed\n\nEach community found **one** essential it had never discussed.',
      ...changes,
    },
  };
}

interface Harness {
  readonly api: FakeContentApi;
  readonly dirs: { state: string; dist: string; build: string };
  readonly logs: { level: string; message: string; fields?: Record<string, unknown> }[];
  readonly drawn: string[];
  renderer(buildId?: string, options?: Partial<ContentRendererOptions>): ReturnType<typeof createContentRenderer>;
  read(root: string, file: string): string;
}

async function harness(): Promise<Harness> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-renderer-'));
  const dirs = {
    state: path.join(base, 'state'),
    dist: path.join(base, 'dist'),
    build: path.join(base, 'dist-server'),
  };
  fs.mkdirSync(path.join(dirs.dist, 'ssr'), { recursive: true });
  const api = new FakeContentApi();
  await api.start();
  const logs: Harness['logs'] = [];
  const drawn: string[] = [];
  const log: Logger = (level, message, fields) => logs.push({ level, message, fields });
  return {
    api,
    dirs,
    logs,
    drawn,
    renderer(buildId = 'build-1', options = {}) {
      fs.mkdirSync(dirs.build, { recursive: true });
      const routes = Object.fromEntries(
        area
          .routeEntries()
          .map((route) => [route, { css: ['scorecard-styles.0123456789.css'], preload: [], shared: [] }]),
      );
      fs.writeFileSync(
        path.join(dirs.build, 'route-assets.json'),
        JSON.stringify({ buildId, remoteEntry: 'remoteEntry.js', routes }),
      );
      return createContentRenderer({
        area: 'scorecard',
        packageDir,
        distDir: dirs.dist,
        serverBuildDir: dirs.build,
        stateDir: dirs.state,
        apiOrigin: api.origin,
        log,
        loadBundle: () => area,
        drawShareImage: async ({ title }) => {
          drawn.push(title);
          return Buffer.from(`png of ${title}`);
        },
        ...options,
      });
    },
    read: (root, file) => fs.readFileSync(path.join(root, file), 'utf8'),
  };
}

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.api.stop();
});

const RELEASE_PAGE = 'scorecard/news/pilot-communities-report-back';

describe('the scorecard’s run-time renderer', () => {
  it('serves the build’s seed pages until the area has published content', async () => {
    const renderer = h.renderer();
    await renderer.start();
    expect(renderer.ssrRoot()).toBe(path.join(h.dirs.dist, 'ssr'));
    expect(renderer.status()).toMatchObject({ serving: 'seed', api: 'up' });
  });

  it('renders every page of a first revision, and on a new revision only the pages whose data changed', async () => {
    h.api.load('scorecard', seed);
    const renderer = h.renderer();
    await renderer.start();
    expect(renderer.ssrRoot()).toBe(path.join(h.dirs.state, 'ssr'));
    const first = JSON.parse(h.read(renderer.ssrRoot(), 'scorecard/faq.json')) as RemoteRouteAssets;
    expect(first.version).toMatch(/^[\w-]{16}$/);
    expect(readFragmentFile(h.read(renderer.ssrRoot(), 'scorecard/faq.html'))?.version).toBe(first.version);

    h.api.publish('scorecard', release('pilot-communities-report-back'));
    const result = await renderer.poll();
    // The release's own page and /scorecard/news (its list of earlier releases) changed; nothing else.
    expect(result).toMatchObject({
      revision: h.api.published('scorecard').revision,
      rendered: 2,
      removed: 0,
      refused: 0,
    });
    const html = h.read(renderer.ssrRoot(), `${RELEASE_PAGE}.html`);
    expect(html).toContain('Press Release: Pilot communities report back (pilot-communities-report-back)');
    expect(html).toContain('<h3>What changed</h3>');
    expect(html).toContain('<strong>one</strong>');
    const assets = JSON.parse(h.read(renderer.ssrRoot(), `${RELEASE_PAGE}.json`)) as RemoteRouteAssets;
    expect(assets.meta?.title).toBe('Pilot communities report back (pilot-communities-report-back)');
    expect(assets.meta?.structuredData?.[0]).toMatchObject({ '@type': 'NewsArticle', datePublished: '2025-03-10' });
    expect(readFragmentFile(html)?.version).toBe(assets.version);
    const data = JSON.parse(h.read(renderer.ssrRoot(), `${RELEASE_PAGE}.data.json`)) as PageDataFile;
    expect(data.version).toBe(assets.version);
    expect(h.read(renderer.ssrRoot(), 'scorecard/news.html')).toContain('Earlier press releases');
    expect((JSON.parse(h.read(renderer.ssrRoot(), 'scorecard/faq.json')) as RemoteRouteAssets).version).toBe(
      first.version,
    );
    const index = JSON.parse(h.read(renderer.ssrRoot(), PAGE_INDEX_FILE)) as RemotePageIndex;
    expect(index.revision).toBe(h.api.published('scorecard').revision);
    expect(index.pages.map((page) => page.path)).toContain(`/${RELEASE_PAGE}`);
    // Nothing changed since: a conditional GET, nothing rendered.
    expect(await renderer.poll()).toBeUndefined();
  });

  it('redraws a share image only for a page whose title changed', async () => {
    h.api.load('scorecard', [...seed, release('pilot-communities-report-back')]);
    const renderer = h.renderer();
    await renderer.start();
    const drawnFirst = h.drawn.length;
    h.api.publish(
      'scorecard',
      release('pilot-communities-report-back', {
        summary: 'A new summary, long enough for a description of this release.',
      }),
    );
    await renderer.poll();
    expect(h.drawn.length).toBe(drawnFirst);
    h.api.publish('scorecard', release('pilot-communities-report-back', { title: 'Pilots report back' }));
    await renderer.poll();
    expect(h.drawn.slice(drawnFirst)).toEqual(['Pilots report back']);
  });

  it('leaves out an entry its declaration refuses, says so without its data, and renders the rest', async () => {
    h.api.load('scorecard', seed);
    const renderer = h.renderer();
    await renderer.start();
    h.api.publish(
      'scorecard',
      release('broken', { summary: undefined, body: 'Call Jane Doe on 555 0100 <script>alert(1)</script>' }),
    );
    const result = await renderer.poll();
    expect(result).toMatchObject({ refused: 1 });
    expect(fs.existsSync(path.join(renderer.ssrRoot(), 'scorecard/news/broken.json'))).toBe(false);
    const warning = h.logs.find((line) => line.message.includes('does not fit'));
    expect(warning?.fields).toEqual({ type: 'pressRelease', id: 'press-broken', fields: ['summary', 'body'] });
    expect(JSON.stringify(h.logs)).not.toMatch(/Jane Doe|555 0100/);
    // The console can show the team which entry was left out, and why, from the remote's status.
    expect(renderer.status().refused).toEqual([
      { type: 'pressRelease', id: 'press-broken', fields: ['summary', 'body'] },
    ]);
    expect(JSON.stringify(renderer.status())).not.toMatch(/Jane Doe|555 0100/);
    expect(h.read(renderer.ssrRoot(), 'scorecard/news.html')).toContain(
      'Community Wildfire Resilience Scorecard Launched',
    );
  });

  it('removes the page of an unpublished release and lists it no more', async () => {
    h.api.load('scorecard', [...seed, release('pilot-communities-report-back')]);
    const renderer = h.renderer();
    await renderer.start();
    expect(fs.existsSync(path.join(renderer.ssrRoot(), `${RELEASE_PAGE}.html`))).toBe(true);
    h.api.unpublish('scorecard', 'press-pilot-communities-report-back');
    expect(await renderer.poll()).toMatchObject({ removed: 1 });
    for (const suffix of ['.html', '.json', '.data.json'])
      expect(fs.existsSync(path.join(renderer.ssrRoot(), `${RELEASE_PAGE}${suffix}`))).toBe(false);
    const index = JSON.parse(h.read(renderer.ssrRoot(), PAGE_INDEX_FILE)) as RemotePageIndex;
    expect(index.pages.map((page) => page.path)).not.toContain(`/${RELEASE_PAGE}`);
  });

  it('keeps serving the last published version when the API goes down, and after a restart', async () => {
    h.api.load('scorecard', [...seed, release('pilot-communities-report-back')]);
    const running = h.renderer();
    await running.start();
    const revisionBefore = h.api.published('scorecard').revision;
    await h.api.stop();
    expect(await running.poll()).toBeUndefined();
    expect(running.status()).toMatchObject({ api: 'down', serving: 'published', revision: revisionBefore });
    expect(h.logs.filter((line) => line.message.includes('cannot be reached'))).toHaveLength(1);
    await running.poll();
    expect(h.logs.filter((line) => line.message.includes('cannot be reached'))).toHaveLength(1);

    // A restart while the API is down: the last published rendering, not the build's seed.
    const restarted = h.renderer();
    await restarted.start();
    expect(restarted.ssrRoot()).toBe(path.join(h.dirs.state, 'ssr'));
    expect(h.read(restarted.ssrRoot(), `${RELEASE_PAGE}.html`)).toContain('Pilot communities report back');
  });

  it('renders the last published version with a redeployed build before it serves, the API down or not', async () => {
    h.api.load('scorecard', [...seed, release('pilot-communities-report-back')]);
    await h.renderer('build-1').start();
    await h.api.stop();
    const redeployed = h.renderer('build-2');
    await redeployed.start();
    const assets = JSON.parse(h.read(redeployed.ssrRoot(), `${RELEASE_PAGE}.json`)) as RemoteRouteAssets;
    expect(assets.buildId).toBe('build-2');
    expect(readFragmentFile(h.read(redeployed.ssrRoot(), `${RELEASE_PAGE}.html`))?.buildId).toBe('build-2');
    expect(redeployed.status()).toMatchObject({ serving: 'published', buildId: 'build-2' });
  });

  it('notices a remote rebuilt under its running server: the new build’s pages at once, then its rendering', async () => {
    h.api.load('scorecard', [...seed, release('pilot-communities-report-back')]);
    const renderer = h.renderer('build-1');
    await renderer.start();
    // What a local redeploy does: a new build written where the server reads it.
    const assetsFile = path.join(h.dirs.build, 'route-assets.json');
    const assets = JSON.parse(fs.readFileSync(assetsFile, 'utf8')) as { buildId: string };
    fs.writeFileSync(assetsFile, JSON.stringify({ ...assets, buildId: 'build-2' }));
    fs.utimesSync(assetsFile, new Date(), new Date(Date.now() + 1000));
    expect(renderer.ssrRoot()).toBe(path.join(h.dirs.dist, 'ssr'));
    await renderer.poll();
    expect(renderer.ssrRoot()).toBe(path.join(h.dirs.state, 'ssr'));
    const page = JSON.parse(h.read(renderer.ssrRoot(), `${RELEASE_PAGE}.json`)) as RemoteRouteAssets;
    expect(page.buildId).toBe('build-2');
  });

  it('goes back to the build’s seed when nothing is published', async () => {
    h.api.load('scorecard', seed);
    const renderer = h.renderer();
    await renderer.start();
    h.api.load('scorecard', []);
    await renderer.poll();
    expect(renderer.ssrRoot()).toBe(path.join(h.dirs.dist, 'ssr'));
  });

  it('previews a draft in its page, among the published content, out of search engines', async () => {
    h.api.load('scorecard', seed);
    const renderer = h.renderer();
    await renderer.start();
    const token = h.api.preview({
      area: 'scorecard',
      type: 'pressRelease',
      id: 'press-draft',
      slug: 'draft-release',
      data: release('draft-release', { title: 'A draft nobody has seen' }).data,
    });
    const answer = await renderer.preview(token);
    expect(answer.kind).toBe('page');
    if (answer.kind !== 'page') return;
    expect(answer.page.path).toBe('/scorecard/news/draft-release');
    expect(answer.page.html).toContain('Press Release: A draft nobody has seen');
    expect(answer.page.assets.meta?.noindex).toBe(true);
    // Never published by a preview.
    expect(fs.existsSync(path.join(renderer.ssrRoot(), 'scorecard/news/draft-release.html'))).toBe(false);

    const refused = h.api.preview({
      area: 'scorecard',
      type: 'faqEntry',
      id: 'faq-x',
      slug: 'x',
      data: { question: '' },
    });
    expect(await renderer.preview(refused)).toEqual({ kind: 'refused', fields: ['question', 'answer', 'order'] });
    expect(await renderer.preview('unknown-token-0123456789')).toEqual({ kind: 'not-found' });
  });
});

describe('the public reach line on /scorecard (issue 40)', () => {
  const DAY = 86_400_000;
  /** The API's answer to GET /api/impact/reach: N states and provinces with 5 or more downloads. */
  let regions = 1;
  let now = Date.parse('2026-11-28T06:00:00Z');
  const withReach: typeof fetch = async (input, init) =>
    String(input).endsWith('/api/impact/reach')
      ? Response.json({ regions, states: regions, provinces: 0, updatedAt: new Date(now).toISOString() })
      : fetch(input, init);
  const switchedOn = (show: boolean): EntryInput => ({
    type: 'reachLine',
    id: 'reach-line',
    slug: 'reach-line',
    data: { name: 'Reach line', show },
  });
  const landing = (root: string) => readFragmentFile(h.read(root, 'scorecard.html'))?.html ?? '';
  const reachRenderer = () => h.renderer('build-1', { fetch: withReach, clock: () => now });

  beforeEach(() => {
    regions = 1;
    now = Date.parse('2026-11-28T06:00:00Z');
  });

  it('shows the line once the team switches it on, in the singular for one state or province', async () => {
    h.api.load('scorecard', seed);
    const renderer = reachRenderer();
    await renderer.start();
    expect(landing(renderer.ssrRoot())).not.toContain('Downloaded by communities');

    h.api.publish('scorecard', switchedOn(true));
    // Only /scorecard shows the line: no other page renders again.
    expect(await renderer.poll()).toMatchObject({ rendered: 1 });
    expect(landing(renderer.ssrRoot())).toContain('Downloaded by communities in 1 state or province');

    h.api.publish('scorecard', switchedOn(false));
    await renderer.poll();
    expect(landing(renderer.ssrRoot())).not.toContain('Downloaded by communities');
  });

  it('asks the API for N only while the line is switched on', async () => {
    const asked: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/api/impact/reach')) asked.push(String(input));
      return withReach(input, init);
    };
    h.api.load('scorecard', [...seed, switchedOn(false)]);
    const renderer = h.renderer('build-1', { fetch: counting, clock: () => now });
    await renderer.start();
    now += DAY;
    await renderer.poll();
    expect(asked).toHaveLength(0);

    h.api.publish('scorecard', switchedOn(true));
    await renderer.poll();
    expect(asked).toHaveLength(1);
    expect(landing(renderer.ssrRoot())).toContain('Downloaded by communities in 1 state or province');
  });

  it('takes the new N within a day, without a publish or a build', async () => {
    h.api.load('scorecard', [...seed, switchedOn(true)]);
    const renderer = reachRenderer();
    await renderer.start();
    expect(landing(renderer.ssrRoot())).toContain('Downloaded by communities in 1 state or province');

    regions = 3;
    now += DAY - 1;
    expect(await renderer.poll()).toBeUndefined();
    expect(landing(renderer.ssrRoot())).toContain('in 1 state or province');
    now += 1;
    expect(await renderer.poll()).toMatchObject({ rendered: 1 });
    expect(landing(renderer.ssrRoot())).toContain('Downloaded by communities in 3 states and provinces');
    // The same N a day later renders nothing.
    now += DAY;
    expect(await renderer.poll()).toBeUndefined();
  });

  it('hides the line while no state or province holds 5 downloads, and keeps the last N while the API cannot say', async () => {
    regions = 0;
    h.api.load('scorecard', [...seed, switchedOn(true)]);
    const renderer = reachRenderer();
    await renderer.start();
    expect(landing(renderer.ssrRoot())).not.toContain('Downloaded by communities');

    regions = 2;
    now += DAY;
    await renderer.poll();
    expect(landing(renderer.ssrRoot())).toContain('Downloaded by communities in 2 states and provinces');
    const failing = h.renderer('build-1', {
      fetch: async (input, init) =>
        String(input).endsWith('/api/impact/reach') ? new Response('', { status: 503 }) : fetch(input, init),
      clock: () => now,
    });
    now += DAY;
    await failing.start();
    await failing.poll();
    expect(landing(failing.ssrRoot())).toContain('Downloaded by communities in 2 states and provinces');
  });
});
