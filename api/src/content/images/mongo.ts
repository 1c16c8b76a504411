import { Binary, type Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
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
  };
}
