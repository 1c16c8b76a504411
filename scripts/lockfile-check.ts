/**
 * Whether package-lock.json installs on a fresh machine (scripts/test/lockfile.test.ts runs it in
 * `npm test`, so CI sees a broken lock before a fresh clone does).
 *
 * - Every installed entry needs a version and an integrity hash. npm 11 writes placeholder entries
 *   (`{"optional": true}`) for another platform's optional package when the registry answered
 *   without it, and `npm ci` later fails on them with "Invalid Version:" (npm/cli#9343).
 * - Every dependency a workspace's package.json declares must resolve, the way Node resolves it
 *   from that workspace's folder, to a locked version its range accepts.
 */
import semver from 'semver';

interface LockEntry {
  readonly version?: string;
  readonly integrity?: string;
  readonly link?: boolean;
  readonly resolved?: string;
  readonly inBundle?: boolean;
}

export interface Lockfile {
  readonly lockfileVersion?: number;
  readonly packages: Readonly<Record<string, LockEntry>>;
}

export interface Manifest {
  readonly name?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** A workspace's folder relative to the repository ('' for the root) and its package.json. */
export interface Workspace {
  readonly dir: string;
  readonly manifest: Manifest;
}

export const LOCK_FIX =
  'To fix it: delete those entries from package-lock.json, run "npm install --package-lock-only", ' +
  'and check again (docs/dependencies.md, "Adding or upgrading a dependency").';

/** Installed entries (not the root, not a workspace's own folder, not a link) without a version or integrity. */
export function incompleteEntries(lock: Lockfile): string[] {
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.includes('node_modules/') && !entry.link && !entry.inBundle)
    .filter(([, entry]) => !entry.version || !entry.integrity)
    .map(([key]) => key);
}

/** The lock key Node would load `name` from, required from the folder `dir`; undefined when none. */
function resolve(lock: Lockfile, dir: string, name: string): string | undefined {
  const folders = dir === '' ? [''] : [dir, ''];
  return folders
    .map((folder) => (folder ? `${folder}/node_modules/${name}` : `node_modules/${name}`))
    .find((key) => key in lock.packages);
}

function lockedVersion(lock: Lockfile, key: string): string | undefined {
  const entry = lock.packages[key]!;
  // A workspace dependency is a link to the workspace's own entry.
  return entry.link && entry.resolved !== undefined ? lock.packages[entry.resolved]?.version : entry.version;
}

/** Declared dependencies the lock does not satisfy, one sentence each. */
export function unsatisfiedDependencies(lock: Lockfile, workspaces: readonly Workspace[]): string[] {
  const problems: string[] = [];
  for (const { dir, manifest } of workspaces) {
    const where = `${dir || '.'}/package.json`;
    const declared: [string, string, boolean][] = [
      ...Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).map(
        ([name, range]) => [name, range, false] as [string, string, boolean],
      ),
      // Optional and peer dependencies may be absent; when present they must fit.
      ...Object.entries({ ...manifest.optionalDependencies, ...manifest.peerDependencies }).map(
        ([name, range]) => [name, range, true] as [string, string, boolean],
      ),
    ];
    for (const [name, range, mayBeAbsent] of declared) {
      const key = resolve(lock, dir, name);
      if (key === undefined) {
        if (!mayBeAbsent) problems.push(`${where} needs ${name}@${range}, and the lock has no entry for it`);
        continue;
      }
      const version = lockedVersion(lock, key);
      // A tag or URL the lock cannot be checked against offline is npm's to resolve.
      if (semver.validRange(range) === null) continue;
      if (!version || !semver.satisfies(version, range, { includePrerelease: true })) {
        problems.push(`${where} needs ${name}@${range}, and the lock has ${version ?? 'no version'} at ${key}`);
      }
    }
  }
  return problems;
}

/** Everything wrong with the lock, as one message that names the entries and the fix; '' when it is sound. */
export function lockfileProblems(lock: Lockfile, workspaces: readonly Workspace[]): string {
  const incomplete = incompleteEntries(lock);
  const unsatisfied = unsatisfiedDependencies(lock, workspaces);
  const parts: string[] = [];
  if (incomplete.length > 0) {
    parts.push(
      `package-lock.json has ${incomplete.length} entr${incomplete.length === 1 ? 'y' : 'ies'} without a version ` +
        `or integrity, so "npm ci" fails on a fresh machine:\n${incomplete.map((key) => `  ${key}`).join('\n')}\n${LOCK_FIX}`,
    );
  }
  if (unsatisfied.length > 0) {
    parts.push(
      `package-lock.json does not satisfy ${unsatisfied.length} declared dependenc${unsatisfied.length === 1 ? 'y' : 'ies'}:\n` +
        `${unsatisfied.map((line) => `  ${line}`).join('\n')}\n` +
        'To fix it: run "npm install" (or "npm install --package-lock-only") so the lock follows package.json.',
    );
  }
  return parts.join('\n\n');
}
