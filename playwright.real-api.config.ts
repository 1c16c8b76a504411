import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { nginxPorts } from './scripts/nginx-edge-ports.cjs';
import { E2E_SMTP_CONTROL, e2eMailEnv } from './test-support/e2e/mail';
import { e2eChromium, playwrightBase } from './test-support/e2e/playwright-base';
import { E2E_SITE_ORIGIN } from './test-support/spec/public-web';

/**
 * Publishing against the real API (issue 28, part B): the remotes poll the real API (no
 * CONTENT_API_ORIGIN: the fake of the contract is not started), which loads the areas' seeds from
 * the remotes and keeps its content in MongoDB when MONGODB_URI is set (FerretDB here), else in a
 * fresh embedded store. Through the node edge, then nginx.
 *
 * The site runs as `npm run serve` does, but from its own launcher (test-support/site), so a test
 * can stop the API or restart a remote while the rest keeps serving; and with TEST_CLOCK=1, so a
 * test can move the API's clock forward to a scheduled publish (api/src/test-clock.ts).
 *
 *   npm run build && npx playwright test -c playwright.real-api.config.ts
 */
const executablePath = e2eChromium();
const edgePort = Number(process.env.EDGE_PORT ?? 3000);
const baseURL = `http://localhost:${edgePort}`;
const nginxURL = `http://localhost:${nginxPorts.edge}`;
const base = playwrightBase('*.real-api.ts', 'test-reports/playwright-real-api.json');
// Inside the output folder, which Playwright empties as a run starts, so old runs do not pile up.
const run = path.join(__dirname, base.outputDir, `real-api-${Date.now().toString(36)}`);

export default defineConfig({
  ...base,
  timeout: 60_000,
  workers: 1,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: ['--no-sandbox', '--disable-gpu'] },
  },
  projects: [
    { name: 'real-api', metadata: { edge: 'node' } },
    { name: 'real-api-nginx', use: { baseURL: nginxURL }, dependencies: ['real-api'], metadata: { edge: 'nginx' } },
  ],
  webServer: [
    {
      command: 'npx tsx test-support/site/cli.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: path.join(run, 'data'),
        // A database of this run's own on the MongoDB-wire server, when there is one.
        ...(process.env.MONGODB_URI
          ? { MONGODB_URI: process.env.MONGODB_URI, MONGODB_DB: `wpc_e2e_${path.basename(run).replace(/-/g, '_')}` }
          : {}),
        RATE_LIMIT_MAX: '0',
        // The product's hourly caps on confirmation emails: shell/e2e/confirmation-caps.real-api.ts
        // checks them; no other test here sends a subscription.
        CONFIRMATIONS_PER_IP_HOUR: '3',
        // The suite signs in some twenty times a minute from one address (the API allows 10 in 15 minutes).
        TEAM_SIGN_IN_RATE_MAX: '200',
        FRAGMENT_TIMEOUT_MS: '3000',
        // In CI, contract fuzzing hammers the same FerretDB meanwhile (scripts/run-tests.ts): a store
        // call can then take longer than production's 1.5 s, which would answer a form 503 here. The
        // store's deadline has tests of its own (api/test/hardening.test.ts, recovery.test.ts).
        STORE_TIMEOUT_MS: '10000',
        SITE_ORIGIN: E2E_SITE_ORIGIN,
        ...e2eMailEnv(),
        CONTENT_STATE_DIR: path.join(run, 'content'),
        TEST_CLOCK: '1',
      },
    },
    {
      command: 'npx tsx test-support/smtp/cli.ts',
      url: `${E2E_SMTP_CONTROL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/nginx-edge.mjs',
      url: `${nginxURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FRAGMENT_TIMEOUT_MS: '3000', SITE_ORIGIN: E2E_SITE_ORIGIN },
    },
  ],
});
