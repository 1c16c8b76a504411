import type { CollectionSpec, Doc, DocumentClient, Documents, Filter, Update } from '../../db/port';
import { DuplicateKeyError } from '../../db/port';
import type { Claimed, MailQueue, MailState } from '.';

/** One claim of one entry: `_id` is "<entry id>#<claim number>", unique, so one claimer wins. */
interface ClaimTicket extends Doc {
  lease: string;
  /** When the claim runs out; the epoch once its holder gave the entry back to be retried. */
  until: Date;
  /** Set when its holder recorded a final outcome (sent or failed): no claim follows it. */
  settledAt?: Date;
}

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
const SETTLED = { until: new Date(8.64e15) };
const RELEASED = { until: new Date(0) };

export interface MailQueueSettings<Item> {
  /** The collection of the records that carry the entries. */
  readonly collection: string;
  /** The field of each record that holds its entry (a MailState). */
  readonly field: string;
  /** The collection of claim tickets (declared with claimTickets()). */
  readonly claims: string;
  /** The claimed entry's item, from its record. */
  readonly item: (doc: Doc) => Item;
  /** More conditions for due entries (e.g. their update is being sent), asked before each sweep. */
  readonly dueFilter?: () => Promise<Filter>;
  /**
   * Whether a record read at claim time may be sent now: true, false (not now: it stays pending), or
   * the status to settle it with (never: e.g. its update was cancelled).
   */
  readonly sendable?: (doc: Doc) => Promise<boolean | string>;
  /** Told of each entry's change of status (from pending), in the same store call: a record's tallies. */
  readonly statusChanged?: (db: Documents, doc: Doc, from: string, to: string) => Promise<void>;
}

/** The tickets' collection of one queue: read and written by `_id` only. */
export const claimTickets = (name: string): CollectionSpec => ({ name });

/**
 * A mail queue on the storage port, for both backends. FerretDB 1.x applies a conditional update as
 * read, change, write without isolation: two replicas updating "where pending" at once both succeed
 * (measured: 109 of 200 such races had two winners). The only write it makes atomic is an insert
 * under a unique _id. So each claim inserts a ticket "<id>#<n>" (n = the entry's claims so far + 1):
 * exactly one claimer of claim n gets it, and a ticket that ran out (its holder died) lets the next
 * number be tried. The record then records the claim (attempts, lease, dueAt) so sweeps skip it;
 * only the ticket's holder writes it until the ticket runs out. Claims read and write entries by
 * _id alone and check conditions here: FerretDB 1.x on SQLite answers a filter with any other field
 * (even beside _id) by scanning the collection. The embedded store runs the same steps (each call
 * atomic there anyway). The outcome alone is one update conditioned on the lease (finish).
 */
export function mailQueue<Item>(client: DocumentClient, settings: MailQueueSettings<Item>): MailQueue<Item> {
  const { collection, field } = settings;
  const at = (name: string) => `${field}.${name}`;
  const run = <T>(work: (db: Documents) => Promise<T>) => client.run(collection, work);
  const records = (db: Documents) => db.collection<Doc>(collection);
  const tickets = (db: Documents) => db.collection<ClaimTicket>(settings.claims);
  const ticket = (id: string, claim: number) => `${id}#${claim}`;
  const stateIn = (doc: Doc | null) => doc?.[field] as MailState | undefined;
  const endTicket = (db: Documents, id: string, claim: number, settled: boolean) =>
    tickets(db).updateOne(
      { _id: ticket(id, claim) },
      { $set: settled ? { ...SETTLED, settledAt: new Date() } : RELEASED },
    );

  /**
   * Records an outcome on the entry, in one update conditioned on the holder's lease, then on its
   * ticket: a settled ticket stops any later claim of that number; a released one lets the next
   * claim go ahead without waiting for it to run out. Read-then-write would let a holder whose lease
   * ran out, having read its own lease just before another worker's claim, overwrite that worker's
   * outcome (a "failed" over its "sent"). The filter names fields beside `_id`: MongoDB (and FerretDB
   * on PostgreSQL) still finds the one document by its `_id` index; FerretDB on SQLite scans the
   * collection for it (api/src/notify/README.md, "finish() as one conditional update", has figures).
   */
  const finish = (id: string, lease: string, set: Record<string, unknown>, unset: string[], settled: boolean) =>
    run(async (db) => {
      const update: Update = {
        $set: Object.fromEntries(Object.entries(set).map(([name, value]) => [at(name), value])),
        $unset: Object.fromEntries(unset.map((name) => [at(name), ''])),
      };
      const before = await records(db).findOneAndUpdate(
        { _id: id, [at('status')]: 'pending', [at('lease')]: lease },
        update,
      );
      const state = stateIn(before);
      if (!before || !state) return false;
      await endTicket(db, id, state.attempts, settled);
      if (typeof set.status === 'string') await settings.statusChanged?.(db, before, state.status, set.status);
      return true;
    });

  /** Inserts the ticket of the next claim: its number, or null when another holds or settled it. */
  const takeTicket = async (db: Documents, id: string, first: number, lease: string, until: Date, now: Date) => {
    for (let claim = first, tries = 0; ; claim += 1, tries += 1) {
      try {
        await tickets(db).insert({ _id: ticket(id, claim), lease, until });
        return claim;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        const holder = await tickets(db).findOne({ _id: ticket(id, claim) });
        // Settled, or held by another worker: not ours. Run out (a dead holder's): try the next number.
        if (!holder || holder.settledAt || holder.until > now || tries + 1 >= CLAIM_TRIES) return null;
      }
    }
  };

  /**
   * Asked again once the claim is on record: a change made between the first question and the
   * claim (an update paused) would otherwise let this email go out although, when that change was
   * answered, the record showed it neither claimed nor sent. Given back, due as before; or settled,
   * when the change was for good (a cancel whose own write this claim's write, not isolated from it
   * on FerretDB 1.x, may have undone). Answers whether the claim stands.
   */
  const stillSendable = async (db: Documents, doc: Doc, state: MailState, claim: number, lease: string) => {
    const sendable = settings.sendable ? await settings.sendable(doc) : true;
    if (sendable === true) return true;
    const settle = typeof sendable === 'string';
    const given = await records(db).updateOne(
      { _id: doc._id, [at('lease')]: lease },
      {
        $set: settle ? { [at('status')]: sendable } : { [at('dueAt')]: state.dueAt },
        $unset: settle ? { [at('lease')]: '', [at('dueAt')]: '' } : { [at('lease')]: '' },
      },
    );
    if (settle && given) await settings.statusChanged?.(db, doc, state.status, sendable);
    await endTicket(db, doc._id, claim, settle);
    return false;
  };

  const isDue = (state: MailState | undefined, now: Date): state is MailState & { dueAt: Date } =>
    state?.status === 'pending' && state.dueAt !== undefined && state.dueAt <= now;

  let nextCleanup = 0;
  const cleanUp = (now: Date) => {
    nextCleanup = now.getTime() + TICKET_CLEANUP_EVERY_MS;
    const before = new Date(now.getTime() - TICKETS_KEPT_MS);
    return run((db) => tickets(db).deleteMany({ $or: [{ settledAt: { $lt: before } }, { until: { $lt: before } }] }));
  };

  return {
    async due(now, limit) {
      if (now.getTime() >= nextCleanup) await cleanUp(now);
      const more = settings.dueFilter ? await settings.dueFilter() : {};
      const docs = await run((db) =>
        records(db).find({ [at('status')]: 'pending', [at('dueAt')]: { $lte: now }, ...more }, { limit }),
      );
      return docs.map((doc) => doc._id);
    },

    claim: (id, lease, now, leaseMs): Promise<Claimed<Item> | null> =>
      run(async (db) => {
        const doc = await records(db).findOne({ _id: id });
        const state = stateIn(doc);
        if (!doc || !isDue(state, now)) return null;
        if (settings.sendable && (await settings.sendable(doc)) !== true) return null;
        const until = new Date(now.getTime() + leaseMs);
        const claim = await takeTicket(db, id, state.attempts + 1, lease, until, now);
        if (claim === null) return null;
        // What was read may be older than an outcome recorded meanwhile (a retry set for later).
        const fresh = stateIn(await records(db).findOne({ _id: id }));
        if (!isDue(fresh, now) || fresh.attempts >= claim) {
          await endTicket(db, id, claim, false);
          return null;
        }
        await records(db).updateOne(
          { _id: id },
          { $set: { [at('attempts')]: claim, [at('dueAt')]: until, [at('lease')]: lease } },
        );
        if (!(await stillSendable(db, doc, state, claim, lease))) return null;
        return { item: settings.item(doc), state: { ...state, attempts: claim, dueAt: until, lease }, lease };
      }),

    // Conditioned on the lease like finish(). A claimer reads dueAt before and after inserting its
    // ticket, so one that began before this write stops at its second read; the worker renews
    // only while its lease has time left, so no claimer can have begun before that (by one clock).
    renew: (id, lease, now, leaseMs) =>
      run((db) =>
        records(db).updateOne(
          { _id: id, [at('status')]: 'pending', [at('lease')]: lease },
          { $set: { [at('dueAt')]: new Date(now.getTime() + leaseMs) } },
        ),
      ),
    markSent: (id, lease, sentAt) => finish(id, lease, { status: 'sent', sentAt }, ['dueAt', 'lease'], true),
    retryLater: (id, lease, dueAt, reason) => finish(id, lease, { dueAt, lastError: reason }, ['lease'], false),
    markFailed: (id, lease, failedAt, reason, status = 'failed') =>
      finish(id, lease, { status, failedAt, lastError: reason }, ['dueAt', 'lease'], true),
    // Only the embedded store is opened by one process (its DATA_DIR lock): a claim found at its
    // start is a dead process's, so its entry is due at once and its ticket released.
    ...(client.kind === 'embedded' && {
      releaseLeases: (now: Date) =>
        run(async (db) => {
          const released = await records(db).updateMany(
            { [at('status')]: 'pending', [at('lease')]: { $exists: true } },
            { $set: { [at('dueAt')]: now }, $unset: { [at('lease')]: '' } },
          );
          await tickets(db).updateMany({ settledAt: { $exists: false } }, { $set: RELEASED });
          return released;
        }),
    }),
  };
}

/**
 * The sending state kept in a row's own columns by the embedded store before the port (status,
 * attempts, message_id, due_at, ...): absent fields stay absent, as on MongoDB.
 */
export function legacyMailState(row: Record<string, unknown>): MailState {
  const present = (name: string, value: unknown) => (value === null || value === undefined ? {} : { [name]: value });
  const date = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(ms as number));
  return {
    status: row.status as string,
    attempts: row.attempts as number,
    messageId: row.message_id as string,
    ...present('dueAt', date(row.due_at)),
    ...present('lease', row.lease),
    ...present('lastError', row.last_error),
    ...present('sentAt', date(row.sent_at)),
    ...present('failedAt', date(row.failed_at)),
  };
}
