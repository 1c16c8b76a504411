import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './test-support/e2e/team-export';

// A system Chromium (Debian's package): no browser download is possible on these machines.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executablePath)) {
  throw new Error(
    `End-to-end tests need Chromium at ${executablePath}, and none is there. ` +
      'Install it with "apt-get install -y chromium" or point CHROMIUM_PATH at a Chromium binary.',
  );
}

const edgePort = Number(process.env.EDGE_PORT ?? 3000);
const baseURL = `http://localhost:${edgePort}`;

export default defineConfig({
  testDir: '.',
  testMatch: ['**/e2e/**/*.spec.ts'],
  testIgnore: ['**/node_modules/**'],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: true,
  // One retry in CI so a test slowed by a busy 2-core machine does not sink the run; the list
  // reporter names every test that needed it as flaky, and those are followed up.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'site', testIgnore: ['**/node_modules/**', '**/redeploy.spec.ts'] },
    // Rebuilds a remote under the running site, so it runs once everything else has finished.
    { name: 'redeploy', testMatch: ['**/e2e/redeploy.spec.ts'], dependencies: ['site'] },
  ],
  webServer: {
    // The production build served exactly as `npm start` serves it.
    command: 'npm run serve',
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: path.join(__dirname, 'test-results', 'e2e-data'),
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      // Many forms are sent from one address in a few seconds; the limiter has its own API tests.
      RATE_LIMIT_MAX: '0',
      // The tests check what the edge composes, not how fast remotes answer on a busy machine.
      FRAGMENT_TIMEOUT_MS: '3000',
    },
  },
});
