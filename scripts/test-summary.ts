/**
 * The closing line of `npm test` and `.ci/run`: "N passed, N failed, N skipped", added up from
 * the machine-readable report each test runner writes (scripts/run-tests.ts runs them).
 *
 *   jest --json            numPassedTests, numFailedTests, numPendingTests + numTodoTests, and a
 *                          suite that failed to run (no test result) as one failure
 *   Playwright json        stats: expected (+ flaky: passed on a retry), unexpected, skipped, and
 *                          a run-level error (global setup, web server) as one failure
 *   schemathesis json      one test per API operation, like its JUnit report: an operation with a
 *                          failure or an error failed; skipped operations are skipped
 *
 * A step that exits non-zero while its report shows no failure (it crashed), or whose report is
 * missing or unreadable whatever its exit code, counts one failure, so no run that tested nothing
 * countable can add up to "0 failed".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Tally {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

export const NONE: Tally = { passed: 0, failed: 0, skipped: 0 };

export type ReportKind = 'jest' | 'playwright' | 'schemathesis';

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function count(object: Record<string, unknown>, key: string, what: string): number {
  const value = object[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`${what} has no count "${key}"`);
  }
  return value;
}

export function tallyJest(report: unknown): Tally {
  const json = record(report, 'The jest report');
  const what = 'The jest report';
  // A suite that cannot run (a syntax error, a failing import) reports no test at all.
  const brokenSuites = count(json, 'numRuntimeErrorTestSuites', what);
  return {
    passed: count(json, 'numPassedTests', what),
    failed: count(json, 'numFailedTests', what) + brokenSuites,
    skipped: count(json, 'numPendingTests', what) + count(json, 'numTodoTests', what),
  };
}

export function tallyPlaywright(report: unknown): Tally {
  const json = record(report, 'The Playwright report');
  const stats = record(json.stats, 'The Playwright report\'s "stats"');
  const what = 'The Playwright report\'s "stats"';
  const errors = Array.isArray(json.errors) ? json.errors.length : 0;
  const unexpected = count(stats, 'unexpected', what);
  return {
    passed: count(stats, 'expected', what) + count(stats, 'flaky', what),
    // Errors outside any test (a web server that never started) stop tests from running at all.
    failed: unexpected + (unexpected === 0 && errors > 0 ? 1 : 0),
    skipped: count(stats, 'skipped', what),
  };
}

export function tallySchemathesis(report: unknown): Tally {
  const json = record(report, 'The schemathesis report');
  const operations = record(json.operations, 'The schemathesis report\'s "operations"');
  const what = 'The schemathesis report\'s "operations"';
  const failures = Array.isArray(json.failures) ? json.failures : [];
  const failing = new Set<string>();
  for (const failure of failures) {
    const names = record(failure, 'A schemathesis failure').operations;
    if (Array.isArray(names)) for (const name of names) failing.add(String(name));
  }
  const tested = count(operations, 'tested', what);
  const failed = Math.min(tested, failing.size + count(operations, 'errored', what));
  // An interrupted run tested fewer operations than it meant to: that is a failure too.
  const incomplete = json.complete === false && failed === 0 ? 1 : 0;
  return { passed: tested - failed, failed: failed + incomplete, skipped: count(operations, 'skipped', what) };
}

export function tallyReport(kind: ReportKind, report: unknown): Tally {
  switch (kind) {
    case 'jest':
      return tallyJest(report);
    case 'playwright':
      return tallyPlaywright(report);
    case 'schemathesis':
      return tallySchemathesis(report);
  }
}

export function add(...tallies: readonly Tally[]): Tally {
  return tallies.reduce(
    (sum, tally) => ({
      passed: sum.passed + tally.passed,
      failed: sum.failed + tally.failed,
      skipped: sum.skipped + tally.skipped,
    }),
    NONE,
  );
}

/**
 * What one step of the run adds: its reports, plus one failure when it failed without saying so
 * (a non-zero exit with no failing test) or when a report it should have written is missing or
 * unreadable (a runner that exits 0 without a report ran nothing we can count).
 */
export function stepTally(exitCode: number, reports: readonly Tally[], unreadable = 0): Tally {
  const sum = add(...reports);
  const unexplained = unreadable > 0 || (exitCode !== 0 && sum.failed === 0);
  return unexplained ? { ...sum, failed: sum.failed + 1 } : sum;
}

/** A step's tally read from its report files, and a note on what was missing or unreadable. */
export function tallyStepReports(
  kind: ReportKind,
  files: readonly string[],
  exitCode: number,
): { tally: Tally; note: string } {
  const tallies: Tally[] = [];
  const notes: string[] = [];
  for (const file of files) {
    try {
      tallies.push(tallyReport(kind, JSON.parse(readFileSync(file, 'utf8'))));
    } catch (error) {
      notes.push(`unreadable report ${path.basename(file)}: ${(error as Error).message}`);
    }
  }
  if (files.length === 0) notes.push('no report');
  const tally = stepTally(exitCode, tallies, files.length === 0 ? 1 : notes.length);
  if (exitCode !== 0 && add(...tallies).failed === 0) notes.push(`exited with ${exitCode}`);
  return { tally, note: notes.join('; ') };
}

/** The closing line; nothing else may follow it. */
export function summaryLine(tally: Tally): string {
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
}
