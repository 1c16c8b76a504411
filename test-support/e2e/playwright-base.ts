import fs from 'node:fs';
import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's chromium-headless-shell,
 * else Debian's chromium. The headless shell is what Playwright itself runs headless tests in
 * (its own download is chrome-headless-shell): the same Blink and V8 as the browser, without the
 * browser's UI and GPU processes. On 29 November the Chromium suite took 6.6 min in it against
 * 10.4 min in the full browser, all 489 tests passing in both. `.ci/run` installs it.
 */
export function e2eChromium(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      `End-to-end tests need Chromium at ${candidates.join(' or ')}, and none is there. Install it with ` +
        '"apt-get install -y chromium-headless-shell" or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return found;
}

/**
 * What the two Playwright configs share: where the specs are, the expect timeout, no `.only`, the
 * one retry in CI (a test slowed by a busy 2-core machine does not sink the run; the list reporter
 * names every test that needed it as flaky, and those are followed up), and the list reporter for
 * people with the JSON report whose count closes `npm test` (scripts/run-tests.ts). Each config
 * keeps its failures' traces in a folder of its own: with one shared `test-results/`, the
 * real-API suite, which runs after the Chromium suite, deleted the Chromium suite's traces.
 */
export function playwrightBase(specs: string, jsonReport: string) {
  return {
    testDir: '.',
    outputDir: `test-results/${path.basename(jsonReport, '.json')}`,
    testMatch: [`**/e2e/**/${specs}`],
    testIgnore: ['**/node_modules/**'],
    expect: { timeout: 10_000 },
    forbidOnly: true,
    retries: process.env.CI ? 1 : 0,
    reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_REPORT ?? jsonReport }]],
  } satisfies PlaywrightTestConfig;
}
