/**
 * npm run test:contract -w api   (part of the root `npm test`)
 *
 * Contract fuzzing: schemathesis (Python; `pip install -r api/requirements-contract.txt`)
 * reads the API's own OpenAPI document (GET /api/openapi.json) and sends every operation
 * generated valid and invalid requests; the run fails on any 5xx, any status code the document
 * does not list for the operation, and any answer whose content type, headers or body do not
 * match the document.
 *
 * Each leg starts the real API (`src/server.ts`) on a free port with a throw-away DATA_DIR, the
 * rate limit off and an ADMIN_TOKEN schemathesis sends to the team export, seeds one upload
 * and five shared self-assessments (so a stored file can be downloaded and the comparison is
 * open), signs in to the team console through a real SMTP server in this process (the link
 * arrives by email; schemathesis sends the session cookie, and the CSRF token half the time),
 * runs schemathesis, and throws everything away. Legs: the embedded store, and MongoDB
 * in a database of its own (dropped afterwards) when MONGODB_URI is set (CI sets it to FerretDB).
 * The legs run side by side (each line of schemathesis's output names its leg): one after the
 * other they took 70 + 79 s of a CI run, and each keeps about one core busy.
 *
 * Settings: CONTRACT_STORES=embedded,mongodb (default: embedded, plus mongodb when MONGODB_URI
 * is set), CONTRACT_MAX_EXAMPLES (default 50 per operation), CONTRACT_SEED (a schemathesis seed,
 * to replay a run; by default each run draws its own), CONTRACT_REPORT_DIR (keep a HAR file of
 * every request and answer per leg there), CONTRACT_RESULTS_DIR (schemathesis's JSON run report
 * per leg, `<leg>.json`, counted by `npm test`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import { endpointPath } from '@wpc/shared/schemas';
import { MongoStore } from '../src/store';
import { TestSmtpServer } from '../../test-support/smtp/server';
import { freePort } from '../test/helpers/process';

const API_DIR = path.resolve(__dirname, '..');
/** The pin `.ci/run` installs (pip install -r); other 4.x versions run with a warning. */
const REQUIREMENTS = path.join(API_DIR, 'requirements-contract.txt');
const SCHEMATHESIS_VERSION = /^schemathesis==(\S+)$/m.exec(readFileSync(REQUIREMENTS, 'utf8'))?.[1] ?? '(unpinned)';
const INSTALL_HINT = `pip install schemathesis==${SCHEMATHESIS_VERSION} (or pip install -r api/requirements-contract.txt)`;
const MAX_EXAMPLES = Number(process.env.CONTRACT_MAX_EXAMPLES ?? 50);
/** A hard stop per leg, so CI never hangs on a stuck run. */
const LEG_DEADLINE_MS = 15 * 60_000;
const STARTUP_DEADLINE_MS = 60_000;

/**
 * Checks: all of schemathesis's but one. positive_data_acceptance expects every request that
 * matches the document to be accepted (2xx). The API refuses, with the documented 400 or 415,
 * schema-valid input that JSON Schema cannot describe: the shared text rules (a required
 * field needs a letter, digit, punctuation mark or symbol, i.e. Unicode classes the generator's
 * regular expressions lack; no control characters), the self-assessment zip's "empty or at least
 * 4 characters", a file whose bytes do not match its extension, and an export cursor (`after`)
 * naming no stored row. The document states those rules in words; the status and shape of the
 * refusals are still checked by the other checks.
 */
const EXCLUDED_CHECKS = ['positive_data_acceptance'];

type StoreLeg = 'embedded' | 'mongodb';

/** The team operations that end the fuzz's own session. */
const SESSION_ENDERS = ['teamSignOut', 'teamSignOutEverywhere'];

/** A 1x1 PNG, so the seeded upload passes the byte sniffing. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function fail(message: string): never {
  console.error(`contract fuzz: ${message}`);
  process.exit(1);
}

/** Fails loudly when schemathesis is missing: CI must run it, never skip it. */
function checkSchemathesis(): void {
  const result = spawnSync('schemathesis', ['--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    fail(`schemathesis is not installed (or does not run): ${INSTALL_HINT}`);
  }
  const version = /version (\S+)/.exec(result.stdout)?.[1] ?? 'unknown';
  if (!version.startsWith('4.')) fail(`schemathesis ${version} found; this run needs 4.x: ${INSTALL_HINT}`);
  if (version !== SCHEMATHESIS_VERSION) {
    console.warn(`contract fuzz: schemathesis ${version} found, ${SCHEMATHESIS_VERSION} expected (${INSTALL_HINT}).`);
  }
}

function legs(): StoreLeg[] {
  const wanted = process.env.CONTRACT_STORES;
  const chosen = wanted
    ? wanted.split(',').map((name) => name.trim())
    : ['embedded', ...(process.env.MONGODB_URI ? ['mongodb'] : [])];
  for (const name of chosen) {
    if (name !== 'embedded' && name !== 'mongodb') fail(`unknown store "${name}" in CONTRACT_STORES`);
    if (name === 'mongodb' && !process.env.MONGODB_URI)
      fail('CONTRACT_STORES names mongodb but MONGODB_URI is not set');
  }
  return chosen as StoreLeg[];
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitForHealth(base: string, api: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode} while starting`);
    const ok = await fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API did not answer /api/health within ${STARTUP_DEADLINE_MS / 1000} s`);
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`seeding ${what} failed: ${response.status} ${await response.text()}`);
}

/**
 * The one address of a leg's TEAM_EMAILS (an invented, reserved .test domain): one per leg, as the
 * legs run at once and share one SMTP server, so each takes only its own sign-in link.
 */
const teamEmail = (leg: StoreLeg) => `contract.${leg}@consortium.test`;

interface Seeded {
  readonly fileId: string;
  readonly submissionId: string;
}

/** One upload and five shared results; answers the stored file's and its submission's ids. */
async function seed(base: string, token: string): Promise<Seeded> {
  const form = new FormData();
  form.set('firstName', 'Contract');
  form.set('lastName', 'Fuzz');
  form.set('email', 'contract.fuzz@example.org');
  form.set('zipCode', '94110');
  form.set('files', new Blob([PNG_1X1], { type: 'image/png' }), 'seed.png');
  await expectOk(await fetch(`${base}${endpointPath('feedback')}`, { method: 'POST', body: form }), 'an upload');

  const scores = Object.fromEntries(QUESTION_IDS.map((id, index) => [id, index % 6]));
  for (let i = 0; i < 5; i += 1) {
    const body = JSON.stringify({ communityType: 'city', country: 'US', scores, consent: true });
    const response = await fetch(`${base}/api/submit-assessment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    await expectOk(response, 'a self-assessment');
  }

  const exported = await fetch(`${base}/api/admin/submissions?form=feedback`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await expectOk(exported, 'the export');
  const rows = (await exported.json()) as { id: string; files: { id: string }[] }[];
  const id = rows[0]?.files[0]?.id;
  if (!id) throw new Error('the seeded upload is missing from the export');
  return { fileId: id, submissionId: rows[0]!.id };
}

/** Signs in to the team console as a team member would: the link arrives by email. */
async function teamSession(
  base: string,
  smtp: TestSmtpServer,
  email: string,
): Promise<{ cookie: string; csrfToken: string }> {
  const asked = await fetch(`${base}/api/team/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await expectOk(asked, 'a sign-in request');
  const [mail] = await smtp.waitForMessages(1, { filter: (message) => message.envelope.to.includes(email) });
  const linkToken = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!linkToken) throw new Error('the sign-in email holds no link');
  const started = await fetch(`${base}/api/team/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: linkToken }),
  });
  await expectOk(started, 'the team session');
  const cookie = /^wpc_team_session=([^;]+)/.exec(started.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('the team session set no cookie');
  return { cookie, csrfToken: ((await started.json()) as { csrfToken: string }).csrfToken };
}

/**
 * schemathesis.toml of one leg: the admin token for the bearer scheme, the team session for the
 * cookie scheme, and the seeded ids. The team console's CSRF token is sent half the time (the
 * other half must be refused with 403).
 */
function schemathesisConfig({ fileId, submissionId }: Seeded, csrfToken: string): string {
  return [
    '[auth.openapi.adminToken]',
    'bearer = "${WPC_CONTRACT_ADMIN_TOKEN}"',
    '',
    '[auth.openapi.teamSession]',
    'api_key = "${WPC_CONTRACT_TEAM_SESSION}"',
    '',
    // Half the requests name the seeded upload and its submission (200), the rest generated ids (404).
    '[dictionaries.stored-submissions]',
    `values = ["${submissionId}"]`,
    '',
    '[dictionaries.stored-files]',
    `values = ["${fileId}"]`,
    '',
    '[dictionaries.csrf]',
    `values = ["${csrfToken}"]`,
    '',
    // A body over the JSON limit is refused with 413 before its fields are read, however it
    // violates the document (a Markdown preview of 50,000 astral characters is both too long and
    // too large); 413 is a rejection like the default statuses schemathesis expects here.
    '[checks.negative_data_rejection]',
    'expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]',
    '',
    '[parameters]',
    '"path.id" = { dictionary = "stored-files", probability = 0.5 }',
    '"path.submissionId" = { dictionary = "stored-submissions", probability = 0.5 }',
    '"path.fileId" = { dictionary = "stored-files", probability = 0.5 }',
    '"header.X-CSRF-Token" = { dictionary = "csrf", probability = 0.5 }',
    '',
  ].join('\n');
}

/**
 * CONTRACT_REPORT_DIR: every request and answer, for a look at what was sent (a HAR file per leg and run).
 * CONTRACT_RESULTS_DIR: schemathesis's JSON run report per leg and run (`<leg>-<part>.json`), which
 * scripts/run-tests.ts counts into the closing line of `npm test`.
 */
function reportArgs(leg: StoreLeg, part: string): string[] {
  const formats: string[] = [];
  const args: string[] = [];
  if (process.env.CONTRACT_REPORT_DIR) {
    formats.push('har');
    args.push('--report-dir', path.resolve(process.env.CONTRACT_REPORT_DIR, leg, part));
  }
  if (process.env.CONTRACT_RESULTS_DIR) {
    formats.push('json');
    args.push('--report-json-path', path.resolve(process.env.CONTRACT_RESULTS_DIR, `${leg}-${part}.json`));
  }
  return formats.length > 0 ? ['--report', formats.join(','), ...args] : [];
}

/** The legs run at once: each line of a leg's schemathesis output is printed with its leg's name. */
function printAs(leg: StoreLeg, from: Readable, to: NodeJS.WriteStream): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${leg}] ${line}\n`));
}

function runSchemathesis(
  leg: StoreLeg,
  workDir: string,
  base: string,
  token: string,
  session: string,
  /** Which run of the leg this is, for its report's name. */
  part: string,
  operations: readonly string[],
): Promise<number | null> {
  const args = [
    '--config-file',
    path.join(workDir, 'schemathesis.toml'),
    'run',
    `${base}/api/openapi.json`,
    '--checks',
    'all',
    '--exclude-checks',
    EXCLUDED_CHECKS.join(','),
    '--max-examples',
    String(MAX_EXAMPLES),
    '--workers',
    '1',
    '--request-timeout',
    '30',
    '--no-color',
    ...operations,
    ...(process.env.CONTRACT_SEED ? ['--seed', process.env.CONTRACT_SEED] : []),
    ...reportArgs(leg, part),
  ];
  // In the leg's folder, so hypothesis's example database and reports go away with it.
  const child = spawn('schemathesis', args, {
    cwd: workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WPC_CONTRACT_ADMIN_TOKEN: token, WPC_CONTRACT_TEAM_SESSION: session },
  });
  printAs(leg, child.stdout, process.stdout);
  printAs(leg, child.stderr, process.stderr);
  const timer = setTimeout(() => child.kill('SIGTERM'), LEG_DEADLINE_MS);
  return exited(child).finally(() => clearTimeout(timer));
}

/**
 * Each area's content model and seed, as a remote serves them (/<area>/content-model.json): one
 * small type with a text and an image field, no seed. The fuzz checks the API's contract, not the
 * areas' declarations, and needs no remote running.
 */
async function contentModelServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const match = /^\/(home|scorecard|showcase|map)\/content-(model|seed)\.json$/.exec(req.url ?? '');
    res.setHeader('Content-Type', 'application/json');
    if (!match) {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    const model = {
      format: 1,
      area: match[1],
      types: [
        {
          name: 'note',
          label: 'Note',
          plural: 'Notes',
          titleField: 'title',
          slugFrom: 'title',
          fields: [
            { name: 'title', kind: 'text', label: 'Title' },
            { name: 'photo', kind: 'image', label: 'Photo', widths: [64], optional: true },
          ],
        },
      ],
    };
    res.end(JSON.stringify(match[2] === 'model' ? model : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function runLeg(leg: StoreLeg, smtp: TestSmtpServer): Promise<boolean> {
  const started = Date.now();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `wpc-contract-${leg}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const token = randomBytes(32).toString('hex');
  const dbName = `wpc_contract_${randomBytes(4).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    API_PORT: String(port),
    DATA_DIR: path.join(workDir, 'data'),
    UPLOAD_TMP_DIR: path.join(workDir, 'uploads'),
    RATE_LIMIT_MAX: '0',
    ADMIN_TOKEN: token,
    // A busy CI machine must not turn a slow write into a 503, which would read as a server error.
    STORE_TIMEOUT_MS: '10000',
    // Mail goes to the SMTP server in this process: the console's sign-in links and notifications.
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'contract.notify@consortium.test',
    TEAM_EMAILS: teamEmail(leg),
  };
  // The areas' declarations, as the remotes would publish them (the remotes do not run here).
  const models = await contentModelServer();
  for (const area of ['home', 'scorecard', 'showcase', 'map'])
    env[`CONTENT_REMOTE_${area.toUpperCase()}`] = `${models.origin}/${area}`;
  if (leg === 'mongodb') env.MONGODB_DB = dbName;
  else delete env.MONGODB_URI;

  const logPath = path.join(workDir, 'api.log');
  const log = createWriteStream(logPath);
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env });
  api.stdout?.pipe(log);
  api.stderr?.pipe(log);

  let passed = false;
  try {
    await waitForHealth(base, api);
    const seeded = await seed(base, token);
    const session = await teamSession(base, smtp, teamEmail(leg));
    await fs.writeFile(path.join(workDir, 'schemathesis.toml'), schemathesisConfig(seeded, session.csrfToken));
    console.log(`\ncontract fuzz [${leg}]: API on ${base}, ${MAX_EXAMPLES} examples per operation`);
    // Sign-out and sign-out everywhere end the session the other team operations need, so they
    // run on their own, last (sign-out everywhere in the main run left 81 operations only 401s).
    const enders = SESSION_ENDERS.flatMap((id) => ['--exclude-operation-id', id]);
    const first = await runSchemathesis(leg, workDir, base, token, session.cookie, 'main', enders);
    const code =
      first === 0
        ? await runSchemathesis(
            leg,
            workDir,
            base,
            token,
            session.cookie,
            'sign-out',
            SESSION_ENDERS.flatMap((id) => ['--include-operation-id', id]),
          )
        : first;
    passed = code === 0 && api.exitCode === null;
    if (api.exitCode !== null)
      console.error(`contract fuzz [${leg}]: the API exited with ${api.exitCode} during the run`);
  } catch (error) {
    console.error(`contract fuzz [${leg}]: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    api.kill('SIGTERM');
    await exited(api);
    await models.close();
    log.end();
    if (!passed) {
      console.error(`--- API log (${leg}) ---\n${await fs.readFile(logPath, 'utf8').catch(() => '')}`);
    }
    if (leg === 'mongodb') {
      const store = new MongoStore({ uri: process.env.MONGODB_URI!, dbName });
      await store.dropDatabase().finally(() => store.close());
    }
    await fs.rm(workDir, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`contract fuzz [${leg}]: ${passed ? 'passed' : 'FAILED'} in ${seconds} s`);
  return passed;
}

async function main(): Promise<void> {
  checkSchemathesis();
  const smtp = new TestSmtpServer();
  await smtp.start();
  // Side by side: each leg is one API process and one schemathesis process, about a core between them.
  const results = await Promise.all(legs().map((leg) => runLeg(leg, smtp)));
  await smtp.stop();
  process.exit(results.every(Boolean) ? 0 : 1);
}

void main();
