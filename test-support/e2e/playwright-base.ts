import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * What the two Playwright configs share: where the specs are, the expect timeout, no `.only`, the
 * one retry in CI (a test slowed by a busy 2-core machine does not sink the run; the list reporter
 * names every test that needed it as flaky, and those are followed up), and the list reporter for
 * people with the JSON report whose count closes `npm test` (scripts/run-tests.ts).
 */
export function playwrightBase(specs: string, jsonReport: string) {
  return {
    testDir: '.',
    testMatch: [`**/e2e/**/${specs}`],
    testIgnore: ['**/node_modules/**'],
    expect: { timeout: 10_000 },
    forbidOnly: true,
    retries: process.env.CI ? 1 : 0,
    reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_REPORT ?? jsonReport }]],
  } satisfies PlaywrightTestConfig;
}
