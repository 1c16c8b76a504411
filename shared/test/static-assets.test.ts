/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { cacheControlFor, staticAssets } from '@wpc/shared/server/static-assets.cjs';

describe('cache rules for built files', () => {
  it('lets content-hashed files, and their compressed copies, be cached for good', () => {
    for (const file of [
      '/dist/923.48ed98c9b5.js',
      '/dist/__federation_expose_spa.d5605f977c.js.gz',
      '/dist/assets/logo.0123456789.svg.br',
    ]) {
      expect(cacheControlFor(file)).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates entry files, manifests, HTML and documents on every load', () => {
    for (const file of [
      '/dist/remoteEntry.js',
      '/dist/remoteEntry.js.br',
      '/dist/mf-manifest.json',
      '/dist/index.html.gz',
      '/dist/main.js',
      '/dist/assets/docs/policy.pdf',
    ]) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });
});

describe('serving a build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-static-'));
  const source = 'export const answer = 42;\n'.repeat(50);
  const write = (name: string) => {
    fs.writeFileSync(path.join(dir, name), source);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(source));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(source));
  };
  const app = express().use(staticAssets(dir, { cors: true }));

  beforeAll(() => write('app.0123456789.js'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends the Brotli copy to browsers that take it, with the original type', async () => {
    // A browser's own order: gzip first.
    const response = await request(app).get('/app.0123456789.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.text).toBe(source); // decoded by the client, as a browser does
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await request(app).get('/app.0123456789.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(source);
    const plain = await request(app).get('/app.0123456789.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(source);
  });

  it('compresses files written after it started, as a redeploy does', async () => {
    write('later.abcdef0123.js');
    const response = await request(app).get('/later.abcdef0123.js').set('Accept-Encoding', 'br');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('does not serve files outside its folder', async () => {
    const response = await request(app).get('/../../etc/passwd').set('Accept-Encoding', 'br');
    expect(response.status).toBe(404);
  });
});
