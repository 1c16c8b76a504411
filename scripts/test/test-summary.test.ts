import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  add,
  failuresOf,
  stepTally,
  summaryLine,
  tallyJest,
  tallyPlaywright,
  tallyReport,
  tallySchemathesis,
  tallyStepReports,
} from '../test-summary';

/** Reports written by the real runners (paths shortened); each test names what the runner printed. */
function fixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(__dirname, 'fixtures', name), 'utf8'));
}

describe('jest --json', () => {
  test('a green run: jest printed "Tests: 20 passed, 20 total"', () => {
    expect(tallyJest(fixture('jest-pass.json'))).toEqual({ passed: 20, failed: 0, skipped: 0 });
  });

  test('a failed test, a suite that could not run, a skipped test and a todo', () => {
    // jest printed "Tests: 1 failed, 1 skipped, 1 todo, 2 passed, 5 total" and
    // "Test Suites: 2 failed, 1 passed": the suite that failed to import is a failure of its own.
    expect(tallyJest(fixture('jest-mixed.json'))).toEqual({ passed: 2, failed: 2, skipped: 2 });
  });
});

describe('Playwright json reporter', () => {
  test('a green run: the list reporter printed "7 passed"', () => {
    expect(tallyPlaywright(fixture('playwright-pass.json'))).toEqual({ passed: 7, failed: 0, skipped: 0 });
  });

  test('a flaky test passed on its retry, a failed one, a skipped one', () => {
    // The list reporter printed "1 failed, 1 flaky, 1 skipped, 1 passed".
    expect(tallyPlaywright(fixture('playwright-mixed.json'))).toEqual({ passed: 2, failed: 1, skipped: 1 });
  });

  test('a web server that never started ran no test and is one failure', () => {
    expect(tallyPlaywright(fixture('playwright-web-server-error.json'))).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });
});

describe('schemathesis json report', () => {
  test('one test per API operation: schemathesis printed "Tested: 13" and "36 generated, 36 passed"', () => {
    expect(tallySchemathesis(fixture('schemathesis-pass.json'))).toEqual({ passed: 13, failed: 0, skipped: 0 });
  });

  test('an operation with a failing check fails; the others of the run pass', () => {
    // Three operations tested, one failure (ST202) on POST /api/submit-assessment.
    expect(tallySchemathesis(fixture('schemathesis-fail.json'))).toEqual({ passed: 2, failed: 1, skipped: 0 });
  });

  test('an interrupted run with no failure recorded still fails', () => {
    const report = { ...(fixture('schemathesis-pass.json') as object), complete: false };
    expect(tallySchemathesis(report).failed).toBe(1);
  });
});

test('a report without its counts is refused, not read as zero', () => {
  expect(() => tallyJest({ numPassedTests: 3 })).toThrow(/has no count/);
  expect(() => tallyPlaywright({ suites: [] })).toThrow(/stats/);
  expect(() => tallySchemathesis([])).toThrow(/not a JSON object/);
});

test('tallyReport reads each kind by its own rules', () => {
  expect(tallyReport('jest', fixture('jest-mixed.json'))).toEqual(tallyJest(fixture('jest-mixed.json')));
  expect(tallyReport('schemathesis', fixture('schemathesis-fail.json')).failed).toBe(1);
});

test('steps add up into the closing line', () => {
  const total = add(
    stepTally(0, [{ passed: 1, failed: 0, skipped: 0 }]), // lint
    stepTally(1, [tallyJest(fixture('jest-mixed.json'))]),
    stepTally(0, [
      tallySchemathesis(fixture('schemathesis-pass.json')),
      tallySchemathesis(fixture('schemathesis-pass.json')),
    ]),
    stepTally(1, [tallyPlaywright(fixture('playwright-mixed.json'))]),
  );
  expect(summaryLine(total)).toBe('31 passed, 3 failed, 3 skipped');
});

test('a step that failed without a failing test in its reports counts one failure', () => {
  expect(stepTally(1, [])).toEqual({ passed: 0, failed: 1, skipped: 0 });
  expect(stepTally(2, [{ passed: 5, failed: 0, skipped: 1 }])).toEqual({ passed: 5, failed: 1, skipped: 1 });
  // Its own failures already say it failed.
  expect(stepTally(1, [{ passed: 5, failed: 2, skipped: 0 }])).toEqual({ passed: 5, failed: 2, skipped: 0 });
});

describe('a step read from its report files', () => {
  const at = (name: string) => path.join(__dirname, 'fixtures', name);

  test('a step that exits 0 without a report ran nothing countable: one failure', () => {
    expect(tallyStepReports('jest', [], 0)).toEqual({
      tally: { passed: 0, failed: 1, skipped: 0 },
      note: 'no report',
      failures: { failed: [], flaky: [] },
    });
  });

  test('a step that exits 0 with a report cut off mid-write counts its other reports and one failure', () => {
    // jest-truncated.json is the first 300 bytes of jest-pass.json, as a runner killed while writing leaves it.
    const { tally, note } = tallyStepReports('jest', [at('jest-pass.json'), at('jest-truncated.json')], 0);
    expect(tally).toEqual({ passed: 20, failed: 1, skipped: 0 });
    expect(note).toMatch(/^unreadable report jest-truncated\.json: /);
  });

  test('a green step with its report adds its tests and nothing else', () => {
    expect(tallyStepReports('jest', [at('jest-pass.json')], 0)).toEqual({
      tally: { passed: 20, failed: 0, skipped: 0 },
      note: '',
      failures: { failed: [], flaky: [] },
    });
  });

  test('a step that crashed after writing a green report fails once', () => {
    expect(tallyStepReports('playwright', [at('playwright-pass.json')], 1)).toEqual({
      tally: { passed: 7, failed: 1, skipped: 0 },
      note: 'exited with 1',
      failures: { failed: [], flaky: [] },
    });
  });
});

describe('naming what failed, for the lines above the summary', () => {
  // The fixtures were written under /repo/example.
  const root = '/repo/example';

  test('jest: the failed test with its message, and the suite that could not run', () => {
    expect(failuresOf('jest', fixture('jest-mixed.json'), root)).toEqual({
      failed: [
        {
          name: 'fail.test.js › fails',
          why: 'Error: expect(received).toBe(expected) // Object.is equality · Expected: 2 · Received: 1',
        },
        {
          name: 'broken.test.js',
          why: expect.stringMatching(
            /^● Test suite failed to run · Cannot find module '\.\/no-such-module' from 'broken\.test\.js'/,
          ),
        },
      ],
      flaky: [],
    });
  });

  test('jest: a test that passed only on its retry (jest.retryTimes) is flaky, with why its first run failed', () => {
    // jest printed "Tests: 2 passed, 2 total" for it.
    expect(tallyJest(fixture('jest-retried.json'))).toEqual({ passed: 2, failed: 0, skipped: 0 });
    expect(failuresOf('jest', fixture('jest-retried.json'), root)).toEqual({
      failed: [],
      flaky: [
        {
          name: 'retried.test.js › passes on its retry',
          why: 'Error: expect(received).toBe(expected) // Object.is equality · Expected: 2 · Received: 1',
        },
      ],
    });
    expect(failuresOf('jest', fixture('jest-pass.json'), root)).toEqual({ failed: [], flaky: [] });
  });

  test('Playwright: the failed test with where its expectation failed, and the flaky one apart', () => {
    expect(failuresOf('playwright', fixture('playwright-mixed.json'), root)).toEqual({
      failed: [
        {
          name: 'pwf.spec.ts:3 › fails',
          why: 'pwf.spec.ts:3: Error: expect(received).toBe(expected) // Object.is equality · Expected: 2 · Received: 1',
        },
      ],
      flaky: [{ name: 'pwf.spec.ts:4 › flaky', why: expect.stringMatching(/^pwf\.spec\.ts:4: Error: /) }],
    });
    expect(failuresOf('playwright', fixture('playwright-pass.json'), root)).toEqual({ failed: [], flaky: [] });
  });

  test('Playwright: an error outside any test is named too', () => {
    const { failed } = failuresOf('playwright', fixture('playwright-web-server-error.json'), root);
    expect(failed).toEqual([{ name: 'outside any test', why: expect.stringMatching(/\S/) }]);
  });

  test('schemathesis: the operation, with the check that failed', () => {
    expect(failuresOf('schemathesis', fixture('schemathesis-fail.json'), root)).toEqual({
      failed: [{ name: 'POST /api/submit-assessment', why: 'Schema-valid request rejected (ST202)' }],
      flaky: [],
    });
  });

  test('a step read from a failing report carries its names', () => {
    const file = path.join(__dirname, 'fixtures', 'schemathesis-fail.json');
    expect(tallyStepReports('schemathesis', [file], 1).failures.failed.map((failure) => failure.name)).toEqual([
      'POST /api/submit-assessment',
    ]);
  });
});

test('the closing line has the one form CI reads', () => {
  expect(summaryLine({ passed: 1500, failed: 0, skipped: 4 })).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
});
