import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import { changed, liveData, versionOf, type ContentEntryRepository, type EntryVersion, type VersionAction } from '.';
import { entryFromJson, entryToJson } from './json';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS content_entries (
  area TEXT NOT NULL,
  id TEXT NOT NULL,
  version INTEGER NOT NULL,
  due_at INTEGER,
  entry TEXT NOT NULL,
  PRIMARY KEY (area, id)
) STRICT;
CREATE INDEX IF NOT EXISTS content_entries_due ON content_entries (due_at) WHERE due_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS content_versions (
  area TEXT NOT NULL,
  id TEXT NOT NULL,
  version INTEGER NOT NULL,
  action TEXT NOT NULL,
  at INTEGER NOT NULL,
  by TEXT NOT NULL,
  slug TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (area, id, version)
) STRICT;
`;

const statements = prepared((db) => ({
  list: db.prepare('SELECT entry FROM content_entries WHERE area = ? ORDER BY rowid'),
  find: db.prepare('SELECT entry FROM content_entries WHERE area = ? AND id = ?'),
  insert: db.prepare(
    'INSERT INTO content_entries (area, id, version, due_at, entry) VALUES (@area, @id, @version, @dueAt, @entry) ON CONFLICT DO NOTHING',
  ),
  update: db.prepare(
    'UPDATE content_entries SET version = @version, due_at = @dueAt, entry = @entry WHERE area = @area AND id = @id AND version = @expected',
  ),
  addVersion: db.prepare(
    'INSERT INTO content_versions (area, id, version, action, at, by, slug, data) VALUES (@area, @id, @version, @action, @at, @by, @slug, @data)',
  ),
  versions: db.prepare('SELECT * FROM content_versions WHERE area = ? AND id = ? ORDER BY version DESC'),
  due: db.prepare('SELECT entry FROM content_entries WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at'),
  areaVersionsData: db.prepare('SELECT data FROM content_versions WHERE area = ?'),
}));

const rowOf = (entry: ReturnType<typeof entryFromJson>) => ({
  area: entry.area,
  id: entry.id,
  version: entry.version,
  dueAt: entry.scheduled ? entry.scheduled.at.getTime() : null,
  entry: entryToJson(entry),
});

function versionRow(area: string, id: string, version: EntryVersion) {
  return {
    area,
    id,
    version: version.version,
    action: version.action,
    at: version.at.getTime(),
    by: version.by,
    slug: version.slug,
    data: JSON.stringify(version.data),
  };
}

function versionFrom(row: Record<string, unknown>): EntryVersion {
  return {
    version: row.version as number,
    action: row.action as VersionAction,
    at: dateOf(row.at),
    by: row.by as string,
    slug: row.slug as string,
    data: JSON.parse(row.data as string) as Record<string, unknown>,
  };
}

const entriesOf = (rows: unknown[]) => (rows as { entry: string }[]).map((row) => entryFromJson(row.entry));

/** Content entries in the embedded database: the entry as JSON, its versions a row each. */
export function embeddedContentEntries(client: DatabaseClient<Database>): ContentEntryRepository {
  return {
    list: (area) => client.run('listContent', (db) => entriesOf(statements(db).list.all(area))),
    find: (area, id) => client.run('findContent', (db) => entriesOf(statements(db).find.all(area, id))[0] ?? null),
    create: (entry, action) =>
      client.run('createContent', (db) =>
        db.transaction(() => {
          const s = statements(db);
          if (s.insert.run(rowOf(entry)).changes === 0) return false;
          s.addVersion.run(versionRow(entry.area, entry.id, versionOf(entry, action)));
          return true;
        })(),
      ),
    update: (area, id, expected, change) =>
      client.run('updateContent', (db) =>
        db.transaction(() => {
          const s = statements(db);
          const current = entriesOf(s.find.all(area, id))[0];
          if (!current || current.version !== expected) return null;
          const next = changed(current, change);
          if (s.update.run({ ...rowOf(next), expected }).changes === 0) return null;
          s.addVersion.run(versionRow(area, id, versionOf(next, change.action)));
          return next;
        })(),
      ),
    versions: (area, id) =>
      client.run('contentVersions', (db) =>
        (statements(db).versions.all(area, id) as Record<string, unknown>[]).map(versionFrom),
      ),
    due: (now) => client.run('dueContent', (db) => entriesOf(statements(db).due.all(now.getTime()))),
    everyData: (area) =>
      client.run('everyContentData', (db) =>
        db.transaction(() => {
          const s = statements(db);
          const versions = (s.areaVersionsData.all(area) as { data: string }[]).map(
            (row) => JSON.parse(row.data) as Record<string, unknown>,
          );
          return [...entriesOf(s.list.all(area)).flatMap(liveData), ...versions];
        })(),
      ),
  };
}

export const contentEntriesRecord: EmbeddedRecord = { schema: SCHEMA };
