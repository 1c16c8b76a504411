import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import { tallies } from '../tallies';
import type { Suppression, SuppressionReason, SuppressionRepository } from '.';

type SuppressionDoc = Doc & Omit<Suppression, 'id'>;

/** One document per address, under its hash; read by _id only (FerretDB 1.x scans for anything else). */
export const UPDATE_SUPPRESSIONS: CollectionSpec = {
  name: 'update_suppressions',
  legacy: (row) => ({
    _id: row.id as string,
    reason: row.reason as SuppressionReason,
    at: new Date(row.at as number),
  }),
};

const suppressionsIn = (documents: Documents) => documents.collection<SuppressionDoc>(UPDATE_SUPPRESSIONS.name);

/** The list's size is a tally (records/tallies.ts): counting it would read every address on FerretDB. */
const SIZE = 'suppressions';

const AMONG_PAGE = 500;

/** The suppression list (update_suppressions), each address under its hash. */
export function updateSuppressions(client: DocumentClient): SuppressionRepository {
  const size = tallies(
    client,
    (documents) => documents,
    SIZE,
    async (documents) => ({
      n: await suppressionsIn(documents).count(),
    }),
  );
  return {
    add: ({ id, reason, at }) =>
      client.run('suppress', async (db) => {
        if (await suppressionsIn(db).put({ _id: id, reason, at })) await size.add(db, SIZE, { n: 1 });
      }),
    get: (id) =>
      client.run('suppression', async (db) => {
        const doc = await suppressionsIn(db).findOne({ _id: id });
        return doc ? { id: doc._id, reason: doc.reason, at: doc.at } : null;
      }),
    among: (ids) =>
      client.run('suppressions', async (db) => {
        const found = new Set<string>();
        // A page at a time: the embedded store passes each id as an SQL parameter.
        for (let start = 0; start < ids.length; start += AMONG_PAGE)
          for (const doc of await suppressionsIn(db).find({ _id: { $in: ids.slice(start, start + AMONG_PAGE) } }))
            found.add(doc._id);
        return found;
      }),
    remove: (id) =>
      client.run('unsuppress', async (db) => {
        if (!(await suppressionsIn(db).deleteOne({ _id: id }))) return false;
        await size.add(db, SIZE, { n: -1 });
        return true;
      }),
    count: async () => (await size.read(SIZE)).n ?? 0,
  };
}
