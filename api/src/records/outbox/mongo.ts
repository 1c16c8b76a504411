import { ObjectId, type Db, type Document, type Filter } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import { SUBMISSIONS, submissionFromDoc } from '../submissions/mongo';
import type { ClaimedNotification, NotificationState, OutboxRepository } from '.';

interface OutboxDoc extends Document {
  _id: ObjectId;
  receivedAt: Date;
  notification?: NotificationState;
}

const OBJECT_ID = /^[a-f0-9]{24}$/i;
const PENDING = { 'notification.status': 'pending' } as const;

/**
 * Indexes of the outbox queries, created with the submissions' own: due entries, and the
 * pending ones by age for /api/health (MongoDB uses them; FerretDB 1.x scans either way).
 */
export const OUTBOX_INDEXES: readonly MongoIndex[] = [
  { collection: SUBMISSIONS, name: 'notification_dueAt', key: { 'notification.dueAt': 1 }, options: { sparse: true } },
  { collection: SUBMISSIONS, name: 'notification_status_receivedAt', key: { 'notification.status': 1, receivedAt: 1 } },
];

/** One claim of one entry: `_id` is "<submission id>#<claim number>", unique, so one claimer wins. */
interface ClaimTicket {
  _id: string;
  lease: string;
  /** When the claim runs out; the epoch once its holder gave the entry back to be retried. */
  until: Date;
  /** Set when its holder recorded a final outcome (sent or failed): no claim follows it. */
  settledAt?: Date;
}

const CLAIMS = 'notification_claims';
const DUPLICATE_KEY = 11000;
/** Claims of one entry tried in a row past tickets that ran out (their holders died). */
const CLAIM_TRIES = 5;
/** Tickets of settled entries are kept this long (far longer than any claim takes), then deleted. */
const SETTLED_TICKETS_KEPT_MS = 60 * 60_000;
const TICKET_CLEANUP_EVERY_MS = 10 * 60_000;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

/**
 * The outbox of the MongoDB store. FerretDB 1.x applies a conditional update as read, change,
 * write without isolation: two replicas updating "where pending" at once both succeed (measured
 * here: 109 of 200 such races had two winners). The only write it makes atomic is an insert under
 * a unique _id. So each claim inserts a ticket "<id>#<n>" (n = the entry's claims so far + 1):
 * exactly one claimer of claim n gets it, and a ticket that ran out (its holder died) lets the
 * next number be tried. The entry's own document then records the claim (attempts, lease, dueAt)
 * so sweeps skip it; only the ticket's holder writes it until the ticket runs out. Entries are
 * read and written by _id alone, and conditions checked here: FerretDB 1.x answers a filter with
 * any other field (even beside _id) by scanning the collection (1.5 s at 10,000 rows here).
 */
export function mongoOutbox(client: DatabaseClient<Db>): OutboxRepository {
  const run = <T>(work: (db: Db) => Promise<T>) => client.run('outbox', work);
  const submissions = (db: Db) => db.collection<OutboxDoc>(SUBMISSIONS);
  const claims = (db: Db) => db.collection<ClaimTicket>(CLAIMS);
  const ticket = (id: string, claim: number) => `${id}#${claim}`;

  /**
   * Records an outcome (holder only) on the entry and on its ticket: a settled ticket stops any
   * later claim (one that read the entry before the outcome); a released one lets the next claim
   * go ahead without waiting for it to run out.
   */
  const finish = async (id: string, lease: string, update: Document, settled: boolean): Promise<boolean> => {
    if (!OBJECT_ID.test(id)) return false;
    const _id = new ObjectId(id);
    return run(async (db) => {
      const state = (await submissions(db).findOne({ _id }, { projection: { notification: 1 } }))?.notification;
      if (state?.status !== 'pending' || state.lease !== lease) return false;
      await claims(db).updateOne(
        { _id: ticket(id, state.attempts) },
        { $set: settled ? { until: new Date(8.64e15), settledAt: new Date() } : { until: new Date(0) } },
      );
      await submissions(db).updateOne({ _id }, update);
      return true;
    });
  };
  let nextCleanup = 0;

  return {
    async due(now, limit) {
      if (now.getTime() >= nextCleanup) {
        nextCleanup = now.getTime() + TICKET_CLEANUP_EVERY_MS;
        const before = new Date(now.getTime() - SETTLED_TICKETS_KEPT_MS);
        await run((db) => claims(db).deleteMany({ settledAt: { $lt: before } }));
      }
      const docs = await run((db) =>
        submissions(db)
          .find({ ...PENDING, 'notification.dueAt': { $lte: now } } as Filter<OutboxDoc>, { projection: { _id: 1 } })
          .limit(limit)
          .toArray(),
      );
      return docs.map((doc) => doc._id.toHexString());
    },

    async claim(id, lease, now, leaseMs): Promise<ClaimedNotification | null> {
      if (!OBJECT_ID.test(id)) return null;
      const _id = new ObjectId(id);
      return run(async (db) => {
        const doc = await submissions(db).findOne({ _id });
        const state = doc?.notification;
        if (!doc || !state || state.status !== 'pending' || !state.dueAt || state.dueAt > now) return null;
        const until = new Date(now.getTime() + leaseMs);
        let claim = state.attempts + 1;
        for (let tries = 0; ; tries += 1) {
          try {
            await claims(db).insertOne({ _id: ticket(id, claim), lease, until });
            break;
          } catch (error) {
            if (!isDuplicateKey(error)) throw error;
            const holder = await claims(db).findOne({ _id: ticket(id, claim) });
            // Settled, or held by another worker: not ours. Run out (a dead holder's): try the next number.
            if (!holder || holder.settledAt || holder.until > now || tries + 1 >= CLAIM_TRIES) return null;
            claim += 1;
          }
        }
        // What was read may be older than an outcome recorded meanwhile (a retry set for later).
        const fresh = (await submissions(db).findOne({ _id }, { projection: { notification: 1 } }))?.notification;
        if (!fresh || fresh.status !== 'pending' || !fresh.dueAt || fresh.dueAt > now || fresh.attempts >= claim) {
          await claims(db).updateOne({ _id: ticket(id, claim) }, { $set: { until: new Date(0) } });
          return null;
        }
        await submissions(db).updateOne(
          { _id },
          {
            $set: { 'notification.attempts': claim, 'notification.dueAt': until, 'notification.lease': lease },
          },
        );
        const notification: NotificationState = { ...state, attempts: claim, dueAt: until, lease };
        return { submission: submissionFromDoc(doc), notification, lease };
      });
    },

    markSent: (id, lease, at) =>
      finish(
        id,
        lease,
        {
          $set: { 'notification.status': 'sent', 'notification.sentAt': at },
          $unset: { 'notification.dueAt': '', 'notification.lease': '' },
        },
        true,
      ),

    retryLater: (id, lease, dueAt, reason) =>
      finish(
        id,
        lease,
        {
          $set: { 'notification.dueAt': dueAt, 'notification.lastError': reason },
          $unset: { 'notification.lease': '' },
        },
        false,
      ),

    markFailed: (id, lease, at, reason) =>
      finish(
        id,
        lease,
        {
          $set: { 'notification.status': 'failed', 'notification.failedAt': at, 'notification.lastError': reason },
          $unset: { 'notification.dueAt': '', 'notification.lease': '' },
        },
        true,
      ),

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
