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

/**
 * A step's tally read from its report files, a note on what was missing or unreadable, and the
 * tests its reports name as failed or flaky.
 */
export function tallyStepReports(
  kind: ReportKind,
  files: readonly string[],
  exitCode: number,
): { tally: Tally; note: string; failures: Failures } {
  const tallies: Tally[] = [];
  const unreadable: string[] = [];
  const failed: Failure[] = [];
  const flaky: Failure[] = [];
  const unnamed: string[] = [];
  for (const file of files) {
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(file, 'utf8'));
      tallies.push(tallyReport(kind, report));
    } catch (error) {
      unreadable.push(`unreadable report ${path.basename(file)}: ${(error as Error).message}`);
      continue;
    }
    try {
      const named = failuresOf(kind, report);
      failed.push(...named.failed);
      flaky.push(...named.flaky);
    } catch (error) {
      // The count stands; only the names are missing, and the step's own output has them.
      unnamed.push(`could not name the failures of ${path.basename(file)}: ${(error as Error).message}`);
    }
  }
  const notes = [...(files.length === 0 ? ['no report'] : unreadable), ...unnamed];
  const tally = stepTally(exitCode, tallies, files.length === 0 ? 1 : unreadable.length);
  if (exitCode !== 0 && add(...tallies).failed === 0) notes.push(`exited with ${exitCode}`);
  return { tally, note: notes.join('; '), failures: { failed, flaky } };
}

/** A test that failed, or passed only on a retry, named as its runner names it. */
export interface Failure {
  readonly name: string;
  /** Where it failed and the first lines of why; empty when the report does not say. */
  readonly why: string;
}

export interface Failures {
  readonly failed: readonly Failure[];
  /** Tests that failed once and passed on their retry (Playwright's, and the engine tests' jest). */
  readonly flaky: readonly Failure[];
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first few non-empty lines of a runner's message, without colours or stack frames. */
function gist(message: unknown, at = ''): string {
  const lines = String(message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '))
    .slice(0, 4)
    .join(' · ');
  const text = [at, lines].filter(Boolean).join(': ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function jestFailures(report: unknown, root: string): Failures {
  const failed: Failure[] = [];
  const flaky: Failure[] = [];
  for (const suite of list(record(report, 'The jest report').testResults)) {
    const { name, status, message, assertionResults } = record(suite, 'A jest suite');
    const file = path.relative(root, String(name));
    const tests = list(assertionResults).map((test) => record(test, 'A jest test'));
    const failing = tests.filter((test) => test.status === 'failed');
    for (const test of failing) {
      failed.push({ name: `${file} › ${String(test.fullName)}`, why: gist(list(test.failureMessages)[0]) });
    }
    // jest.retryTimes (the engine tests in CI): passed, but not on its first run.
    for (const test of tests.filter((test) => test.status === 'passed' && list(test.retryReasons).length > 0)) {
      flaky.push({ name: `${file} › ${String(test.fullName)}`, why: gist(list(test.retryReasons)[0]) });
    }
    if (status === 'failed' && failing.length === 0) failed.push({ name: file, why: gist(message) });
  }
  return { failed, flaky };
}

function playwrightFailures(report: unknown, root: string): Failures {
  const failed: Failure[] = [];
  const flaky: Failure[] = [];
  const walk = (suiteValue: unknown, titles: readonly string[]): void => {
    const suite = record(suiteValue, 'A Playwright suite');
    // The file's own suite is titled with its path, which the name already begins with.
    const inner = suite.title && suite.title !== suite.file ? [...titles, String(suite.title)] : titles;
    for (const specValue of list(suite.specs)) {
      const spec = record(specValue, 'A Playwright spec');
      for (const testValue of list(spec.tests)) {
        const test = record(testValue, 'A Playwright test');
        const into = test.status === 'unexpected' ? failed : test.status === 'flaky' ? flaky : undefined;
        if (!into) continue;
        const project = test.projectName ? `[${String(test.projectName)}] ` : '';
        const where = `${String(spec.file)}:${String(spec.line)}`;
        const firstFailure = list(test.results)
          .map((result) => record(result, 'A Playwright result'))
          .find((result) => result.status !== 'passed' && result.status !== 'skipped');
        const error = firstFailure?.error ? record(firstFailure.error, 'A Playwright error') : {};
        const location = error.location ? record(error.location, 'A Playwright error location') : undefined;
        const at = location ? `${path.relative(root, String(location.file))}:${String(location.line)}` : '';
        into.push({
          name: `${project}${where} › ${[...inner, String(spec.title)].join(' › ')}`,
          why: gist(error.message ?? firstFailure?.status, at),
        });
      }
    }
    for (const child of list(suite.suites)) walk(child, inner);
  };
  const json = record(report, 'The Playwright report');
  for (const suite of list(json.suites)) walk(suite, []);
  for (const error of list(json.errors))
    failed.push({ name: 'outside any test', why: gist(record(error, 'A Playwright error').message) });
  return { failed, flaky };
}

function schemathesisFailures(report: unknown): Failures {
  const failed = list(record(report, 'The schemathesis report').failures).flatMap((value) => {
    const failure = record(value, 'A schemathesis failure');
    return list(failure.operations).map((operation) => ({
      name: String(operation),
      why: `${String(failure.title)} (${String(failure.code)})`,
    }));
  });
  return { failed, flaky: [] };
}

/** Which tests a report says failed (and which were flaky), so a run's last lines can name them. */
export function failuresOf(kind: ReportKind, report: unknown, root = process.cwd()): Failures {
  switch (kind) {
    case 'jest':
      return jestFailures(report, root);
    case 'playwright':
      return playwrightFailures(report, root);
    case 'schemathesis':
      return schemathesisFailures(report);
  }
}

/** The closing line; nothing else may follow it. */
export function summaryLine(tally: Tally): string {
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
}
