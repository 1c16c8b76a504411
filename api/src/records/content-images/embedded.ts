import type { Database } from 'better-sqlite3';
import type { DatabaseClient } from '../../db/client';
import { prepared, type EmbeddedRecord } from '../../db/sqlite';
import type { ContentImageRepository } from '.';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS content_images (
  id TEXT PRIMARY KEY,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS content_image_files (
  id TEXT NOT NULL REFERENCES content_images (id),
  name INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (id, name)
) STRICT;
CREATE INDEX IF NOT EXISTS content_images_uploaded ON content_images (uploaded_at);
`;

const statements = prepared((db) => ({
  image: db.prepare(
    'INSERT INTO content_images (id, width, height, uploaded_by, uploaded_at) VALUES (@id, @width, @height, @by, @at)',
  ),
  file: db.prepare('INSERT INTO content_image_files (id, name, bytes) VALUES (?, ?, ?)'),
  read: db.prepare('SELECT bytes FROM content_image_files WHERE id = ? AND name = ?'),
  uploadedBefore: db.prepare('SELECT id FROM content_images WHERE uploaded_at < ? ORDER BY uploaded_at, id'),
  deleteFiles: db.prepare('DELETE FROM content_image_files WHERE id = ?'),
  deleteImage: db.prepare('DELETE FROM content_images WHERE id = ?'),
}));

/** Content images in the embedded database (small WebP files, a row each). */
export function embeddedContentImages(client: DatabaseClient<Database>): ContentImageRepository {
  return {
    save: (image) =>
      client.run('saveContentImage', (db) =>
        db.transaction(() => {
          const s = statements(db);
          s.image.run({
            id: image.id,
            width: image.width,
            height: image.height,
            by: image.uploadedBy,
            at: image.uploadedAt.getTime(),
          });
          for (const { name, file } of image.files) s.file.run(image.id, name, file.bytes);
        })(),
      ),
    file: (id, width) =>
      client.run('contentImageFile', (db) => {
        const row = statements(db).read.get(id, width) as { bytes: Buffer } | undefined;
        return row?.bytes ?? null;
      }),
    uploadedBefore: (before) =>
      client.run('contentImagesUploadedBefore', (db) =>
        (statements(db).uploadedBefore.all(before.getTime()) as { id: string }[]).map((row) => row.id),
      ),
    delete: (id) =>
      client.run('deleteContentImage', (db) =>
        db.transaction(() => {
          const s = statements(db);
          s.deleteFiles.run(id);
          s.deleteImage.run(id);
        })(),
      ),
  };
}

export const contentImagesRecord: EmbeddedRecord = { schema: SCHEMA };
