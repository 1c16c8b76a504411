import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DataDirLockedError, EmbeddedStore, LOCK_FILE_NAME, readDataDirLock } from '../src/store';

let dataDir: string;
const opened: EmbeddedStore[] = [];

function open(): EmbeddedStore {
  const store = new EmbeddedStore(dataDir);
  opened.push(store);
  return store;
}

const note = {
  form: 'notifyme',
  variant: 'notify',
  fields: { firstName: 'Ada' },
  files: [],
  page: null,
  receivedAt: new Date(),
} as const;

beforeEach(async () => {
  dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-datadir-')), 'data');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
});

const mode = async (file: string) => (await fs.stat(file)).mode & 0o777;

describe('the embedded store on its DATA_DIR', () => {
  it('takes a lock naming its process, and refuses a second store on the same folder', async () => {
    await open().init();
    const lock = await readDataDirLock(dataDir);
    expect(lock).toMatchObject({ state: 'alive', holder: { pid: process.pid, hostname: os.hostname() } });

    const error = await open()
      .init()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`in use by another API process (pid ${process.pid}`);
  });

  it('lets the next store in once the holder has closed', async () => {
    const first = open();
    await first.submissions.insert(note);
    await first.close();
    expect(await readDataDirLock(dataDir)).toBeNull();
    const second = open();
    expect(await second.submissions.list()).toHaveLength(1);
  });

  it('takes over a stale lock left by a process that died', async () => {
    // A real process that has exited: its pid is free, as after kill -9.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await fs.mkdir(dataDir, { recursive: true });
    const staleHolder = {
      pid: Number(gone.stdout),
      hostname: os.hostname(),
      startedAt: '2025-01-01T00:00:00.000Z',
      token: 'old',
    };
    await fs.writeFile(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify(staleHolder));
    expect(await readDataDirLock(dataDir)).toMatchObject({ state: 'stale' });

    const store = open();
    await store.submissions.insert(note);
    expect(await readDataDirLock(dataDir)).toMatchObject({ state: 'alive', holder: { pid: process.pid } });
  });

  it('refuses a lock held on another host, saying how to clear it', async () => {
    await fs.mkdir(dataDir, { recursive: true });
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    await fs.writeFile(
      lockFile,
      JSON.stringify({ pid: 4242, hostname: 'another-host', startedAt: '2025-01-01T00:00:00.000Z', token: 't' }),
    );
    const error = await open()
      .init()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toMatch(/pid 4242 on another host \(another-host/);
    expect((error as Error).message).toContain(`delete ${lockFile}`);
  });

  it('keeps personal data private: folders 0700, the database and uploads 0600, also after closing', async () => {
    const store = open();
    const file = await store.files.save(Readable.from([Buffer.from('%PDF-1.4')]), {
      name: 'a.pdf',
      contentType: 'application/pdf',
    });
    await store.submissions.insert(note);
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, 'uploads'))).toBe(0o700);
    expect(await mode(path.join(dataDir, 'uploads', file.id))).toBe(0o600);
    expect(await mode(path.join(dataDir, 'store.sqlite'))).toBe(0o600);
    expect(await mode(path.join(dataDir, 'store.sqlite-wal'))).toBe(0o600);
    expect(await mode(path.join(dataDir, LOCK_FILE_NAME))).toBe(0o600);
    await store.close(); // the write-ahead log is folded into the database file
    expect(await mode(path.join(dataDir, 'store.sqlite'))).toBe(0o600);
  });

  it('tightens a folder and files left world-readable by an earlier version', async () => {
    await fs.mkdir(path.join(dataDir, 'uploads'), { recursive: true, mode: 0o755 });
    await fs.chmod(dataDir, 0o755);
    await fs.writeFile(path.join(dataDir, 'submissions.db'), '', { mode: 0o644 });
    await fs.writeFile(path.join(dataDir, 'uploads', '0123456789abcdef0123456789abcdef'), 'x', { mode: 0o644 });
    await open().init();
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, 'uploads'))).toBe(0o700);
    // The earlier version's data file, imported and kept aside.
    expect(await mode(path.join(dataDir, 'nedb-imported'))).toBe(0o700);
    expect(await mode(path.join(dataDir, 'nedb-imported', 'submissions.db'))).toBe(0o600);
    expect(await mode(path.join(dataDir, 'uploads', '0123456789abcdef0123456789abcdef'))).toBe(0o600);
  });
});
