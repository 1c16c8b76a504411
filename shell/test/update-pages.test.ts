/** @jest-environment node */
// The edge's step for the updates archive (shell/server/update-pages.ts), against a stand-in of the
// API's archive calls on a real port and a shell build in a temporary folder: the pages, their
// heads, the 404s, the old web-version link, the last good copy while the API is down, the
// sitemap's entries. The real components and the real API, through both edges, are in
// shell/e2e/updates-archive.real-api.ts.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { HEAD_MARKER, OUTLET_MARKER, SERVER_BUNDLE_DIR } from '@wpc/shared/page-contract';
import { updatePages } from '../server/update-pages';
import { builtPageMeta } from '../../test-support/built-page-meta';
import { UPDATE_PAGE_ADDRESS, UPDATES_FEED_PATH, PRESS_RELEASES_FEED_PATH } from '../../test-support/spec/routes';

const ORIGIN = 'https://www.wildfire-consortium.example';
const SENT = {
  id: 'u1',
  path: '/updates/2026-11-20-pilots-open',
  subject: 'Pilots <open> & "ready"',
  list: 'scorecard',
  sentAt: '2026-11-20T09:00:00.000Z',
  summary: 'Pilots start in March.',
};
const OLDER = {
  ...SENT,
  id: 'u0',
  path: '/updates/2026-10-01-first-word',
  subject: 'First word',
  sentAt: '2026-10-01T09:00:00.000Z',
};

let root: string;
let api: http.Server;
let edge: http.Server;
let apiDown = false;
let sitemapEntries: () => Promise<{ path: string; lastModified?: string }[]>;
const listen = (app: express.Express) =>
  new Promise<http.Server>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
const get = (pathname: string) => fetch(`http://127.0.0.1:${portOf(edge)}${pathname}`, { redirect: 'manual' });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-archive-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    'dist/ssr/forms.html',
    `<!doctype html><html lang="en"><head><title>Form</title><meta name="description" content="A form.">${HEAD_MARKER}</head><body><main>${OUTLET_MARKER}</main></body></html>`,
  );
  write(
    'dist/ssr/forms.json',
    JSON.stringify({ css: ['shell.abc.css'], meta: builtPageMeta('Form', 'share/forms.png') }),
  );
  write('dist/remotes.json', '{}');
  // A stand-in for the shell's Node bundle: the page's markup is the components' business, not this step's.
  write(
    `${SERVER_BUNDLE_DIR}/render.cjs`,
    `exports.ARCHIVE_TITLE = 'Updates From the Consortium';
exports.ARCHIVE_DESCRIPTION = 'Every update.';
exports.renderUpdatesArchive = async (a) => '<ol>' + a.updates.map((u) => '<li>' + u.path + '</li>').join('') + '</ol>';
exports.renderArchivedUpdate = async (u) => '<article>' + u.html + '</article>';`,
  );

  const apiApp = express();
  apiApp.use((_req, res, next) => (apiDown ? res.status(503).json({ error: 'down' }) : next()));
  apiApp.get('/api/updates/archive', (_req, res) => res.json({ updates: [SENT, OLDER] }));
  apiApp.get('/api/updates/archive/:id', (req, res) => {
    const found = [SENT, OLDER].find((update) => update.id === req.params.id);
    if (!found) return res.status(404).json({ error: 'No such update.' });
    res.json({ ...found, html: `<p>The text of ${found.id}.</p>` });
  });
  api = await listen(apiApp);

  const pages = updatePages({
    dist: path.join(root, 'dist'),
    remotesFile: path.join(root, 'dist/remotes.json'),
    apiOrigin: `http://127.0.0.1:${portOf(api)}`,
    origin: ORIGIN,
    apiBase: '',
    sendNotFound: async (_req, res) => {
      res.status(404).send('the 404 page');
    },
  });
  sitemapEntries = pages.sitemapEntries;
  const app = express();
  app.use(pages.router);
  app.use((_req, res) => res.status(404).send('no route'));
  edge = await listen(app);
});

afterAll(async () => {
  await new Promise((resolve) => edge.close(resolve));
  await new Promise((resolve) => api.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  apiDown = false;
});

describe('the updates archive at the edge', () => {
  it('answers /updates with every update the API lists, its head, the feeds and the page policy', async () => {
    const response = await get('/updates');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain(`<ol><li>${SENT.path}</li><li>${OLDER.path}</li></ol>`);
    expect(html).toContain('<title>Updates From the Consortium | Wildfire Prevention Consortium</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/updates">`);
    expect(html).not.toContain('content="noindex"');
    for (const feed of [UPDATES_FEED_PATH, PRESS_RELEASES_FEED_PATH])
      expect(html).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${feed}">`),
      );
    expect(html).toContain('<link rel="stylesheet" href="/shell.abc.css">');
  });

  it('answers an update’s own address with its text, an escaped head and Article data; any other address with the 404 page', async () => {
    expect(SENT.path).toMatch(UPDATE_PAGE_ADDRESS);
    const response = await get(SENT.path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<article><p>The text of u1.</p></article>');
    expect(html).toContain(
      '<title>Pilots &lt;open&gt; &amp; &quot;ready&quot; | Wildfire Prevention Consortium</title>',
    );
    expect(html).toContain('<meta name="description" content="Pilots start in March.">');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${SENT.path}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1]!),
    );
    expect(data).toContainEqual(
      expect.objectContaining({
        '@type': 'Article',
        headline: SENT.subject,
        datePublished: SENT.sentAt,
        url: `${ORIGIN}${SENT.path}`,
      }),
    );
    // JSON-LD is data: no text can close its element.
    expect(html).not.toContain('"Pilots <open>');

    expect((await get('/updates/2026-11-20-never-sent')).status).toBe(404);
    expect(await (await get('/updates/2026-11-20-never-sent')).text()).toBe('the 404 page');
    // Not an update's address at all: left to the site's other routes.
    expect(await (await get('/updates/nope')).text()).toBe('no route');
  });

  it('redirects the old web-version link to the update’s address for good; anything else is the route’s own page', async () => {
    const response = await get('/updates/web?id=u1');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(SENT.path);
    // The page the shell hydrates at /updates/web (it says when the update cannot be found).
    expect(await (await get('/updates/web?id=gone')).text()).toBe('no route');
    expect(await (await get('/updates/web')).text()).toBe('no route');
  });

  it('keeps serving the last good copy while the API cannot answer', async () => {
    await get(SENT.path);
    apiDown = true;
    const response = await get(SENT.path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('The text of u1.');
    expect((await get('/updates')).status).toBe(200);
  });

  it('lists the archive and each update in the sitemap, with the day it was sent', async () => {
    expect(await sitemapEntries()).toEqual([
      { path: '/updates', lastModified: '2026-11-20' },
      { path: SENT.path, lastModified: '2026-11-20' },
      { path: OLDER.path, lastModified: '2026-10-01' },
    ]);
    // While the API cannot answer and nothing was read yet: the archive page alone, dated by its own text.
    const fresh = updatePages({
      dist: path.join(root, 'dist'),
      remotesFile: path.join(root, 'dist/remotes.json'),
      apiOrigin: 'http://127.0.0.1:9',
      origin: ORIGIN,
      apiBase: '',
      sendNotFound: async () => undefined,
    });
    expect(await fresh.sitemapEntries()).toEqual([
      { path: '/updates', lastModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
  });
});
