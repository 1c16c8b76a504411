import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { EmbeddedStore } from '../../src/store';

/**
 * A DATA_DIR written by an earlier version (`api/test/fixtures/<name>`, its README says what it
 * holds), copied afresh for each test and thrown away after it: the migration tests open it with
 * today's code.
 */
export function useFixtureDataDir(name: string) {
  let dir = '';
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-migrate-'));
    await fs.cp(path.join(__dirname, '..', 'fixtures', name), dir, { recursive: true });
    await fs.rm(path.join(dir, 'README.md'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  return {
    /** The test's copy. */
    dir: () => dir,
    /** Opens the copy with today's embedded store (which migrates it), runs `work`, closes it. */
    async opened<T>(work: (store: EmbeddedStore) => Promise<T>): Promise<T> {
      const store = new EmbeddedStore(dir);
      await store.init();
      try {
        return await work(store);
      } finally {
        await store.close();
      }
    },
    /** The tables of the copy's database file, as SQLite lists them. */
    tables(): string[] {
      const db = new Sqlite(path.join(dir, 'store.sqlite'), { readonly: true });
      try {
        return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
          (row) => row.name,
        );
      } finally {
        db.close();
      }
    },
  };
}
