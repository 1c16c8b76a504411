import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_TOKEN } from '../test-support/e2e/team-export';
import { terminateGroup } from './process-group';

const ROOT = path.resolve(__dirname, '..');
const EDGE_PORT = Number(process.env.EDGE_PORT ?? 3000);

/** localhost, not 127.0.0.1: both engines treat it as a secure context, as the clipboard needs. */
export const BASE_URL = `http://localhost:${EDGE_PORT}`;

const STARTUP_MS = 120_000;

/**
 * The last build served exactly as `npm start` serves it (`npm run serve`), with the settings the
 * Playwright run gives it (playwright.config.ts): a throw-away data folder, the team export's
 * token, no rate limit, and a fragment budget for a busy machine.
 */
function answers(): Promise<boolean> {
  return fetch(`${BASE_URL}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

export async function startSite(): Promise<ChildProcess> {
  // The site Playwright ran before may take a few seconds to go away.
  const freeBy = Date.now() + 15_000;
  while ((await answers()) && Date.now() < freeBy) await new Promise((resolve) => setTimeout(resolve, 500));
  if (await answers()) {
    throw new Error(`Something already answers on ${BASE_URL}; stop it or set EDGE_PORT (and the other ports).`);
  }
  // A throw-away data folder outside test-results/: `npm test` runs this suite beside the real-API
  // Playwright run, which empties test-results/ when it starts.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wpc-engines-'));
  const site = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      RATE_LIMIT_MAX: '0',
      // Likewise the hourly caps on confirmation emails (their own API tests: api/test/confirmation-caps*.test.ts).
      CONFIRMATIONS_PER_IP_HOUR: '0',
      CONFIRMATIONS_PER_HOUR: '0',
      FRAGMENT_TIMEOUT_MS: '3000',
    },
  });
  site.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let log = '';
  site.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (site.exitCode !== null) throw new Error(`npm run serve exited with ${site.exitCode}:\n${log}`);
    if (await answers()) return site;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stopSite(site);
  throw new Error(`The site did not answer ${BASE_URL}/api/health within ${STARTUP_MS / 1000} s:\n${log}`);
}

/** Stops the edge, the remote servers and the API (one process group). */
export function stopSite(site: ChildProcess): Promise<void> {
  return terminateGroup(site);
}
