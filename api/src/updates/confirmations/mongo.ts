import type { Db, Document } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MailState } from '../../mail/queue';
import { mongoMailQueue } from '../../mail/queue/mongo';
import type { Confirmation, ConfirmationRepository } from '.';

type ConfirmationDoc = Omit<Confirmation, 'id'> & { _id: string; mail: MailState };
const CONFIRMATIONS = 'update_confirmations';
const of = (db: Db) => db.collection<ConfirmationDoc>(CONFIRMATIONS);
const fromDoc = ({ _id, mail: _mail, ...rest }: Document): Confirmation => ({
  id: _id as string,
  ...(rest as Omit<Confirmation, 'id'>),
});

/** Confirmation links in their own collection, each with its email (field `mail`) in the shared mail queue. */
export function mongoConfirmations(
  client: DatabaseClient<Db>,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DatabaseClient<Db> = client,
): ConfirmationRepository {
  return {
    create: async (confirmation, mail) => {
      const { id, ...rest } = confirmation;
      await client.run('create confirmation', (db) => of(db).insertOne({ _id: id, ...rest, mail }));
    },
    get: (id) =>
      client.run('confirmation', async (db) => {
        const doc = await of(db).findOne({ _id: id });
        return doc ? { ...fromDoc(doc), mail: doc.mail } : null;
      }),
    // Not isolated on FerretDB 1.x: two presses at once may both count as first, which is harmless
    // (confirming twice changes nothing more).
    use: (id, at) =>
      client.run('use confirmation', async (db) => {
        const { modifiedCount } = await of(db).updateOne(
          { _id: id, usedAt: { $exists: false } },
          { $set: { usedAt: at } },
        );
        return modifiedCount === 1;
      }),
    removeFor: (subscriberId) =>
      client.run('remove confirmations', async (db) => (await of(db).deleteMany({ subscriberId })).deletedCount),
    queue: mongoMailQueue(queueClient, {
      collection: CONFIRMATIONS,
      field: 'mail',
      claims: 'update_confirmation_claims',
      idOf: (id) => id,
      idFrom: (id) => id as string,
      item: fromDoc,
    }),
  };
}
