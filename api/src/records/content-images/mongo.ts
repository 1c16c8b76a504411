import { Binary, type Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import type { ContentImageRepository } from '.';

interface ImageFileDoc {
  /** `<image id>/<width name>` */
  _id: string;
  bytes: Binary;
  width: number;
  height: number;
  uploadedBy: string;
  uploadedAt: Date;
}

const filesOf = (db: Db) => db.collection<ImageFileDoc>('content_images');
/** An image's id from one of its files' keys (ids are base64url: no slash). */
const imageIdOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const CONTENT_IMAGE_INDEXES: readonly MongoIndex[] = [
  { collection: 'content_images', name: 'uploaded_at', key: { uploadedAt: 1 } },
];

/** Content images (content_images), a document per width: each well under MongoDB's 16 MB. */
export function mongoContentImages(client: DatabaseClient<Db>): ContentImageRepository {
  return {
    save: (image) =>
      client.run('saveContentImage', async (db) => {
        await filesOf(db).insertMany(
          image.files.map(({ name, file }) => ({
            _id: `${image.id}/${name}`,
            bytes: new Binary(file.bytes),
            width: image.width,
            height: image.height,
            uploadedBy: image.uploadedBy,
            uploadedAt: image.uploadedAt,
          })),
        );
      }),
    file: (id, width) =>
      client.run('contentImageFile', async (db) => {
        const doc = await filesOf(db).findOne({ _id: `${id}/${width}` });
        return doc ? Buffer.from(doc.bytes.buffer) : null;
      }),
    uploadedBefore: (before) =>
      client.run('contentImagesUploadedBefore', async (db) => {
        const docs = await filesOf(db)
          .find({ uploadedAt: { $lt: before } }, { projection: { _id: 1 } })
          .sort({ uploadedAt: 1, _id: 1 })
          .toArray();
        return [...new Set(docs.map((doc) => imageIdOf(doc._id)))];
      }),
    delete: (id) =>
      client.run('deleteContentImage', async (db) => {
        await filesOf(db).deleteMany({ _id: { $regex: `^${escapeRegExp(id)}/` } });
      }),
  };
}
