import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import { revisionOf, type ContentRevisionRepository } from '.';

interface AreaDoc {
  _id: string;
  epoch: string;
  counter: number;
  seededAt?: Date;
}

const areasOf = (db: Db) => db.collection<AreaDoc>('content_areas');

/** The area's document, made with a fresh epoch the first time. */
async function areaDoc(db: Db, area: string, change: { $inc?: { counter: number } } = {}): Promise<AreaDoc> {
  // By _id alone (FerretDB 1.x scans for any other filter); the epoch only on insert.
  await areasOf(db).updateOne(
    { _id: area },
    {
      ...change,
      $setOnInsert: { epoch: randomBytes(6).toString('base64url'), ...(change.$inc ? {} : { counter: 0 }) },
    },
    { upsert: true },
  );
  const doc = await areasOf(db).findOne({ _id: area });
  if (!doc) throw new Error('a content area could not be read back');
  return doc;
}

/** Areas' revisions (content_areas) in MongoDB. */
export function mongoContentRevisions(client: DatabaseClient<Db>): ContentRevisionRepository {
  return {
    current: (area) =>
      client.run('contentRevision', async (db) => {
        const { epoch, counter } = await areaDoc(db, area);
        return revisionOf(epoch, counter);
      }),
    bump: (area) =>
      client.run('bumpContentRevision', async (db) => {
        const { epoch, counter } = await areaDoc(db, area, { $inc: { counter: 1 } });
        return revisionOf(epoch, counter);
      }),
    seededAt: (area) => client.run('contentSeeded', async (db) => (await areaDoc(db, area)).seededAt ?? null),
    markSeeded: (area, at) =>
      client.run('markContentSeeded', async (db) => {
        await areaDoc(db, area);
        await areasOf(db).updateOne({ _id: area }, { $set: { seededAt: at } });
      }),
  };
}
