/**
 * npm run test:engines [-- --engine firefox|webkit ...]
 *
 * The engine tests (engines/site.test.ts) against the last build (`npm run build` first): jest
 * starts the site as `npm start` serves it, then drives it in each engine asked for (both by
 * default), and writes its JSON report to ENGINES_JSON_REPORT (default test-reports/engines.json).
 * Other arguments go to jest, e.g. `-t "main flows"`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_NAMES } from '../engines/driver';

const ROOT = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const engines: string[] = [];
const passOn: string[] = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i]!;
  const value = arg === '--engine' ? args[++i] : arg.startsWith('--engine=') ? arg.slice('--engine='.length) : null;
  if (value === null) passOn.push(arg);
  else if (value && (ENGINE_NAMES as readonly string[]).includes(value)) engines.push(value);
  else {
    console.error(`test:engines: unknown engine "${value ?? ''}"; use --engine ${ENGINE_NAMES.join(' or --engine ')}`);
    process.exit(2);
  }
}

if (!existsSync(path.join(ROOT, 'shell', 'dist', 'remotes.json'))) {
  console.error('test:engines: no build to test; run "npm run build" first.');
  process.exit(1);
}

const report = path.resolve(ROOT, process.env.ENGINES_JSON_REPORT ?? 'test-reports/engines.json');
// jest writes its --outputFile only into a folder that exists.
mkdirSync(path.dirname(report), { recursive: true });
const jest = spawn(
  path.join(ROOT, 'node_modules', '.bin', 'jest'),
  ['--config', 'engines/jest.config.cjs', '--json', '--outputFile', report, ...passOn],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ENGINES: (engines.length > 0 ? engines : ENGINE_NAMES).join(',') },
  },
);
jest.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
