import { ObjectId, type Db, type Document, type Filter } from 'mongodb';
import { mongoMailQueue } from '../../mail/queue/mongo';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import { SUBMISSIONS, submissionFromDoc } from '../submissions/mongo';
import type { NotificationState, OutboxRepository } from '.';
import { outboxQueueSteps } from './queue';

interface OutboxDoc extends Document {
  _id: ObjectId;
  receivedAt: Date;
  notification?: NotificationState;
}

const OBJECT_ID = /^[a-f0-9]{24}$/i;
const CLAIMS = 'notification_claims';

/**
 * Indexes of the outbox queries, created with the submissions' own: due entries, and the
 * pending ones by age for /api/health (MongoDB uses them; FerretDB 1.x scans either way).
 */
export const OUTBOX_INDEXES: readonly MongoIndex[] = [
  { collection: SUBMISSIONS, name: 'notification_dueAt', key: { 'notification.dueAt': 1 }, options: { sparse: true } },
  { collection: SUBMISSIONS, name: 'notification_status_receivedAt', key: { 'notification.status': 1, receivedAt: 1 } },
];

/**
 * The outbox of the MongoDB store: the `notification` field of each submission's document, claimed
 * through the mail queue every email shares (mail/queue/mongo.ts, which says why by tickets).
 */
export function mongoOutbox(client: DatabaseClient<Db>): OutboxRepository {
  const run = <T>(work: (db: Db) => Promise<T>) => client.run('outbox', work);
  const submissions = (db: Db) => db.collection<OutboxDoc>(SUBMISSIONS);
  const queue = mongoMailQueue(client, {
    collection: SUBMISSIONS,
    field: 'notification',
    claims: CLAIMS,
    idOf: (id) => (OBJECT_ID.test(id) ? new ObjectId(id) : null),
    idFrom: (id) => (id as ObjectId).toHexString(),
    item: submissionFromDoc,
  });

  return {
    ...outboxQueueSteps(queue),

    async stats() {
      // One pass (FerretDB scans the collection for each query): counted here, not by the server.
      const docs = await run((db) =>
        submissions(db)
          .find({ 'notification.status': { $in: ['pending', 'failed'] } } as Filter<OutboxDoc>, {
            projection: { receivedAt: 1, 'notification.status': 1 },
          })
          .toArray(),
      );
      let pending = 0;
      let failed = 0;
      let oldestPendingAt: Date | null = null;
      for (const doc of docs) {
        if (doc.notification?.status === 'failed') failed += 1;
        else {
          pending += 1;
          if (!oldestPendingAt || doc.receivedAt < oldestPendingAt) oldestPendingAt = doc.receivedAt;
        }
      }
      return { pending, failed, oldestPendingAt };
    },
  };
}
