import fs from 'node:fs/promises';
import path from 'node:path';
import Sqlite, { type Database } from 'better-sqlite3';
import { plainCalls, type DatabaseClient, type DatabaseHealth } from './client';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { readNedbFile, type NedbDoc } from './nedb';

/** Personal data: only the API's own user may read the folder and its files. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;
export const DATABASE_FILE = 'store.sqlite';
/** Where the data files of the NeDB-based versions go once imported. */
export const NEDB_IMPORTED_DIR = 'nedb-imported';

/**
 * Deletes the NeDB data files kept in NEDB_IMPORTED_DIR, each overwritten with zeros first, and the
 * folder; answers how many. Erasure calls it: those files hold every person as the NeDB versions
 * stored them (and, NeDB only appending, the people erased then too), so a way back to them would
 * bring an erased person back. Everything they held lives on in the database.
 */
async function shredImportedNedb(dataDir: string): Promise<number> {
  const aside = path.join(dataDir, NEDB_IMPORTED_DIR);
  const entries = await fs.readdir(aside, { withFileTypes: true }).catch(() => []);
  let shredded = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(aside, entry.name);
    const handle = await fs.open(file, 'r+');
    try {
      const { size } = await handle.stat();
      const zeros = Buffer.alloc(Math.min(size, 1 << 20));
      for (let at = 0; at < size; at += zeros.length)
        await handle.write(zeros, 0, Math.min(zeros.length, size - at), at);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await fs.rm(file);
    shredded += 1;
  }
  await fs.rm(aside, { recursive: true, force: true });
  return shredded;
}

/**
 * After an erasure on the embedded store: the write-ahead log still holds the deleted documents'
 * earlier pages (and those of the erasure's other steps: files, reviews, subscriptions), so it is
 * copied into the database file, where secure_delete zeroed them, and emptied; and the NeDB files
 * kept by the import are deleted (a person erased under NeDB is still in its append-only files).
 * Then no byte of what was erased is left in DATA_DIR, also when nothing was found to delete.
 */
export async function eraseTraces(client: DatabaseClient<Database>, dataDir: string): Promise<void> {
  await client.run('checkpoint', (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
  await client.unbounded('delete imported NeDB files', () => shredImportedNedb(dataDir));
}

/** What one record keeps in the embedded database. */
export interface EmbeddedRecord {
  /** Its tables and indexes (CREATE ... IF NOT EXISTS), run at every start. */
  readonly schema: string;
  /** Work on the open database after every schema ran (the port's collections: db/port/sqlite.ts). */
  setUp?(db: Database): void;
  /** Whether setUp would change this database (tables from before the port): a read-only reader cannot. */
  outdated?(db: Database): boolean;
  /** Folders it keeps beside the database (uploads), made at every start. */
  prepare?(dataDir: string): Promise<void>;
  /** Its documents in the NeDB data files of earlier versions, imported once. */
  readonly nedb?: readonly NedbPart[];
}

export interface NedbPart {
  readonly file: string;
  /** Inserts the documents, skipping any already there (an import cut short by a crash runs again). */
  load(db: Database, docs: readonly NedbDoc[]): void;
}

export interface EmbeddedSettings {
  readonly dataDir: string;
  /** Every record's part, in the order their tables depend on each other. */
  readonly records: readonly EmbeddedRecord[];
  /** Written into the DATA_DIR lock so tools can find this API (the export CLI reads through it). */
  readonly port?: number;
}

/** Folders and files made by earlier versions were world-readable. */
export async function tighten(target: string, mode: number): Promise<void> {
  await fs.chmod(target, mode).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/**
 * The embedded store: one SQLite database (better-sqlite3) and the records' folders under
 * DATA_DIR, so a fresh machine runs the API with no database server. One process opens a
 * DATA_DIR at a time: init() takes the folder's lock and refuses (DataDirLockedError) while
 * another holds it.
 *
 * Durability (api/src/db/README.md): write-ahead log with synchronous=NORMAL. A statement has
 * reached the operating system's file when it returns, so an answered write survives kill -9;
 * as with NeDB before, a power cut may lose the last moments (FULL would fsync every commit).
 * Calls are synchronous; the client answers through promises like the MongoDB one.
 */
export class EmbeddedDatabase implements DatabaseClient<Database> {
  readonly kind = 'embedded' as const;
  readonly description: string;
  private db: Database | undefined;
  private ready: Promise<Database> | undefined;
  private lock: DataDirLock | undefined;

  constructor(private readonly settings: EmbeddedSettings) {
    this.description = `embedded SQLite store in ${settings.dataDir}`;
  }

  init(): Promise<void> {
    return this.open().then(() => undefined);
  }

  private open(): Promise<Database> {
    this.ready ??= this.load().catch((error: unknown) => {
      this.ready = undefined; // let the next call try again
      throw error;
    });
    return this.ready;
  }

  private async load(): Promise<Database> {
    const { dataDir, records, port } = this.settings;
    await fs.mkdir(dataDir, { recursive: true, mode: DIR_MODE });
    await tighten(dataDir, DIR_MODE);
    this.lock = await acquireDataDirLock(dataDir, { port });
    let db: Database | undefined;
    try {
      for (const record of records) await record.prepare?.(dataDir);
      const file = path.join(dataDir, DATABASE_FILE);
      // Made here with FILE_MODE: SQLite gives its -wal and -shm files the database file's mode.
      await (await fs.open(file, 'a', FILE_MODE)).close();
      await tighten(file, FILE_MODE);
      db = new Sqlite(file);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      // Deleted rows are overwritten with zeros, not left in free space: erasure erases (issue 31).
      db.pragma('secure_delete = ON');
      for (const record of records) db.exec(record.schema);
      for (const record of records) record.setUp?.(db);
      await this.importNedb(db);
      this.db = db;
      return db;
    } catch (error) {
      db?.close();
      await this.lock.release();
      this.lock = undefined;
      throw error;
    }
  }

  /**
   * Data files of the NeDB-based versions are imported once, in one transaction, then moved
   * into NEDB_IMPORTED_DIR: an operator's way back until the first erasure, which deletes them
   * (shredImportedNedb).
   */
  private async importNedb(db: Database): Promise<void> {
    const { dataDir, records } = this.settings;
    const parts = records.flatMap((record) => record.nedb ?? []);
    const files = [...new Set(parts.map((part) => part.file))];
    const present = (
      await Promise.all(
        files.map(async (name) =>
          (await fs.stat(path.join(dataDir, name)).catch(() => undefined))?.isFile() ? name : undefined,
        ),
      )
    ).filter((name): name is string => name !== undefined);
    if (present.length === 0) return;
    const docs = new Map<string, NedbDoc[]>();
    for (const name of present) docs.set(name, await readNedbFile(path.join(dataDir, name)));
    db.transaction(() => {
      for (const part of parts) {
        const loaded = docs.get(part.file);
        if (loaded) part.load(db, loaded);
      }
    })();
    const aside = path.join(dataDir, NEDB_IMPORTED_DIR);
    await fs.mkdir(aside, { recursive: true, mode: DIR_MODE });
    await tighten(aside, DIR_MODE);
    for (const name of present) {
      await fs.rename(path.join(dataDir, name), path.join(aside, name));
      await tighten(path.join(aside, name), FILE_MODE);
    }
  }

  async run<T>(_what: string, work: (db: Database) => Promise<T> | T): Promise<T> {
    return work(this.db ?? (await this.open()));
  }

  rows<T>(source: AsyncIterable<T>): AsyncIterable<T> {
    return source;
  }

  async unbounded<T>(_what: string, work: (db: Database) => Promise<T>): Promise<T> {
    return work(this.db ?? (await this.open()));
  }

  within<T>(_what: string, waiting: Promise<T>): Promise<T> {
    return waiting;
  }

  async health(): Promise<DatabaseHealth> {
    try {
      const db = await this.open();
      db.prepare('SELECT 1').get();
      await fs.access(this.settings.dataDir, fs.constants.W_OK);
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error), cause: error };
    }
  }

  async close(): Promise<void> {
    if (!this.ready) return;
    const opened = await this.ready.catch(() => undefined);
    // Closing the last connection checkpoints the write-ahead log into the database file.
    opened?.close();
    this.db = undefined;
    this.ready = undefined;
    await this.lock?.release();
    this.lock = undefined;
  }
}

/** Statements prepared once per database (preparing costs more than running a small one). */
export function prepared<T>(make: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = make(db);
      cache.set(db, statements);
    }
    return statements;
  };
}

/** Whether a write was refused by a UNIQUE index or primary key. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * A database's pages copied into memory, the file left as it is: a DATA_DIR written by a version
 * before the port and not opened by the API since is migrated there, for one read (the export).
 */
function inMemoryCopy(db: Database): Database {
  const image = db.serialize();
  db.close();
  // The header's read and write versions (bytes 18, 19) say WAL, which a database in memory cannot use.
  image[18] = 1;
  image[19] = 1;
  return new Sqlite(image);
}

/**
 * The embedded database of a DATA_DIR opened read-only, without its lock, for the export CLI
 * while no API runs: a reader never blocks the writer (WAL), so an API that starts meanwhile loses
 * nothing. A DATA_DIR without a database reads as empty.
 */
export class ReadOnlyDatabase implements DatabaseClient<Database> {
  readonly kind = 'embedded' as const;
  readonly description: string;
  private db: Database | undefined;
  private readonly calls = plainCalls(async () => this.open());

  constructor(
    private readonly dataDir: string,
    private readonly records: readonly EmbeddedRecord[],
  ) {
    this.description = `embedded SQLite store in ${dataDir} (read-only)`;
  }

  private async open(): Promise<Database> {
    if (this.db) return this.db;
    const file = path.join(this.dataDir, DATABASE_FILE);
    const exists = await fs.stat(file).then(
      () => true,
      () => false,
    );
    let db = exists ? new Sqlite(file, { readonly: true, fileMustExist: true }) : new Sqlite(':memory:');
    if (exists && this.records.some((record) => record.outdated?.(db))) db = inMemoryCopy(db);
    if (db.memory) for (const record of this.records) db.exec(record.schema);
    if (db.memory) for (const record of this.records) record.setUp?.(db);
    this.db = db;
    return db;
  }

  async init(): Promise<void> {
    await this.open();
  }

  readonly run = this.calls.run;
  readonly rows = this.calls.rows;
  readonly unbounded = this.calls.unbounded;
  readonly within = this.calls.within;

  async health(): Promise<DatabaseHealth> {
    return { ok: true };
  }

  async close(): Promise<void> {
    this.db?.close();
    this.db = undefined;
  }
}

interface Waiting {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit. Each commit appends the pages it changed to the write-ahead log, and for a
 * submission (a row and four index entries) that costs more than the insert itself; so writes
 * that arrive in the same turn of the event loop share one transaction, committed in the next
 * turn. Each runs in a savepoint of its own: one refused (a repeated Idempotency-Key) is rolled
 * back and refused alone, the others are committed. Every caller is answered only after the
 * commit, exactly as if it had committed alone; a failed commit (a full disk) fails them all.
 */
export const groupCommit = prepared((db) => {
  let queue: Waiting[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      db.transaction(() => {
        for (const { work } of batch) {
          try {
            outcomes.push({ ok: true, value: db.transaction(work)() });
          } catch (error) {
            outcomes.push({ ok: false, value: error });
          }
        }
      })();
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, index) => {
      const { ok, value } = outcomes[index]!;
      if (ok) resolve(value);
      else reject(value);
    });
  };
  return <T>(work: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
});
