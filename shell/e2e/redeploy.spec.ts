import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { remoteContentStatus } from '../../test-support/e2e/content';

// Runs after every other end-to-end test (its own Playwright project): it rebuilds a remote
// under the running site, as a team redeploying it would.
const root = path.resolve(__dirname, '../..');
const buildIdIn = (html: string) => /id="area-map" data-ssr-build="([^"]+)"/.exec(html)?.[1];

const EMPTY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('a rebuilt remote is live on the next request, with neither edge nor shell rebuilt or restarted', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const before = buildIdIn(await (await request.get('/map', { headers: { Accept: 'text/html' } })).text());
  expect(before).toBeTruthy();

  // A new salt gives the same source new file names and a new build id, as a changed page would.
  await promisify(execFile)('npm', ['run', 'build', '--silent', '-w', 'mfe-map'], {
    cwd: root,
    env: { ...process.env, WPC_HASH_SALT: `redeploy-${Date.now()}` },
  });
  const built = (JSON.parse(readFileSync(path.join(root, 'mfe-map/dist/ssr/map.json'), 'utf8')) as { buildId: string })
    .buildId;
  expect(built).not.toBe(before);

  const response = await request.get('/map', { headers: { Accept: 'text/html' } });
  expect(buildIdIn(await response.text())).toBe(built);
  // The build's own pages serve at once; then the remote renders the published content with the
  // new build. Its seed logos were published under the old build's file names (the new salt renames
  // every file), so the page below is that rendering: each logo must still load.
  await expect
    .poll(async () => {
      const { serving, buildId } = await remoteContentStatus(request, 'map');
      return { serving, buildId };
    })
    .toEqual({ serving: 'published', buildId: built });

  // The browser gets the new fragment and hydrates it with the new build.
  const problems: string[] = [];
  // No tile host is reachable here: answer the map's tiles with an empty image, so only what
  // hydration logs is counted.
  await page.route(/^https:\/\/[a-z]\.basemaps\.cartocdn\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(EMPTY_PNG_BASE64, 'base64') }),
  );
  const logoAnswers: { url: string; status: number }[] = [];
  page.on('response', (answer) => {
    if (/\/mfe\/map\/assets\/[^/]+\.svg$/.test(new URL(answer.url()).pathname))
      logoAnswers.push({ url: answer.url(), status: answer.status() });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto('/map');
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber$')),
      ),
    )
    .toBe(true);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Showcase Organisations Map' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(logoAnswers.length).toBeGreaterThan(0);
  expect(logoAnswers.filter((answer) => answer.status !== 200)).toEqual([]);
  expect(problems).toEqual([]);
});
