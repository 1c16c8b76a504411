import type { PreviewEntry } from '@wpc/shared/content-contract';
import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { ContentPreviewRepository } from '.';

interface PreviewDoc {
  _id: string;
  entry: PreviewEntry;
  expiresAt: Date;
}

const previewsOf = (db: Db) => db.collection<PreviewDoc>('content_previews');

export function mongoContentPreviews(client: DatabaseClient<Db>): ContentPreviewRepository {
  return {
    add: (tokenHash, entry, expiresAt) =>
      client.run('addPreview', async (db) => {
        await previewsOf(db).insertOne({ _id: tokenHash, entry, expiresAt });
      }),
    find: (tokenHash, now) =>
      client.run('findPreview', async (db) => {
        // By _id alone (FerretDB 1.x scans for any other filter); the expiry checked here.
        const doc = await previewsOf(db).findOne({ _id: tokenHash });
        return doc && doc.expiresAt > now ? doc.entry : null;
      }),
    sweep: (now) =>
      client.run('sweepPreviews', async (db) => {
        await previewsOf(db).deleteMany({ expiresAt: { $lte: now } });
      }),
  };
}
