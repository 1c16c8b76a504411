import type { Db, Document, Filter } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { Claimed, MailQueue, MailState } from '.';

/** One claim of one entry: `_id` is "<entry id>#<claim number>", unique, so one claimer wins. */
interface ClaimTicket {
  _id: string;
  lease: string;
  /** When the claim runs out; the epoch once its holder gave the entry back to be retried. */
  until: Date;
  /** Set when its holder recorded a final outcome (sent or failed): no claim follows it. */
  settledAt?: Date;
}

const DUPLICATE_KEY = 11000;
/** Claims of one entry tried in a row past tickets that ran out (their holders died). */
const CLAIM_TRIES = 5;
/**
 * Tickets are kept this long after they ended (settled, released, or run out; far longer than any
 * claim takes), then deleted whatever their end, so their number stays bounded. A claimer that
 * read an entry before its last claim and inserts a deleted ticket's number again is stopped by
 * the entry's recorded claims (the check after the insert).
 */
const TICKETS_KEPT_MS = 60 * 60_000;
const TICKET_CLEANUP_EVERY_MS = 10 * 60_000;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

export interface MongoQueueSettings<Item> {
  /** The collection of the records that carry the entries. */
  readonly collection: string;
  /** The field of each record that holds its entry (a MailState). */
  readonly field: string;
  /** The collection of claim tickets. */
  readonly claims: string;
  /** The record's _id for an entry id, or null when the id cannot be one. */
  readonly idOf: (id: string) => unknown;
  /** The entry id of a record's _id. */
  readonly idFrom: (id: unknown) => string;
  /** The claimed entry's item, from its record. */
  readonly item: (doc: Document) => Item;
}

/**
 * A mail queue in MongoDB. FerretDB 1.x applies a conditional update as read, change, write without
 * isolation: two replicas updating "where pending" at once both succeed (measured here: 109 of 200
 * such races had two winners). The only write it makes atomic is an insert under a unique _id. So
 * each claim inserts a ticket "<id>#<n>" (n = the entry's claims so far + 1): exactly one claimer
 * of claim n gets it, and a ticket that ran out (its holder died) lets the next number be tried.
 * The record then records the claim (attempts, lease, dueAt) so sweeps skip it; only the ticket's
 * holder writes it until the ticket runs out. Claims read and write entries by _id alone and check
 * conditions here: FerretDB 1.x on SQLite answers a filter with any other field (even beside _id)
 * by scanning the collection. The outcome alone is one update conditioned on the lease (finish).
 */
export function mongoMailQueue<Item>(client: DatabaseClient<Db>, settings: MongoQueueSettings<Item>): MailQueue<Item> {
  const { collection, field, idOf, idFrom } = settings;
  const run = <T>(work: (db: Db) => Promise<T>) => client.run(collection, work);
  const records = (db: Db) => db.collection<Document>(collection);
  const claims = (db: Db) => db.collection<ClaimTicket>(settings.claims);
  const ticket = (id: string, claim: number) => `${id}#${claim}`;
  const byId = (_id: unknown) => ({ _id }) as Filter<Document>;
  const stateOf = async (db: Db, _id: unknown) =>
    ((await records(db).findOne(byId(_id), { projection: { [field]: 1 } })) as Record<string, MailState> | null)?.[
      field
    ];

  /**
   * Records an outcome on the entry, in one update conditioned on the holder's lease, then on its
   * ticket: a settled ticket stops any later claim of that number; a released one lets the next
   * claim go ahead without waiting for it to run out. Read-then-write would let a holder whose lease
   * ran out, having read its own lease just before another worker's claim, overwrite that worker's
   * outcome (a "failed" over its "sent"). The filter names fields beside `_id`: MongoDB (and FerretDB
   * on PostgreSQL) still finds the one document by its `_id` index; FerretDB on SQLite scans the
   * collection for it (api/src/notify/README.md, "finish() as one conditional update", has figures).
   */
  const finish = async (id: string, lease: string, set: Document, unset: string[], settled: boolean) => {
    const _id = idOf(id);
    if (_id === null) return false;
    const prefixed = (name: string) => `${field}.${name}`;
    return run(async (db) => {
      const before = (await records(db).findOneAndUpdate(
        { _id, [prefixed('status')]: 'pending', [prefixed('lease')]: lease } as Filter<Document>,
        {
          $set: Object.fromEntries(Object.entries(set).map(([name, value]) => [prefixed(name), value])),
          $unset: Object.fromEntries(unset.map((name) => [prefixed(name), ''])),
        },
        // No projection: FerretDB 1.x refuses one on findAndModify.
        { returnDocument: 'before' },
      )) as Record<string, MailState> | null;
      const state = before?.[field];
      if (!state) return false;
      await claims(db).updateOne(
        { _id: ticket(id, state.attempts) },
        { $set: settled ? { until: new Date(8.64e15), settledAt: new Date() } : { until: new Date(0) } },
      );
      return true;
    });
  };
  let nextCleanup = 0;

  return {
    async due(now, limit) {
      if (now.getTime() >= nextCleanup) {
        nextCleanup = now.getTime() + TICKET_CLEANUP_EVERY_MS;
        const before = new Date(now.getTime() - TICKETS_KEPT_MS);
        await run((db) => claims(db).deleteMany({ $or: [{ settledAt: { $lt: before } }, { until: { $lt: before } }] }));
      }
      const docs = await run(async (db) =>
        records(db)
          .find(
            {
              [`${field}.status`]: 'pending',
              [`${field}.dueAt`]: { $lte: now },
            },
            { projection: { _id: 1 } },
          )
          .limit(limit)
          .toArray(),
      );
      return docs.map((doc) => idFrom(doc._id));
    },

    async claim(id, lease, now, leaseMs): Promise<Claimed<Item> | null> {
      const _id = idOf(id);
      if (_id === null) return null;
      return run(async (db) => {
        const doc = await records(db).findOne(byId(_id));
        const state = doc?.[field] as MailState | undefined;
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
        const fresh = await stateOf(db, _id);
        if (!fresh || fresh.status !== 'pending' || !fresh.dueAt || fresh.dueAt > now || fresh.attempts >= claim) {
          await claims(db).updateOne({ _id: ticket(id, claim) }, { $set: { until: new Date(0) } });
          return null;
        }
        await records(db).updateOne(byId(_id), {
          $set: { [`${field}.attempts`]: claim, [`${field}.dueAt`]: until, [`${field}.lease`]: lease },
        });
        return { item: settings.item(doc), state: { ...state, attempts: claim, dueAt: until, lease }, lease };
      });
    },

    renew(id, lease, now, leaseMs) {
      const _id = idOf(id);
      if (_id === null) return Promise.resolve(false);
      // Conditioned on the lease like finish(). A claimer reads dueAt before and after inserting its
      // ticket, so one that began before this write stops at its second read; the worker renews
      // only while its lease has time left, so no claimer can have begun before that (by one clock).
      return run(async (db) => {
        const renewed = await records(db).updateOne(
          { _id, [`${field}.status`]: 'pending', [`${field}.lease`]: lease } as Filter<Document>,
          { $set: { [`${field}.dueAt`]: new Date(now.getTime() + leaseMs) } },
        );
        return renewed.matchedCount === 1;
      });
    },
    markSent: (id, lease, at) => finish(id, lease, { status: 'sent', sentAt: at }, ['dueAt', 'lease'], true),
    retryLater: (id, lease, dueAt, reason) => finish(id, lease, { dueAt, lastError: reason }, ['lease'], false),
    markFailed: (id, lease, at, reason, status = 'failed') =>
      finish(id, lease, { status, failedAt: at, lastError: reason }, ['dueAt', 'lease'], true),
  };
}
