import { pipeline } from 'node:stream/promises';
import { GridFSBucket, ObjectId, type Db, type GridFSFile } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import { StoreUnavailableError } from '../../db/errors';
import { byteCounter } from './byte-counter';
import type { FileRepository, StoredFile } from '.';

const BUCKET = 'uploads';
const OBJECT_ID = /^[a-f0-9]{24}$/i;

/** One bucket per database handle: a bucket checks its indexes once, on its first upload. */
const buckets = new WeakMap<Db, GridFSBucket>();
function bucketOf(db: Db): GridFSBucket {
  let bucket = buckets.get(db);
  if (!bucket) {
    bucket = new GridFSBucket(db, { bucketName: BUCKET });
    buckets.set(db, bucket);
  }
  return bucket;
}

function fileFromDoc(doc: GridFSFile): StoredFile {
  const contentType = doc.metadata?.contentType;
  return {
    id: doc._id.toHexString(),
    name: doc.filename,
    contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
    size: doc.length,
    uploadedAt: doc.uploadDate,
  };
}

/** Uploads in GridFS (bucket "uploads"), streamed in chunks. */
export function mongoFiles(client: DatabaseClient<Db>): FileRepository {
  return {
    save: (source, file) =>
      client.unbounded('save file', async (db) => {
        const bucket = bucketOf(db);
        const upload = bucket.openUploadStream(file.name, { metadata: { contentType: file.contentType } });
        const counter = byteCounter();
        try {
          await pipeline(source, counter.stream, upload);
        } catch (error) {
          // Chunks written before the failure have no files document yet; delete removes them.
          await bucket.delete(upload.id).catch(() => undefined);
          throw error;
        }
        return {
          id: upload.id.toHexString(),
          name: file.name,
          contentType: file.contentType,
          size: counter.bytes(),
          uploadedAt: new Date(),
        };
      }),
    open: async (id) => {
      if (!OBJECT_ID.test(id)) return null;
      const _id = new ObjectId(id);
      return client.run('openFile', async (db) => {
        const bucket = bucketOf(db);
        const doc = await bucket.find({ _id }).next();
        return doc ? { file: fileFromDoc(doc), stream: bucket.openDownloadStream(_id) } : null;
      });
    },
    list: () =>
      client.run('listFiles', async (db) =>
        (await bucketOf(db).find({}).sort({ uploadDate: 1 }).toArray()).map(fileFromDoc),
      ),
    delete: async (id) => {
      if (!OBJECT_ID.test(id)) return;
      await client
        .run('deleteFile', (db) => bucketOf(db).delete(new ObjectId(id)))
        .catch((error: unknown) => {
          if (error instanceof StoreUnavailableError) throw error; // "file not found" is fine
        });
    },
    totalBytes: () =>
      client.run('files total', async (db) => {
        const [sum] = await db
          .collection(`${BUCKET}.files`)
          .aggregate<{ bytes: number }>([{ $group: { _id: null, bytes: { $sum: '$length' } } }])
          .toArray();
        return sum?.bytes ?? 0;
      }),
  };
}
