import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import type { NedbDoc } from '../../db/nedb';
import { DIR_MODE, FILE_MODE, prepared, tighten, type EmbeddedRecord } from '../../db/sqlite';
import { byteCounter } from './byte-counter';
import type { FileRepository, StoredFile } from '.';

const UPLOADS_DIR = 'uploads';
const FILE_ID = /^[a-f0-9]{32}$/;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  uploaded_at INTEGER NOT NULL
) STRICT;
`;

const statements = prepared((db) => ({
  insert: db.prepare(
    'INSERT OR IGNORE INTO files (id, name, content_type, size, uploaded_at) VALUES (@id, @name, @contentType, @size, @uploadedAt)',
  ),
  byId: db.prepare('SELECT * FROM files WHERE id = ?'),
  all: db.prepare('SELECT * FROM files ORDER BY uploaded_at, id'),
  remove: db.prepare('DELETE FROM files WHERE id = ?'),
  total: db.prepare('SELECT COALESCE(SUM(size), 0) AS bytes FROM files'),
}));

interface FileRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  uploaded_at: number;
}

const fileFromRow = ({ content_type, uploaded_at, ...row }: FileRow): StoredFile => ({
  ...row,
  contentType: content_type,
  uploadedAt: new Date(uploaded_at),
});

const insert = (db: Database, file: StoredFile) =>
  statements(db).insert.run({ ...file, uploadedAt: file.uploadedAt.getTime() });

/**
 * Uploads in the embedded store: the bytes in a file of their own under DATA_DIR/uploads (named
 * by a random id, never by the visitor's file name), what is known about them in the database.
 * A file is written to a .part name and renamed once complete, so no half file is ever listed.
 */
export function embeddedFiles(client: DatabaseClient<Database>, dataDir: string): FileRepository {
  const uploads = () => path.join(dataDir, UPLOADS_DIR);
  return {
    save: (source, file) =>
      client.unbounded('save file', async (db) => {
        const id = randomBytes(16).toString('hex');
        const target = path.join(uploads(), id);
        const partial = `${target}.part`;
        const counter = byteCounter();
        try {
          await pipeline(source, counter.stream, createWriteStream(partial, { flags: 'wx', mode: FILE_MODE }));
          await fs.rename(partial, target);
          const stored: StoredFile = { id, ...file, size: counter.bytes(), uploadedAt: new Date() };
          insert(db, stored);
          return stored;
        } catch (error) {
          await Promise.all([fs.rm(partial, { force: true }), fs.rm(target, { force: true })]);
          throw error;
        }
      }),
    open: async (id) => {
      if (!FILE_ID.test(id)) return null;
      return client.run('open file', (db) => {
        const row = statements(db).byId.get(id) as FileRow | undefined;
        return row ? { file: fileFromRow(row), stream: createReadStream(path.join(uploads(), id)) } : null;
      });
    },
    list: () => client.run('list files', (db) => (statements(db).all.all() as FileRow[]).map(fileFromRow)),
    delete: async (id) => {
      if (!FILE_ID.test(id)) return;
      await client.run('delete file', async (db) => {
        statements(db).remove.run(id);
        await fs.rm(path.join(uploads(), id), { force: true });
      });
    },
    totalBytes: () => client.run('files total', (db) => (statements(db).total.get() as { bytes: number }).bytes),
  };
}

/** The files' table and uploads folder, and their documents from earlier versions. */
export const filesRecord: EmbeddedRecord = {
  schema: SCHEMA,
  async prepare(dataDir) {
    const folder = path.join(dataDir, UPLOADS_DIR);
    await fs.mkdir(folder, { recursive: true, mode: DIR_MODE });
    await tighten(folder, DIR_MODE);
    for (const name of await fs.readdir(folder)) await tighten(path.join(folder, name), FILE_MODE);
  },
  nedb: [
    {
      file: 'files.db',
      load(db, docs: readonly NedbDoc[]) {
        for (const { _id, ...file } of docs) insert(db, { id: _id, ...(file as unknown as Omit<StoredFile, 'id'>) });
      },
    },
  ],
};
