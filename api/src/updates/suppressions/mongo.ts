import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { Suppression, SuppressionRepository } from '.';

type SuppressionDoc = Omit<Suppression, 'id'> & { _id: string };
const of = (db: Db) => db.collection<SuppressionDoc>('update_suppressions');

/** The suppression list in its own collection, each address under its hash. */
export function mongoSuppressions(client: DatabaseClient<Db>): SuppressionRepository {
  return {
    add: async ({ id, reason, at }) => {
      await client.run('suppress', (db) => of(db).replaceOne({ _id: id }, { reason, at }, { upsert: true }));
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
    remove: (id) => client.run('unsuppress', async (db) => (await of(db).deleteOne({ _id: id })).deletedCount === 1),
    count: () => client.run('count suppressions', (db) => of(db).countDocuments()),
  };
}
