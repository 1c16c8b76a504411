import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { dateOf, prepared, type EmbeddedRecord } from '../../db/sqlite';
import { revisionOf, type ContentRevisionRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS content_areas (
  area TEXT PRIMARY KEY,
  epoch TEXT NOT NULL,
  counter INTEGER NOT NULL,
  seeded_at INTEGER
) STRICT;
`;

const statements = prepared((db) => ({
  ensure: db.prepare('INSERT INTO content_areas (area, epoch, counter) VALUES (?, ?, 0) ON CONFLICT DO NOTHING'),
  get: db.prepare('SELECT * FROM content_areas WHERE area = ?'),
  bump: db.prepare('UPDATE content_areas SET counter = counter + 1 WHERE area = ? RETURNING epoch, counter'),
  seeded: db.prepare('UPDATE content_areas SET seeded_at = ? WHERE area = ?'),
}));

type Row = { epoch: string; counter: number; seeded_at: number | null };

function row(db: Database, area: string): Row {
  const s = statements(db);
  s.ensure.run(area, randomBytes(6).toString('base64url'));
  return s.get.get(area) as Row;
}

/** Areas' revisions in the embedded database. */
export function embeddedContentRevisions(client: DatabaseClient<Database>): ContentRevisionRepository {
  return {
    current: (area) =>
      client.run('contentRevision', (db) => {
        const { epoch, counter } = row(db, area);
        return revisionOf(epoch, counter);
      }),
    bump: (area) =>
      client.run('bumpContentRevision', (db) => {
        row(db, area);
        const { epoch, counter } = statements(db).bump.get(area) as Row;
        return revisionOf(epoch, counter);
      }),
    seededAt: (area) =>
      client.run('contentSeeded', (db) => {
        const seeded = row(db, area).seeded_at;
        return seeded === null ? null : dateOf(seeded);
      }),
    markSeeded: (area, at) =>
      client.run('markContentSeeded', (db) => {
        row(db, area);
        statements(db).seeded.run(at.getTime(), area);
      }),
  };
}

export const contentRevisionsRecord: EmbeddedRecord = { schema: SCHEMA };
