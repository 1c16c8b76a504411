import type { Db } from 'mongodb';
import type { DatabaseClient } from '../db/client';

/** Counts kept up to date by the writes that change them, one document each. */
const TALLIES = 'update_tallies';
/** A tally older than this is counted afresh (in the background) when read. */
const RECOUNT_AFTER_MS = 60 * 60 * 1000;

interface TallyDoc {
  _id: string;
  counts: Record<string, number>;
  countedAt: Date;
}
const of = (db: Db) => db.collection<TallyDoc>(TALLIES);

export interface MongoTally {
  /** Adds to the tally's counts (inside the write's own store call), if the tally was ever counted. */
  add(db: Db, diff: Readonly<Record<string, number>>): Promise<void>;
  /** The counts: the tally, or a count of every document when there is none yet. */
  read(): Promise<Record<string, number>>;
}

/** Many tallies of one kind, one per name (an update's deliveries), each as a MongoTally. */
export interface MongoTallies {
  /**
   * As MongoTally.add. With `start` (the first write of what it counts, an update's fan-out), a
   * missing tally is made from the diff.
   */
  add(
    db: Db,
    name: string,
    diff: Readonly<Record<string, number>>,
    options?: { readonly start?: boolean },
  ): Promise<void>;
  read(name: string): Promise<Record<string, number>>;
}

const incrementOf = (diff: Readonly<Record<string, number>>) =>
  Object.fromEntries(
    Object.entries(diff)
      .filter(([, n]) => n !== 0)
      .map(([key, n]) => [`counts.${key}`, n]),
  );

/**
 * Counts the console asks for on every visit, each kept as one document (`update_tallies`, by
 * name) that each write changing it adjusts with $inc, so reading it is one lookup by _id: the one
 * query FerretDB 1.24 on SQLite answers without reading the whole collection (a count of 10,000
 * subscribers, or of an update's 10,000 deliveries, took longer than STORE_TIMEOUT_MS). FerretDB
 * 1.x does not isolate two changes of one document: this process's changes of one tally are made
 * one after another, but a write cut off between its change and its $inc, or two replicas' at once,
 * would leave it off by one; so it is counted afresh when missing or below zero and, in the
 * background, once it is an hour old. `recount` reads every document: it runs without the request deadline.
 */
export function mongoTallies(
  client: DatabaseClient<Db>,
  kind: string,
  recount: (db: Db, name: string) => Promise<Record<string, number>>,
): MongoTallies {
  const recounting = new Map<string, Promise<unknown>>();
  const changing = new Map<string, Promise<unknown>>();
  const countAfresh = (name: string) =>
    client.unbounded(`recount ${kind}`, async (db) => {
      const countedAt = new Date();
      const counts = await recount(db, name);
      await of(db).replaceOne({ _id: name }, { counts, countedAt }, { upsert: true });
      return counts;
    });
  /** One change of a tally at a time in this process (see above). */
  const inTurn = (name: string, work: () => Promise<unknown>) => {
    const next = (changing.get(name) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    changing.set(name, settled);
    void settled.then(() => {
      if (changing.get(name) === settled) changing.delete(name);
    });
    return next;
  };
  return {
    add: async (db, name, diff, { start = false } = {}) => {
      const $inc = incrementOf(diff);
      if (Object.keys($inc).length === 0) return;
      await inTurn(name, () =>
        start
          ? of(db).updateOne({ _id: name }, { $inc, $setOnInsert: { countedAt: new Date() } }, { upsert: true })
          : of(db).updateOne({ _id: name }, { $inc }),
      );
    },
    read: async (name) => {
      const doc = await client.run(`count ${kind}`, (db) => of(db).findOne({ _id: name }));
      // A count below zero cannot be: a change counted twice (FerretDB 1.x let two writers both
      // take a delivery out of pending, a cancel and a send), so it is counted afresh at once.
      if (!doc || Object.values(doc.counts).some((n) => n < 0)) return countAfresh(name);
      if (Date.now() - doc.countedAt.getTime() > RECOUNT_AFTER_MS && !recounting.has(name)) {
        recounting.set(
          name,
          countAfresh(name)
            .catch(() => undefined)
            .finally(() => recounting.delete(name)),
        );
      }
      return doc.counts;
    },
  };
}

/** A single tally under `name` (the subscribers' counts, the suppression list's size). */
export function mongoTally(
  client: DatabaseClient<Db>,
  name: string,
  recount: (db: Db) => Promise<Record<string, number>>,
): MongoTally {
  const tallies = mongoTallies(client, name, (db) => recount(db));
  return { add: (db, diff) => tallies.add(db, name, diff), read: () => tallies.read(name) };
}
