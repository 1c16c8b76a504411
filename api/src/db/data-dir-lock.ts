import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * One API process per DATA_DIR. SQLite would let two processes write one database file, but the
 * API keeps state that must be one process's alone (the rate limit's counts in memory, outbox
 * claims released at start as a dead process's, the uploads folder), and the export CLI finds
 * the running API through this file. The holder's lock file names it; a second process refuses
 * to start and says who holds the folder.
 */
export const LOCK_FILE_NAME = 'api.lock';

/** What the lock file says about its holder. */
export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
  /** Linux: the kernel's boot id and the holder's start time, so a reused pid is not mistaken for it. */
  readonly bootId?: string;
  readonly processStart?: string;
  /** Extra facts for tools, e.g. the API's port so the export CLI can read through it. */
  readonly port?: number;
  /** Random per lock, so a process only ever removes its own lock. */
  readonly token: string;
}

/** alive: the holder runs; stale: it is gone; unknown: it ran on another host, so we cannot tell. */
export type HolderState = 'alive' | 'stale' | 'unknown';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
    readonly state: Exclude<HolderState, 'stale'>,
  ) {
    super(
      state === 'alive'
        ? `DATA_DIR ${path.dirname(lockFile)} is in use by another API process (pid ${holder.pid} on ${holder.hostname}, ` +
            `started ${holder.startedAt}). Only one process may write the embedded store: stop that one first, ` +
            'or give this one another DATA_DIR.'
        : `DATA_DIR ${path.dirname(lockFile)} is locked by pid ${holder.pid} on another host (${holder.hostname}, started ` +
            `${holder.startedAt}); from here it cannot be checked whether that process still runs. If it does not, ` +
            `delete ${lockFile} and start again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  release(): Promise<void>;
}

/** Lock files this process holds, so a second store in the same process is refused too. */
const heldHere = new Set<string>();

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStart(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may hold spaces and parentheses; count fields after its last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process named in a lock file still holds it. */
export function holderState(file: string, holder: LockHolder): HolderState {
  if (holder.hostname !== os.hostname()) return 'unknown';
  const bootId = readProc('/proc/sys/kernel/random/boot_id');
  if (holder.bootId && bootId && holder.bootId !== bootId) return 'stale'; // the machine restarted since
  // Our own pid in a lock we did not take: a previous life of a container that reuses pids.
  if (holder.pid === process.pid) return heldHere.has(file) ? 'alive' : 'stale';
  if (!isAlive(holder.pid)) return 'stale';
  const start = processStart(holder.pid);
  if (holder.processStart && start && start !== holder.processStart) return 'stale'; // pid reused
  return 'alive';
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.hostname === 'string' ? (value as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The current lock of a folder and whether its holder runs, or null when nobody holds it. */
export async function readDataDirLock(dataDir: string): Promise<{ holder: LockHolder; state: HolderState } | null> {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const text = await readText(file);
  const holder = text === undefined ? undefined : parseHolder(text);
  return holder ? { holder, state: holderState(file, holder) } : null;
}

/**
 * Takes the folder's lock or throws DataDirLockedError naming the holder. A lock whose holder
 * is gone (kill -9, crash, reboot) is taken over. The file appears complete in one step (a
 * hard link of a finished temporary file), so a reader never sees it half written.
 */
export async function acquireDataDirLock(dataDir: string, details: { port?: number } = {}): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) {
    const text = await readText(file);
    const holder = text === undefined ? undefined : parseHolder(text);
    if (holder) throw new DataDirLockedError(file, holder, 'alive');
  }
  const holder: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    bootId: readProc('/proc/sys/kernel/random/boot_id'),
    processStart: processStart(process.pid),
    ...details,
    token: randomBytes(12).toString('hex'),
  };
  const draft = `${file}.${process.pid}.${holder.token}.tmp`;
  await fs.writeFile(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        await fs.link(draft, file);
        heldHere.add(file);
        return { file, holder, release: () => releaseLock(file, holder) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = await readText(file);
      if (text === undefined) continue; // released meanwhile
      const current = parseHolder(text);
      // An unreadable lock cannot name a holder: only a crash while writing it leaves one.
      const state = current ? holderState(file, current) : 'stale';
      if (state !== 'stale' && current) throw new DataDirLockedError(file, current, state);
      // Remove the stale lock only if nobody replaced it since we read it.
      if ((await readText(file)) === text) await fs.rm(file, { force: true });
    }
    throw new Error(
      `Could not take the lock ${file}: it keeps changing. Is another API starting on the same DATA_DIR?`,
    );
  } finally {
    await fs.rm(draft, { force: true });
  }
}

async function releaseLock(file: string, holder: LockHolder): Promise<void> {
  heldHere.delete(file);
  const text = await readText(file);
  if (text !== undefined && parseHolder(text)?.token === holder.token) await fs.rm(file, { force: true });
}
