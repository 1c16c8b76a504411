/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { createPageResponse, type ComposedPage } from '../server/page-response';

const remotes = {
  home: '/mfe/home/mf-manifest.json',
  scorecard: '/mfe/scorecard/mf-manifest.json',
  showcase: 'https://showcase.example/mf-manifest.json',
  map: '/mfe/map/mf-manifest.json',
};
const about: ComposedPage = { html: '<!doctype html><title>About Us</title><h1>About Us</h1>', status: 200, remotes };

let page: ComposedPage = about;
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  const answerPage = createPageResponse({ apiBase: 'https://api.example' });
  app.get(/.*/, (req, res, next) => {
    answerPage(req, res, page).catch(next);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  page = about;
});

/** A raw GET: status, headers and the body exactly as sent (no decompression). */
function get(headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/about', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('answering with the composed page', () => {
  it('sends the page as HTML that browsers revalidate on every visit, with its own policy', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.body.toString('utf8')).toBe(about.html);
    expect(response.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['x-robots-tag']).toBeUndefined();
    // Scripts from the remote listed at its own origin, forms sent to the API's.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src [^;]*https:\/\/showcase\.example/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.example/);
  });

  it('answers a revalidation with 304 while the page is unchanged, and in full once it changes', async () => {
    const { headers } = await get();
    const etag = String(headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const unchanged = await get({ 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);

    page = { ...about, html: about.html.replace('About Us</h1>', 'About the consortium</h1>') };
    const changed = await get({ 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.toString('utf8')).toContain('About the consortium');
  });

  it('sends the 404 page with status 404, never a 304', async () => {
    page = { ...about, status: 404 };
    const { headers } = await get();
    const response = await get({ 'If-None-Match': String(headers.etag) });
    expect(response.status).toBe(404);
    expect(response.body.toString('utf8')).toBe(about.html);
  });

  it('compresses with Brotli where the browser takes it, else gzip', async () => {
    const br = await get({ 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(about.html);
    const gzip = await get({ 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(about.html);
  });

  it('keeps a page marked noindex out of search engines', async () => {
    page = { ...about, noindex: true };
    expect((await get()).headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
