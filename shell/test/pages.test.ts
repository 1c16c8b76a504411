/** @jest-environment node */
// The page request as a whole, on a shell build in a temporary folder and a remote's server.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import {
  fragmentFile,
  PAGE_INDEX_FILE,
  type RemotePageIndex,
  type RemoteRouteAssets,
  type ShellRouteAssets,
} from '@wpc/shared/page-contract';
import { createPageHandler } from '../server/pages';
import { FakeContentApi } from '../../test-support/content-api/server';
import { builtPageMeta } from '../../test-support/built-page-meta';
import { SITE_NAME, SPEC_NOT_FOUND } from '../../test-support/spec/routes';

const shellAssets: ShellRouteAssets = { buildId: 'shell-1', css: ['shell-styles.abc.css'], preload: ['main.js'] };
const aboutAssets: RemoteRouteAssets = {
  buildId: 'home-7',
  remoteEntry: 'remoteEntry.js',
  css: ['home-styles.123.css'],
  preload: [],
  shared: [],
  meta: builtPageMeta('About Us', 'share/about.1111111111.png', { lastModified: '2026-05-06' }),
};
const shellDocument = (page = '') =>
  '<!doctype html><html lang="en"><head><title>Shell</title><!--wpc:head--></head><body>' +
  `<header class="shell-head">Header</header><main id="main">${page || '<!--wpc:outlet-->'}</main></body></html>`;

const SITE_ORIGIN = 'https://wildfire.example';
const siteOriginBefore = process.env.SITE_ORIGIN;

let dist: string;
let remote: http.Server;
let scorecard: http.Server;
const contentApi = new FakeContentApi();
let previewToken: string;
let edge: http.Server;
let edgePort: number;
const remoteRequests: string[] = [];
let handler: ReturnType<typeof createPageHandler>;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-edge-'));
  write(
    'index.html',
    '<!doctype html><html><head><title>Loading</title></head><body><main id="main"></main></body></html>',
  );
  write('shell-styles.abc.css', '.shell-head{position:sticky}.shell-unused{color:red}');
  for (const route of ['about', 'map', 'scorecard/news/:slug']) {
    write(`ssr/${route}.html`, shellDocument());
    write(`ssr/${route}.json`, JSON.stringify(shellAssets));
  }
  write('ssr/404.html', shellDocument('<h1>Page is not found.</h1>'));
  write(
    'ssr/404.json',
    JSON.stringify({ ...shellAssets, meta: builtPageMeta(SPEC_NOT_FOUND.title, 'share/404.2222222222.png') }),
  );
  write('ssr/shared-modules.json', JSON.stringify({ buildId: 'shell-1', files: {} }));
  write('ssr/site-meta.json', JSON.stringify(builtPageMeta(SITE_NAME, 'share/site.3333333333.png')));

  const files: Record<string, string> = {
    '/ssr/about.json': JSON.stringify(aboutAssets),
    '/ssr/about.html': fragmentFile('home-7', '<h1 class="home-title">About Us</h1>'),
    '/home-styles.123.css': '.home-title{font-size:2rem}.home-unused{color:blue}',
  };
  remote = http.createServer((req, res) => {
    remoteRequests.push(req.url ?? '');
    const body = files[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200).end(body);
  });
  const remotePort = await listen(remote);

  // The scorecard's server: one published press release, its list of rendered pages, and a preview.
  const releaseAssets: RemoteRouteAssets = {
    buildId: 'scorecard-3',
    remoteEntry: 'remoteEntry.js',
    css: [],
    preload: [],
    shared: [],
    meta: builtPageMeta('A published release', 'share/release.4444444444.png', { lastModified: '2026-05-08' }),
    version: 'v1',
  };
  const scorecardIndex: RemotePageIndex = {
    buildId: 'scorecard-3',
    revision: 'r3',
    pages: [
      { path: '/scorecard/news', lastModified: '2026-05-07' },
      { path: '/scorecard/news/known-release', lastModified: '2026-05-08' },
    ],
  };
  await contentApi.start();
  previewToken = contentApi.preview({
    area: 'scorecard',
    type: 'pressRelease',
    id: 'press-draft',
    slug: 'draft',
    data: { title: 'Draft' },
  });
  const scorecardFiles: Record<string, string> = {
    [`/ssr/${PAGE_INDEX_FILE}`]: JSON.stringify(scorecardIndex),
    '/ssr/scorecard/news/known-release.json': JSON.stringify(releaseAssets),
    '/ssr/scorecard/news/known-release.html': fragmentFile('scorecard-3', '<h1>A published release</h1>', 'v1'),
    [`/preview/${previewToken}`]: JSON.stringify({
      path: '/scorecard/news/draft',
      assets: { ...releaseAssets, meta: { ...releaseAssets.meta, title: 'Draft', noindex: true } },
      html: '<h1>Press Release: Draft</h1><script type="application/json" data-wpc-page-data="/scorecard/news/draft">{}</script>',
    }),
  };
  scorecard = http.createServer((req, res) => {
    const body = scorecardFiles[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200).end(body);
  });
  const scorecardPort = await listen(scorecard);
  // A port nothing listens on: the map's server is down.
  const down = http.createServer();
  const downPort = await listen(down);
  await new Promise((resolve) => down.close(resolve));

  const remotesFile = path.join(dist, 'remotes.json');
  fs.writeFileSync(
    remotesFile,
    JSON.stringify({
      home: '/mfe/home/mf-manifest.json',
      scorecard: '/mfe/scorecard/mf-manifest.json',
      showcase: '/mfe/showcase/mf-manifest.json',
      map: '/mfe/map/mf-manifest.json',
    }),
  );
  const origins = {
    home: `http://127.0.0.1:${remotePort}`,
    scorecard: `http://127.0.0.1:${scorecardPort}`,
    showcase: `http://127.0.0.1:${downPort}`,
    map: `http://127.0.0.1:${downPort}`,
  };
  process.env.SITE_ORIGIN = SITE_ORIGIN;
  handler = createPageHandler({ dist, remotesFile, origins, contentApiOrigin: contentApi.origin });
  const app = express();
  app.get('/team/preview/:token', (req, res, next) => {
    handler.sendPreview(req, res, req.params.token).catch(next);
  });
  app.get(/.*/, (req, res, next) => {
    handler.sendPage(req, res).catch(next);
  });
  edge = http.createServer(app);
  edgePort = await listen(edge);
});

afterAll(async () => {
  await new Promise((resolve) => edge.close(resolve));
  await new Promise((resolve) => remote.close(resolve));
  await new Promise((resolve) => scorecard.close(resolve));
  await contentApi.stop();
  fs.rmSync(dist, { recursive: true, force: true });
  if (siteOriginBefore === undefined) delete process.env.SITE_ORIGIN;
  else process.env.SITE_ORIGIN = siteOriginBefore;
});

async function page(pathname: string) {
  const response = await fetch(`http://127.0.0.1:${edgePort}${pathname}`);
  return { status: response.status, html: await response.text() };
}

describe('a page request', () => {
  it("composes the shell's document with the remote's page, its critical CSS and its head", async () => {
    const { status, html } = await page('/about');
    expect(status).toBe(200);
    expect(html).toContain(
      '<main id="main"><div id="area-home" data-ssr-build="home-7"><h1 class="home-title">About Us</h1></div></main>',
    );
    expect(html).toContain(`<title>About Us | ${SITE_NAME}</title>`);
    expect(html).toContain(
      '<meta property="og:image" content="https://wildfire.example/mfe/home/share/about.1111111111.png">',
    );
    // Only the rules the page uses are inlined, from both stylesheets.
    const inlined = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inlined).toContain('.shell-head');
    expect(inlined).toContain('.home-title');
    expect(inlined).not.toContain('unused');
  });

  it("falls back to the client-only page, under the site's description, when the remote cannot be reached", async () => {
    const { status, html } = await page('/map');
    expect(status).toBe(200);
    expect(html).toContain('<main id="main"></main>');
    expect(html).toContain('<script type="application/json" id="wpc-remotes">');
    expect(html).toContain(`<title>Showcase Map | ${SITE_NAME}</title>`);
    expect(html).toContain('<meta property="og:image" content="https://wildfire.example/share/site.3333333333.png">');
  });

  it("answers a path no area owns with the shell's 404 page", async () => {
    const { status, html } = await page('/no-such-page');
    expect(status).toBe(404);
    expect(html).toContain('<h1>Page is not found.</h1>');
    expect(html).toContain(`<title>${SPEC_NOT_FOUND.title} | ${SITE_NAME}</title>`);
    expect(html).not.toContain('rel="canonical"');
  });

  it('answers a published page of a route pattern, and a slug its area did not render with the 404 page', async () => {
    const known = await page('/scorecard/news/known-release');
    expect(known.status).toBe(200);
    expect(known.html).toContain('<h1>A published release</h1>');
    const unknown = await page('/scorecard/news/never-published');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<h1>Page is not found.</h1>');
  });

  it('lists in the sitemap every page each area rendered, with its date; routes without a date for an area it cannot reach', async () => {
    const entries = await handler.sitemapEntries();
    expect(entries).toEqual(
      expect.arrayContaining([
        { path: '/scorecard/news', lastModified: '2026-05-07' },
        { path: '/scorecard/news/known-release', lastModified: '2026-05-08' },
        { path: '/map' },
        { path: '/about' },
      ]),
    );
    // The scorecard's list names what it rendered: its routes it did not list are not guessed at.
    expect(entries.map((entry) => entry.path)).not.toContain('/scorecard/faq');
    expect(entries.map((entry) => entry.path)).not.toContain('/dev/forms');
  });

  it('shows a draft in its page, without scripts, never cached or indexed, and refuses an unknown token', async () => {
    const response = await fetch(`http://127.0.0.1:${edgePort}/team/preview/${previewToken}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await response.text();
    expect(html).toContain('<h1>Press Release: Draft</h1>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('Preview of a draft');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toMatch(/<script(?![^>]*type="application\/(?:ld\+)?json")/);
    const unknown = await fetch(`http://127.0.0.1:${edgePort}/team/preview/unknownunknownunknown`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('asks every remote route of each area when the edge starts, so the first visitors find good copies', async () => {
    remoteRequests.length = 0;
    await handler.warm();
    for (const route of ['index', 'about', 'contact-us', 'sponsors'])
      expect(remoteRequests).toEqual(expect.arrayContaining([`/ssr/${route}.json`, `/ssr/${route}.html`]));
  });
});
