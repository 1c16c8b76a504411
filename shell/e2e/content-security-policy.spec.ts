import { createHash } from 'node:crypto';
import http from 'node:http';
import { expect, test, type APIResponse } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { recordViolations } from '../../test-support/e2e/violations';
import { ROUTES_BEYOND_SPEC, SPEC_ROUTES } from '../../test-support/spec/routes';

// Issue 21, through both edges: the security headers on pages, files and errors, and a browser
// that meets no Content-Security-Policy violation anywhere on the site.

const ALL_ROUTES = [...SPEC_ROUTES.map((route) => route.path), ...ROUTES_BEYOND_SPEC.map((route) => route.path)];

/** What every response carries, page, file or error. */
function expectCommonHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  const permissions = headers['permissions-policy'] ?? '';
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
    expect(permissions, what).toContain(feature);
  const csp = directives(headers['content-security-policy'] ?? '');
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  // Plain http here: no HSTS (it is sent over https only).
  expect(headers['strict-transport-security'], what).toBeUndefined();
  return csp;
}

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

const html = { Accept: 'text/html' };

test('pages carry a policy with no unsafe script sources, no plugins, no foreign base or framing', async ({
  request,
}) => {
  for (const path of ['/', '/map', '/showcase/presentations', '/dev/forms', '/no-such-page']) {
    const response = await request.get(path, { headers: html });
    const csp = expectCommonHeaders(response, path);
    for (const directive of ['script-src', 'default-src']) {
      expect(csp.get(directive), `${path} ${directive}`).not.toContain("'unsafe-inline'");
      expect(csp.get(directive), `${path} ${directive}`).not.toContain("'unsafe-eval'");
    }
    expect(csp.get('script-src'), path).toContain("'self'");
    // One inline script runs (the start script), allowed by its own hash and nothing wider; the
    // other inline <script> elements are data (JSON), which no policy governs.
    const inline = [...(await response.text()).matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
      .map(([, , code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    expect(inline, path).toHaveLength(1);
    expect(
      csp.get('script-src')?.filter((source) => source.startsWith("'sha")),
      path,
    ).toEqual(inline);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    // The clip player's embeds and the map's tiles.
    expect(csp.get('frame-src'), path).toContain('https://www.youtube-nocookie.com');
    expect(csp.get('img-src'), path).toContain('https://*.basemaps.cartocdn.com');
  }
});

test('files, remote files, share images and errors carry the headers and a policy that allows nothing', async ({
  request,
}) => {
  const manifest = (await (await request.get('/site.webmanifest')).json()) as { icons: { src: string }[] };
  const targets = [
    '/main.js',
    '/remotes.json',
    '/favicon.ico',
    manifest.icons.at(-1)!.src,
    '/mfe/home/remoteEntry.js',
    '/mfe/scorecard/mf-manifest.json',
    '/robots.txt',
    '/sitemap.xml',
    '/mfe/home/no-such-file.js',
    '/no-such-file.0123456789.js',
    '/ssr/about.html',
  ];
  for (const path of targets) {
    // As a script asks for it (a request that takes HTML for a missing path gets the 404 page).
    const response = await request.get(path, { headers: { Accept: 'application/javascript, application/json' } });
    const csp = expectCommonHeaders(response, `${path} (${response.status()})`);
    expect(csp.get('default-src'), path).toEqual(["'none'"]);
  }
});

// Issue 31 item 10: what an edge refuses before the API sees it carries the site's headers too
// (nginx answered its own 413 with none). Only the declared length is sent: nginx refuses on it
// (client_max_body_size) at once; the node edge has no limit of its own and passes the request
// on, and the API ends the wait for the body (BODY_TIMEOUT_MS, 15 s) with 408.
test('a body declared too large and never sent is refused with the site’s headers', async ({ baseURL }, testInfo) => {
  test.slow();
  const response = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      const req = http.request(`${baseURL}/api/submit-contact-form`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(300 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    },
  );
  expect(response.status).toBe(testInfo.project.metadata.edge === 'nginx' ? 413 : 408);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
  expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
});

// Issue 31 item 9: how strict the headers are is the deployment's setting (NODE_ENV, SITE_ORIGIN;
// shell/test/security-headers.test.ts), never a header a client sends. These servers run outside
// production over plain http, whatever X-Forwarded-Proto says.
test('a client’s X-Forwarded-Proto changes no header: no HSTS over plain http, the same page policy', async ({
  request,
}) => {
  const https = { 'X-Forwarded-Proto': 'https' };
  for (const [path, headers] of [
    ['/about', html],
    ['/main.js', {}],
  ] as const) {
    const plain = await request.get(path, { headers });
    const claimed = await request.get(path, { headers: { ...headers, ...https } });
    expect(claimed.headers()['strict-transport-security'], path).toBeUndefined();
    expect(claimed.headers()['content-security-policy'], path).toBe(plain.headers()['content-security-policy']);
  }
});

test('no page meets a policy violation: every route, a form dialog, a clip player, the map', async ({ page }) => {
  // Twenty page loads with hydration, on a busy machine.
  test.slow();
  const violations = await recordViolations(page);
  for (const path of [...ALL_ROUTES, '/no-such-page']) {
    await page.goto(path);
    await waitForHydration(page);
  }

  await page.goto('/map');
  await waitForHydration(page);
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();

  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('main').getByRole('button', { name: 'Download Scorecard' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();

  await page.goto('/showcase/presentations');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Nov 17, 2024' }).click();
  const card = page.getByRole('tabpanel').getByRole('article', { name: 'EmberSight Labs' });
  await card.getByRole('button', { name: /^Play / }).click();
  await expect(card.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toBeVisible();

  expect(violations).toEqual([]);
});

test('the policy is enforced: an injected inline script is refused and reported', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/about');
  await waitForHydration(page);
  await page.addScriptTag({ content: 'window.__wpcInjected = true;' }).catch(() => undefined);
  await expect.poll(() => violations.some((text) => text.includes('script-src'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __wpcInjected?: boolean }).__wpcInjected)).toBeUndefined();
});
