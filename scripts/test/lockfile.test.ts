import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  incompleteEntries,
  lockfileProblems,
  unsatisfiedDependencies,
  type Lockfile,
  type Workspace,
} from '../lockfile-check';

const ROOT = path.resolve(__dirname, '..', '..');

function json<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function repository(): { lock: Lockfile; workspaces: Workspace[] } {
  const root = json<Workspace['manifest'] & { workspaces: string[] }>(path.join(ROOT, 'package.json'));
  return {
    lock: json<Lockfile>(path.join(ROOT, 'package-lock.json')),
    workspaces: [
      { dir: '', manifest: root },
      ...root.workspaces.map((dir) => ({
        dir,
        manifest: json<Workspace['manifest']>(path.join(ROOT, dir, 'package.json')),
      })),
    ],
  };
}

test('package-lock.json installs on a fresh machine: every entry is complete and every declared range is met', () => {
  const { lock, workspaces } = repository();
  // The message names each entry and the fix; an empty message is a sound lock.
  const problems = lockfileProblems(lock, workspaces);
  if (problems !== '') throw new Error(problems);
});

test('the check covers the whole lock: all seven workspaces and over a thousand installed entries', () => {
  const { lock, workspaces } = repository();
  expect(workspaces.map((workspace) => workspace.dir)).toEqual([
    '',
    'shared',
    'shell',
    'mfe-home',
    'mfe-scorecard',
    'mfe-showcase',
    'mfe-map',
    'api',
  ]);
  expect(Object.keys(lock.packages).filter((key) => key.includes('node_modules/')).length).toBeGreaterThan(1000);
});

describe('a broken lock (scripts/test/fixtures/lockfile-broken.json)', () => {
  const { lock, workspaces } = json<{ lock: Lockfile; workspaces: Workspace[] }>(
    path.join(__dirname, 'fixtures', 'lockfile-broken.json'),
  );

  test('a placeholder entry with no version or integrity is named', () => {
    expect(incompleteEntries(lock)).toEqual(['node_modules/@swc/core/node_modules/@swc/core-darwin-arm64']);
  });

  test('a workspace range the locked version does not meet is named, resolved from that workspace', () => {
    expect(unsatisfiedDependencies(lock, workspaces)).toEqual([
      'app/package.json needs tslib@^1.14.0, and the lock has 2.8.1 at node_modules/tslib',
    ]);
  });

  test('the message says what is wrong, where, and how to fix it', () => {
    const message = lockfileProblems(lock, workspaces);
    expect(message).toContain('1 entry without a version or integrity');
    expect(message).toContain('  node_modules/@swc/core/node_modules/@swc/core-darwin-arm64');
    expect(message).toContain('npm install --package-lock-only');
    expect(message).toContain('does not satisfy 1 declared dependency');
  });

  test('putting one placeholder back into the real lock fails the check', () => {
    const real = repository();
    const broken: Lockfile = {
      ...real.lock,
      packages: { ...real.lock.packages, 'node_modules/@rspack/binding-darwin-arm64': {} },
    };
    expect(lockfileProblems(broken, real.workspaces)).toContain('node_modules/@rspack/binding-darwin-arm64');
  });
});
