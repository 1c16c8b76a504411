import type { PreviewEntry } from '@wpc/shared/content-contract';
import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { ContentPreviewRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS content_previews (
  token_hash TEXT PRIMARY KEY,
  entry TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
`;

const statements = prepared((db) => ({
  add: db.prepare('INSERT INTO content_previews (token_hash, entry, expires_at) VALUES (?, ?, ?)'),
  find: db.prepare('SELECT entry FROM content_previews WHERE token_hash = ? AND expires_at > ?'),
  sweep: db.prepare('DELETE FROM content_previews WHERE expires_at <= ?'),
}));

export function embeddedContentPreviews(client: DatabaseClient<Database>): ContentPreviewRepository {
  return {
    add: (tokenHash, entry, expiresAt) =>
      client.run('addPreview', (db) => {
        statements(db).add.run(tokenHash, JSON.stringify(entry), expiresAt.getTime());
      }),
    find: (tokenHash, now) =>
      client.run('findPreview', (db) => {
        const row = statements(db).find.get(tokenHash, now.getTime()) as { entry: string } | undefined;
        return row ? (JSON.parse(row.entry) as PreviewEntry) : null;
      }),
    sweep: (now) =>
      client.run('sweepPreviews', (db) => {
        statements(db).sweep.run(now.getTime());
      }),
  };
}

export const contentPreviewsRecord: EmbeddedRecord = { schema: SCHEMA };
