import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import { mongoTally } from '../tallies';
import type { Suppression, SuppressionRepository } from '.';

type SuppressionDoc = Omit<Suppression, 'id'> & { _id: string };
const of = (db: Db) => db.collection<SuppressionDoc>('update_suppressions');

/** The suppression list in its own collection, each address under its hash; its size is a tally. */
export function mongoSuppressions(client: DatabaseClient<Db>): SuppressionRepository {
  const tally = mongoTally(client, 'suppressions', async (db) => ({ n: await of(db).countDocuments() }));
  return {
    add: async ({ id, reason, at }) => {
      await client.run('suppress', async (db) => {
        const { upsertedCount } = await of(db).replaceOne({ _id: id }, { reason, at }, { upsert: true });
        if (upsertedCount === 1) await tally.add(db, { n: 1 });
      });
    },
    get: (id) =>
      client.run('suppression', async (db) => {
        const doc = await of(db).findOne({ _id: id });
        return doc ? { id: doc._id, reason: doc.reason, at: doc.at } : null;
      }),
    among: (ids) =>
      client.run('suppressions', async (db) => {
        const docs = await of(db)
          .find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } })
          .toArray();
        return new Set(docs.map((doc) => doc._id));
      }),
    remove: (id) =>
      client.run('unsuppress', async (db) => {
        if ((await of(db).deleteOne({ _id: id })).deletedCount !== 1) return false;
        await tally.add(db, { n: -1 });
        return true;
      }),
    count: async () => (await tally.read()).n ?? 0,
  };
}
