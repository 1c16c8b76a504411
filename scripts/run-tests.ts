/**
 * npm test: every check and test suite of the repository, then one closing line that adds them up,
 * "N passed, N failed, N skipped" (scripts/test-summary.ts), which is the last thing printed.
 *
 * Steps, in order: lint, typecheck, jest (unit, component, API, storage), contract fuzzing
 * (schemathesis), the nginx configuration check, the production build, Playwright in Chromium
 * (through the node edge and nginx), the real-API Playwright suite and the engine tests in Firefox
 * ESR and WebKitGTK. Steps of one stage (STAGES) run side by side; the summary gives each step's
 * own duration.
 *
 * - Test suites count their tests from their JSON reports (written under test-reports/).
 * - Lint, typecheck, the nginx check and the build are gates: each counts as one check, passed
 *   or failed, however many problems it prints (its own output says which).
 * - Every step runs even after one failed, so one CI run shows every failure, except that nothing
 *   runs against a build that failed: Playwright and the engine tests then count one failure each.
 * - A step that exits non-zero without a failing test in its report counts one failure, and so does
 *   a step whose report is missing or unreadable, even when it exited 0.
 * - Just before the summary it names every test that failed or was flaky, with where and why, so
 *   the tail of a CI log says which tests to look at.
 * The run exits 1 when anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  add,
  NONE,
  summaryLine,
  tallyStepReports,
  type Failure,
  type Failures,
  type ReportKind,
  type Tally,
} from './test-summary';

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'test-reports');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

interface Step {
  readonly name: string;
  readonly command: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Its JSON reports: a file, or every .json file of a folder. */
  readonly reports?: { readonly kind: ReportKind; readonly file?: string; readonly dir?: string };
  /** A gate: one check, passed or failed. */
  readonly gate?: boolean;
  readonly needsBuild?: boolean;
}

/**
 * A CI machine has two cores: steps that leave one idle run side by side (a stage). jest gets both
 * cores and a third worker (alone on one, its default there, it took 367 s; on two about 205 s).
 * The Chromium suite runs alone with two workers: in the full browser it kept the cores 92 % busy
 * (10.4 min), in Chromium's headless shell it took 6.1 min in a fresh-clone run on 29 November. The
 * last stage runs the real-API suite (one worker), the engines (one browser at a time) and contract
 * fuzzing (one schemathesis worker) together: in fresh-clone runs on 28 November they took
 * 262-264 s, 97-102 s and 229-233 s side by side, where contract fuzzing alone had a stage of 105 s
 * after them. Their servers never share a port: the engine tests serve the site on a port block of
 * their own.
 */
const BUILD = 'production build';

const ENGINE_PORTS = {
  EDGE_PORT: '3400',
  MFE_HOME_PORT: '3401',
  MFE_SCORECARD_PORT: '3402',
  MFE_SHOWCASE_PORT: '3403',
  MFE_MAP_PORT: '3404',
  API_PORT: '3405',
};

const STAGES: readonly (readonly Step[])[] = [
  // One after the other: side by side they took 47 s, against 28 + 13 s.
  [{ name: 'lint (ESLint, import cycles, Prettier)', command: ['npm', 'run', '--silent', 'lint'], gate: true }],
  [{ name: 'typecheck (tsc -b)', command: ['npm', 'run', '--silent', 'typecheck'], gate: true }],
  [
    {
      name: 'unit, component and API tests (jest)',
      // Three workers on two cores: a few suites mostly wait (an SMTP server answering after the
      // lease, child processes starting), and a third worker uses that time. The whole of jest on
      // 29 November, one run each: 279 s with two workers, 225 s with three.
      command: [bin('jest'), '--maxWorkers=3', '--json', '--outputFile', path.join(REPORTS, 'jest.json')],
      reports: { kind: 'jest', file: path.join(REPORTS, 'jest.json') },
    },
  ],
  [{ name: 'nginx configuration (nginx -t)', command: ['npm', 'run', '--silent', 'check:nginx'], gate: true }],
  [{ name: BUILD, command: ['npm', 'run', '--silent', 'build'], gate: true }],
  [
    {
      name: 'end-to-end tests in Chromium (Playwright)',
      command: [bin('playwright'), 'test'],
      env: { PLAYWRIGHT_JSON_REPORT: path.join(REPORTS, 'playwright.json') },
      reports: { kind: 'playwright', file: path.join(REPORTS, 'playwright.json') },
      needsBuild: true,
    },
  ],
  [
    {
      // Issue 28: the remotes poll the API of `npm run serve` itself, not the contract's fake.
      name: 'publishing end-to-end against the real API (Playwright)',
      command: [bin('playwright'), 'test', '-c', 'playwright.real-api.config.ts'],
      env: { PLAYWRIGHT_JSON_REPORT: path.join(REPORTS, 'playwright-real-api.json') },
      reports: { kind: 'playwright', file: path.join(REPORTS, 'playwright-real-api.json') },
      needsBuild: true,
    },
    {
      name: 'engine tests in Firefox ESR and WebKitGTK',
      command: [bin('tsx'), 'scripts/test-engines.ts'],
      env: { ENGINES_JSON_REPORT: path.join(REPORTS, 'engines.json'), ...ENGINE_PORTS },
      reports: { kind: 'jest', file: path.join(REPORTS, 'engines.json') },
      needsBuild: true,
    },
    {
      name: 'contract fuzzing (schemathesis)',
      command: ['npm', 'run', '--silent', 'test:contract'],
      env: { CONTRACT_RESULTS_DIR: path.join(REPORTS, 'contract') },
      reports: { kind: 'schemathesis', dir: path.join(REPORTS, 'contract') },
    },
  ],
];

/**
 * Runs one step. `stream` prints its output as it comes; otherwise the output is kept and printed
 * whole when the step ends, so two steps of a stage never interleave their lines.
 */
function run(step: Step, stream: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command[0]!, step.command.slice(1), {
      cwd: ROOT,
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
    const done = (code: number) => {
      if (!stream) process.stdout.write(`\n=== ${step.name} (ran beside the step above) ===\n\n${Buffer.concat(kept)}`);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function reportFiles(step: Step): string[] {
  const { file, dir } = step.reports ?? {};
  if (file) return existsSync(file) ? [file] : [];
  if (dir && existsSync(dir)) {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => path.join(dir, name));
  }
  return [];
}

const NO_FAILURES: Failures = { failed: [], flaky: [] };

function tallyOf(step: Step, exitCode: number): { tally: Tally; note: string; failures: Failures } {
  if (step.gate) {
    const tally = exitCode === 0 ? { ...NONE, passed: 1 } : { ...NONE, failed: 1 };
    return { tally, note: '', failures: NO_FAILURES };
  }
  return tallyStepReports(step.reports!.kind, reportFiles(step), exitCode);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

const NAMED_AT_MOST = 15;

function printNamed(heading: string, failures: readonly Failure[]): void {
  if (failures.length === 0) return;
  console.log(`\n${heading}:`);
  for (const failure of failures.slice(0, NAMED_AT_MOST)) {
    console.log(`- ${failure.name}${failure.why ? `\n    ${failure.why}` : ''}`);
  }
  if (failures.length > NAMED_AT_MOST) console.log(`  and ${failures.length - NAMED_AT_MOST} more (above)`);
}

interface Row {
  readonly name: string;
  readonly tally: Tally;
  readonly note: string;
  readonly failures: Failures;
  readonly ms: number;
}

async function runStep(step: Step, stream: boolean, buildFailed: boolean): Promise<Row> {
  if (step.needsBuild && buildFailed) {
    console.log(`${step.name}: not run, the production build failed.`);
    return {
      name: step.name,
      tally: { ...NONE, failed: 1 },
      note: 'not run: the build failed',
      failures: NO_FAILURES,
      ms: 0,
    };
  }
  const stepStarted = Date.now();
  const exitCode = await run(step, stream);
  return { name: step.name, ...tallyOf(step, exitCode), ms: Date.now() - stepStarted };
}

async function main(): Promise<void> {
  const started = Date.now();
  rmSync(REPORTS, { recursive: true, force: true });
  // jest writes its --outputFile only into a folder that exists.
  mkdirSync(REPORTS, { recursive: true });
  const rows: Row[] = [];
  let buildFailed = false;

  for (const [index, stage] of STAGES.entries()) {
    console.log(`\n=== [${index + 1}/${STAGES.length}] ${stage.map((step) => step.name).join(' | ')} ===\n`);
    rows.push(...(await Promise.all(stage.map((step, position) => runStep(step, position === 0, buildFailed)))));
    if (stage.some((step) => step.name === BUILD) && rows.at(-1)!.tally.failed > 0) buildFailed = true;
  }

  const total = add(...rows.map((row) => row.tally));
  const width = Math.max(...rows.map((row) => row.name.length));
  // Named just above the summary, so the last lines of a CI log say which tests to look at.
  printNamed(
    'Failed',
    rows.flatMap((row) => row.failures.failed),
  );
  printNamed(
    'Flaky (failed, then passed on the retry)',
    rows.flatMap((row) => row.failures.flaky),
  );
  console.log(`\n=== Summary (${seconds(Date.now() - started)}) ===`);
  for (const row of rows) {
    const counts = `${row.tally.passed} passed, ${row.tally.failed} failed, ${row.tally.skipped} skipped`;
    const mark = row.tally.failed > 0 ? 'FAIL' : 'ok  ';
    console.log(
      `${mark} ${row.name.padEnd(width)}  ${counts.padEnd(36)} ${seconds(row.ms).padStart(6)}${row.note ? `  (${row.note})` : ''}`,
    );
  }
  // The closing line: nothing is printed after it.
  process.stdout.write(`${summaryLine(total)}\n`, () => process.exit(total.failed > 0 ? 1 : 0));
}

void main();
