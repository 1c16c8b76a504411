import { expect, test } from '@playwright/test';
import { ROUTES } from '@wpc/shared/routes';
import { nginxPorts } from '../../scripts/nginx-edge-ports.cjs';

// Only in the "nginx" project: what is particular to the nginx edge (docker/nginx/edge.conf,
// rendered and started by scripts/nginx-edge.mjs). The shared specs run through it as well.
const composer = `http://localhost:${nginxPorts.pageComposer}`;
/** The same edge.conf, with the showcase remote's address pointing where nothing listens. */
const outageEdge = `http://localhost:${nginxPorts.outageEdge}`;

test('nginx hands page requests to the node page composer and passes its document on unchanged', async ({
  request,
}) => {
  const throughNginx = await request.get('/scorecard/faq', { headers: { Accept: 'text/html' } });
  expect(throughNginx.status()).toBe(200);
  expect(throughNginx.headers()['server']).toMatch(/^nginx\//);
  const html = await throughNginx.text();
  // Composed: the remote's prerendered page inside the shell's document, marked with its build.
  expect(html).toMatch(/<div id="area-scorecard" data-ssr-build="[^"]+">[\s\S]*<h1[^>]*>Frequently Asked Questions</);

  const fromComposer = await request.get(`${composer}/scorecard/faq`, { headers: { Accept: 'text/html' } });
  expect(fromComposer.headers()['server']).toBeUndefined();
  expect(throughNginx.headers()['etag']).toBe(fromComposer.headers()['etag']);
  expect(html).toBe(await fromComposer.text());

  // Every route's document, so that the browser's checks of a document (hydration, JavaScript
  // off) run once, on the node edge (playwright.config.ts).
  for (const { path } of ROUTES) {
    const [edge, origin] = await Promise.all(
      [path, `${composer}${path}`].map((url) => request.get(url, { headers: { Accept: 'text/html' } })),
    );
    expect(edge!.status(), path).toBe(200);
    expect(await edge!.text(), path).toBe(await origin!.text());
  }
});

test('with a remote down, nginx answers 502 for its files and the rest of the site works', async ({
  page,
  request,
}) => {
  // Retries of the unreachable remote, then three areas visited.
  test.slow();
  expect((await request.get(`${outageEdge}/mfe/showcase/mf-manifest.json`)).status()).toBe(502);
  expect((await request.get(`${outageEdge}/mfe/home/mf-manifest.json`)).status()).toBe(200);

  // The composer still has the showcase's page, so it reads; its code cannot load, and a notice says so.
  const response = await page.goto(`${outageEdge}/showcase/innovations`);
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Wildfire Innovation Showcase' }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not finish loading' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Scorecard' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.locator('#area-scorecard').getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page.locator('#area-home').getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(outageEdge);

  // Back on the showcase in the same document: the area's panel, in place of its page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Innovation Showcase' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});
