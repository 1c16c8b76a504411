import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { MailState } from '../../mail/queue';
import { claimTickets, legacyMailState, mailQueue } from '../../mail/queue/record';
import type { Confirmation, ConfirmationRepository } from '.';

type ConfirmationDoc = Doc & Omit<Confirmation, 'id'> & { mail: MailState };

/**
 * One document per link, its email in the field `mail` (the shared mail queue). Read by _id, but
 * for erasure (by `subscriberId`) and the queue's sweep (by `mail.status` and `mail.dueAt`).
 */
export const UPDATE_CONFIRMATIONS: CollectionSpec = {
  name: 'update_confirmations',
  indexes: [
    { name: 'subscriberId', key: { subscriberId: 1 } },
    { name: 'mail_dueAt', key: { 'mail.status': 1, 'mail.dueAt': 1 } },
  ],
  legacy: (row) => ({
    _id: row.id as string,
    subscriberId: row.subscriber_id as string,
    email: row.email as string,
    secret: row.secret as string,
    createdAt: new Date(row.created_at as number),
    expiresAt: new Date(row.expires_at as number),
    ...(row.used_at !== null && { usedAt: new Date(row.used_at as number) }),
    mail: legacyMailState(row),
  }),
};
export const UPDATE_CONFIRMATION_CLAIMS = claimTickets('update_confirmation_claims');

const confirmationsIn = (documents: Documents) => documents.collection<ConfirmationDoc>(UPDATE_CONFIRMATIONS.name);
const confirmationOf = ({ _id, mail: _mail, ...rest }: Doc): Confirmation => ({
  id: _id,
  ...(rest as Omit<Confirmation, 'id'>),
});

/** Confirmation links (update_confirmations), each with its email in the shared mail queue. */
export function updateConfirmations(
  client: DocumentClient,
  /** The client of the mail queue: bounded by the worker, not the request guard. */
  queueClient: DocumentClient = client,
): ConfirmationRepository {
  return {
    create: ({ id, ...rest }, mail) =>
      client.run('create confirmation', (db) => confirmationsIn(db).insert({ _id: id, ...rest, mail })),
    get: (id) =>
      client.run('confirmation', async (db) => {
        const doc = await confirmationsIn(db).findOne({ _id: id });
        return doc ? { ...confirmationOf(doc), mail: doc.mail } : null;
      }),
    // Not isolated on FerretDB 1.x: two presses at once may both count as first, which is harmless
    // (confirming twice changes nothing more).
    use: (id, at) =>
      client.run('use confirmation', (db) =>
        confirmationsIn(db).updateOne({ _id: id, usedAt: { $exists: false } }, { $set: { usedAt: at } }),
      ),
    removeFor: (subscriberId) =>
      client.run('remove confirmations', (db) => confirmationsIn(db).deleteMany({ subscriberId })),
    queue: mailQueue(queueClient, {
      collection: UPDATE_CONFIRMATIONS.name,
      field: 'mail',
      claims: UPDATE_CONFIRMATION_CLAIMS.name,
      item: confirmationOf,
    }),
  };
}
