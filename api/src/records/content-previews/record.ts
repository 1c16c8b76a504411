import type { PreviewEntry } from '@wpc/shared/content-contract';
import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { ContentPreviewRepository } from '.';

interface PreviewDoc extends Doc {
  entry: PreviewEntry;
  expiresAt: Date;
}

/** One document per token hash; few and short-lived, so the sweep needs no index. */
export const CONTENT_PREVIEWS: CollectionSpec = {
  name: 'content_previews',
  legacy: (row) => ({
    _id: row.token_hash as string,
    entry: JSON.parse(row.entry as string) as PreviewEntry,
    expiresAt: new Date(row.expires_at as number),
  }),
};

const previewsIn = (documents: Documents) => documents.collection<PreviewDoc>(CONTENT_PREVIEWS.name);

export function contentPreviews(client: DocumentClient): ContentPreviewRepository {
  return {
    add: (tokenHash, entry, expiresAt) =>
      client.run('addPreview', (db) => previewsIn(db).insert({ _id: tokenHash, entry, expiresAt })),
    find: (tokenHash, now) =>
      client.run('findPreview', async (db) => {
        // By _id alone (FerretDB 1.x scans for any other filter); the expiry checked here.
        const doc = await previewsIn(db).findOne({ _id: tokenHash });
        return doc && doc.expiresAt > now ? doc.entry : null;
      }),
    sweep: (now) =>
      client.run('sweepPreviews', async (db) => {
        await previewsIn(db).deleteMany({ expiresAt: { $lte: now } });
      }),
  };
}
