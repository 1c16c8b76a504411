import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-flags.cjs';
import { nginxPorts } from './scripts/nginx-edge-ports.cjs';
import { E2E_ADMIN_TOKEN } from './test-support/e2e/team-export';
import { E2E_SITE_ORIGIN } from './test-support/spec/public-web';
import { E2E_SMTP_CONTROL, e2eMailEnv } from './test-support/e2e/mail';
import { fakeContentControl, fakeContentOrigin } from './test-support/content-api/ports';
import { e2eChromium, playwrightBase } from './test-support/e2e/playwright-base';

// A system Chromium (Debian's package): no browser download is possible on these machines.
const executablePath = e2eChromium();

const edgePort = Number(process.env.EDGE_PORT ?? 3000);
const baseURL = `http://localhost:${edgePort}`;
/** The same build through nginx and the production configs of docker/nginx/ (scripts/nginx-edge.mjs). */
const nginxURL = `http://localhost:${nginxPorts.edge}`;

/**
 * What runs through the nginx edge as well: routing, serving and caching headers, failure
 * isolation, the composed first response and forms sent without scripts (posted to the edge),
 * plus what is particular to nginx. Not the rest:
 * pages' behaviour and forms happen in the browser and the API, the same behind either edge;
 * remote-overrides.spec.ts points the browser at the node remote servers' own ports, not at an
 * edge; redeploy.spec.ts rebuilds a remote once, under the node edge.
 */
const THROUGH_NGINX = [
  '**/e2e/spec-routes.spec.ts',
  '**/shell/e2e/routes.spec.ts',
  '**/shell/e2e/serving.spec.ts',
  '**/shell/e2e/remote-failure.spec.ts',
  '**/shell/e2e/first-paint.spec.ts',
  '**/shell/e2e/nginx-edge.spec.ts',
  '**/shell/e2e/public-web.spec.ts',
  '**/shell/e2e/content-security-policy.spec.ts',
  '**/shell/e2e/forms-without-scripts.spec.ts',
  // The updates pages' forms posted without scripts reach the API through each edge's own rule.
  '**/shell/e2e/updates.spec.ts',
];

/**
 * Publishing (issue 28): they change what the site shows, so they run on their own, after
 * everything else, through each edge in turn.
 */
const PUBLISHING = ['**/e2e/publishing.spec.ts'];

/**
 * Where the remotes (and the edges, for previews) find the published content: the fake of the API's
 * publishing contract (test-support/content-api), although the real API publishes now. The real
 * API's publishing is tested end to end by playwright.real-api.config.ts (shell/e2e/
 * publishing.real-api.ts: the console's editor, scheduled publishing on the API's test clock, an
 * API outage, both edges). What this suite still takes from the fake, and why it stays:
 * - mfe-showcase/e2e/publishing.spec.ts and mfe-scorecard/e2e/publishing.spec.ts publish and
 *   unpublish entries of their own shape (publishEntry, unpublishEntry), take preview tokens and
 *   stop the content API (contentApiOutage) through the fake's control port, in a few
 *   milliseconds each. Through the real API each would be a console sign-in by emailed link,
 *   CSRF-protected edits that the content model validates, and a restart of the whole API for the
 *   outage (which the real-API config does with its own launcher): a rewrite of both specs, and
 *   their checks on what the remotes render would stay the same.
 * - shell/e2e/public-web.spec.ts reads the published content (publishedContent) to know what the
 *   pages must show; shell/e2e/redeploy.spec.ts reads only the remotes' own status.
 * The fake speaks the same contract (@wpc/shared/content-contract), which the renderer's tests
 * check against it and the real-API config against the API.
 */
const CONTENT_API_ORIGIN = fakeContentOrigin();

const base = playwrightBase('*.spec.ts', 'test-reports/playwright.json');

export default defineConfig({
  ...base,
  timeout: 30_000,
  workers: 2,
  reporter: [...base.reporter, ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'site',
      testIgnore: ['**/node_modules/**', '**/redeploy.spec.ts', '**/nginx-edge.spec.ts', ...PUBLISHING],
      metadata: { edge: 'node' },
    },
    {
      name: 'nginx',
      testMatch: THROUGH_NGINX,
      // Hydration at two widths and the pages with JavaScript off run once, on the node edge: nginx
      // passes the composer's document of every route on byte for byte (nginx-edge.spec.ts checks
      // that), so the browser's work is the same; the nginx run still loads every route in a browser
      // (content-security-policy.spec.ts) and fetches each one's first response (first-paint.spec.ts).
      grepInvert: /hydration at \d+px|reads correctly and says what needs JavaScript/,
      use: { baseURL: nginxURL },
      metadata: { edge: 'nginx' },
    },
    { name: 'publish', testMatch: PUBLISHING, dependencies: ['site', 'nginx'], metadata: { edge: 'node' } },
    {
      name: 'publish-nginx',
      testMatch: PUBLISHING,
      use: { baseURL: nginxURL },
      dependencies: ['publish'],
      metadata: { edge: 'nginx' },
    },
    // Rebuilds a remote under the running site (both edges serve its dist/), so it runs once
    // everything else has finished.
    {
      name: 'redeploy',
      testMatch: ['**/e2e/redeploy.spec.ts'],
      dependencies: ['site', 'nginx', 'publish-nginx'],
      metadata: { edge: 'node' },
    },
  ],
  webServer: [
    {
      // The production build served exactly as `npm start` serves it.
      command: 'npm run serve',
      url: `${baseURL}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: path.join(__dirname, base.outputDir, 'e2e-data'),
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        // Many forms are sent from one address in a few seconds; the limiter has its own API tests.
        RATE_LIMIT_MAX: '0',
        // Likewise the hourly caps on confirmation emails (their own API tests: api/test/confirmation-caps*.test.ts).
        CONFIRMATIONS_PER_IP_HOUR: '0',
        CONFIRMATIONS_PER_HOUR: '0',
        // The tests check what the edge composes, not how fast remotes answer on a busy machine.
        FRAGMENT_TIMEOUT_MS: '3000',
        // Canonical URLs and the links in emails name the public origin, whatever address the
        // tests reach the site on.
        SITE_ORIGIN: E2E_SITE_ORIGIN,
        // Notifications and sign-in links go to the local SMTP server below.
        ...e2eMailEnv(),
        CONTENT_API_ORIGIN,
        // A fresh state (Playwright empties its output folder as a run starts): the published
        // content of an earlier run is not this run's.
        CONTENT_STATE_DIR: path.join(__dirname, base.outputDir, 'e2e-content'),
      },
    },
    {
      // The published content the remotes render, as the API's publishing contract serves it.
      command: 'npx tsx test-support/content-api/cli.ts',
      url: `${fakeContentControl()}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A real SMTP server on this machine (test-support/smtp); tests read what it received over HTTP.
      command: 'npx tsx test-support/smtp/cli.ts',
      url: `${E2E_SMTP_CONTROL}/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // nginx in front of the same remotes' dist/ folders, the API above and a page composer of
      // its own; it fails loudly when nginx is not installed. A page is the readiness check: it
      // answers only once nginx and the composer are both up.
      command: 'node scripts/nginx-edge.mjs',
      url: `${nginxURL}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FRAGMENT_TIMEOUT_MS: '3000', SITE_ORIGIN: E2E_SITE_ORIGIN, CONTENT_API_ORIGIN },
    },
  ],
});
