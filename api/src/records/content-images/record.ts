import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { ContentImageRepository } from '.';

/** One width of an image: `_id` is `<image id>/<width name>`, each well under MongoDB's 16 MB. */
interface ImageFileDoc extends Doc {
  bytes: Buffer;
  width: number;
  height: number;
  uploadedBy: string;
  uploadedAt: Date;
}

/**
 * The embedded store before the port kept an image's sizes in `content_images` and each width's
 * bytes in `content_image_files`: one document per width, as MongoDB always kept them.
 */
const legacyFilesSelect = (images: string) =>
  `SELECT f.id AS image, f.name, f.bytes, i.width, i.height, i.uploaded_by, i.uploaded_at
   FROM content_image_files f JOIN ${images} i ON i.id = f.id`;

export const CONTENT_IMAGES: CollectionSpec = {
  name: 'content_images',
  indexes: [{ name: 'uploaded_at', key: { uploadedAt: 1 } }],
  legacy: (row) => ({
    _id: `${row.image as string}/${row.name as number}`,
    bytes: row.bytes as Buffer,
    width: row.width as number,
    height: row.height as number,
    uploadedBy: row.uploaded_by as string,
    uploadedAt: new Date(row.uploaded_at as number),
  }),
  legacyJoin: { select: legacyFilesSelect, tables: ['content_image_files'] },
};

const filesIn = (documents: Documents) => documents.collection<ImageFileDoc>(CONTENT_IMAGES.name);
/** An image's id from one of its files' keys (ids are base64url: no slash). */
const imageIdOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
/**
 * Every width of one image, as a range of `_id`s: `0` follows `/` in code-point order, so the
 * range holds exactly the keys that begin `<id>/` (an image whose id only begins the same has
 * another character after it, never the slash).
 */
const widthsOf = (id: string) => ({ _id: { $gte: `${id}/`, $lt: `${id}0` } });

/** Content images, a document per width. */
export function contentImages(client: DocumentClient): ContentImageRepository {
  return {
    save: (image) =>
      client.run('saveContentImage', async (db) => {
        const { id, width, height, uploadedBy, uploadedAt } = image;
        // One call: a transaction on the embedded store; on MongoDB one insertMany, as before.
        await filesIn(db).insertNew(
          image.files.map(({ name, file }) => ({
            _id: `${id}/${name}`,
            bytes: file.bytes,
            width,
            height,
            uploadedBy,
            uploadedAt,
          })),
        );
      }),
    file: (id, width) =>
      client.run(
        'contentImageFile',
        async (db) => (await filesIn(db).findOne({ _id: `${id}/${width}` }))?.bytes ?? null,
      ),
    uploadedBefore: (before) =>
      client.run('contentImagesUploadedBefore', async (db) => {
        const docs = await filesIn(db).find(
          { uploadedAt: { $lt: before } },
          { sort: { uploadedAt: 1, _id: 1 }, without: ['bytes'] },
        );
        return [...new Set(docs.map((doc) => imageIdOf(doc._id)))];
      }),
    delete: (id) =>
      client.run('deleteContentImage', async (db) => {
        await filesIn(db).deleteMany(widthsOf(id));
      }),
  };
}
