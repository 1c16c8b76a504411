import { expect, test } from '@playwright/test';
import { edgeOf } from '../../test-support/e2e/edge';
import { waitForHydration } from '../../test-support/e2e/hydration';

/** The scorecard download the scorecard remote ships (the forms' download step links it). */
const SCORECARD_ZIP = 'community-wildfire-resilience-scorecard-02-20-24.zip';

test('remotes.json, manifests and HTML are revalidated; hashed assets are immutable', async ({ request }) => {
  const remotes = await request.get('/remotes.json');
  expect(remotes.headers()['cache-control']).toBe('no-cache');
  expect(Object.keys(await remotes.json()).sort()).toEqual(['home', 'map', 'scorecard', 'showcase']);

  const html = await request.get('/about', { headers: { Accept: 'text/html' } });
  expect(html.headers()['cache-control']).toBe('no-cache');

  const manifestResponse = await request.get('/mfe/scorecard/mf-manifest.json');
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
  const manifest = (await manifestResponse.json()) as { exposes: Array<{ assets: { js: { sync: string[] } } }> };
  const chunk = manifest.exposes[0]?.assets.js.sync[0];
  expect(chunk).toMatch(/\.[0-9a-f]{10}\.js$/);
  const asset = await request.get(`/mfe/scorecard/${chunk}`);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('responses are compressed', async ({ request }, testInfo) => {
  // What browsers send. A remote's own server (node, behind either edge) prefers brotli; the nginx
  // images have no brotli module, so nginx serves the shell's gzip copies (gzip_static).
  const manifest = await request.get('/mfe/home/mf-manifest.json', {
    headers: { 'Accept-Encoding': 'gzip, deflate, br' },
  });
  expect(manifest.headers()['content-encoding']).toBe('br');
  expect(manifest.headers()['vary']).toContain('Accept-Encoding');
  const shellScript = await request.get('/main.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(shellScript.headers()['content-encoding']).toBe(edgeOf(testInfo) === 'nginx' ? 'gzip' : 'br');
  const html = await request.get('/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } });
  expect(html.headers()['content-encoding']).toBe('gzip');
});

test('the scorecard download and the API are reached through the edge', async ({ request }) => {
  const download = await request.get(`/assets/content/${SCORECARD_ZIP}`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
});

test('remote assets may be loaded from another origin', async ({ request }) => {
  const entry = await request.get('/mfe/map/remoteEntry.js');
  expect(entry.headers()['access-control-allow-origin']).toBe('*');
});

test('React reaches the browser once, shared by the shell and every remote', async ({ page }) => {
  await page.goto('/');
  // The page is painted before its scripts run: what they share is known once they have run.
  await waitForHydration(page);
  const providers = await page.evaluate(() => {
    type Shared = Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>>;
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Shared } }).__FEDERATION__.__SHARE__;
    const loaded: Record<string, string[]> = {};
    for (const host of Object.values(share)) {
      for (const scope of Object.values(host)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const version of Object.values(versions)) {
            if (version.loaded) (loaded[pkg] ??= []).push(version.from);
          }
        }
      }
    }
    return loaded;
  });
  for (const pkg of ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime']) {
    expect(new Set(providers[pkg])).toEqual(new Set(['shell']));
  }
});

test("the shell's prerendered documents are not served as pages of their own", async ({ request }) => {
  expect((await request.get('/ssr/about.html')).status()).toBe(404);
});
