import { randomBytes } from 'node:crypto';
import type { CollectionSpec, Doc, DocumentClient, Documents, Update } from '../../db/port';
import { revisionOf, type ContentRevisionRepository } from '.';

interface AreaDoc extends Doc {
  epoch: string;
  counter: number;
  seededAt?: Date;
}

/** One document per area, under its name; read by _id only (FerretDB 1.x scans for anything else). */
export const CONTENT_AREAS: CollectionSpec = {
  name: 'content_areas',
  legacy: (row) => ({
    _id: row.area as string,
    epoch: row.epoch as string,
    counter: row.counter as number,
    ...(row.seeded_at != null && { seededAt: new Date(row.seeded_at as number) }),
  }),
};

const areasIn = (documents: Documents) => documents.collection<AreaDoc>(CONTENT_AREAS.name);

/** Makes the area's document when missing (a fresh epoch), applying `change` either way. */
async function upsertArea(db: Documents, area: string, change: Update): Promise<void> {
  const counter = change.$inc ? {} : { counter: 0 };
  const epoch = randomBytes(6).toString('base64url');
  await areasIn(db).updateOne({ _id: area }, { ...change, $setOnInsert: { epoch, ...counter } }, { upsert: true });
}

/** The area's document, made the first time it is asked for. */
async function areaDoc(db: Documents, area: string, change?: Update): Promise<AreaDoc> {
  // A read alone when nothing changes: every poll of every remote asks for the revision.
  const found = change ? null : await areasIn(db).findOne({ _id: area });
  if (found) return found;
  await upsertArea(db, area, change ?? {});
  const doc = await areasIn(db).findOne({ _id: area });
  if (!doc) throw new Error('a content area could not be read back');
  return doc;
}

/** Areas' revisions and seed markers (content_areas). */
export function contentRevisions(client: DocumentClient): ContentRevisionRepository {
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
    markSeeded: (area, at) => client.run('markContentSeeded', (db) => upsertArea(db, area, { $set: { seededAt: at } })),
  };
}
