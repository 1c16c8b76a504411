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

/**
 * A count the console asks for on every visit, kept as one document (`update_tallies`, by name) that
 * each write changing it adjusts with $inc, so reading it is one lookup by _id: the one query
 * FerretDB 1.24 on SQLite answers without reading the whole collection (a count of 10,000
 * subscribers took longer than STORE_TIMEOUT_MS). A write cut off between its change and its $inc,
 * or two changes of one document at once that FerretDB did not isolate, would leave it off by one:
 * so it is counted afresh when missing and, in the background, once it is an hour old. `recount`
 * reads every document: it runs without the request deadline.
 */
export function mongoTally(
  client: DatabaseClient<Db>,
  name: string,
  recount: (db: Db) => Promise<Record<string, number>>,
): MongoTally {
  let recounting: Promise<unknown> | undefined;
  const countAfresh = () =>
    client.unbounded(`recount ${name}`, async (db) => {
      const countedAt = new Date();
      const counts = await recount(db);
      await of(db).replaceOne({ _id: name }, { counts, countedAt }, { upsert: true });
      return counts;
    });
  return {
    add: async (db, diff) => {
      const inc = Object.fromEntries(
        Object.entries(diff)
          .filter(([, n]) => n !== 0)
          .map(([key, n]) => [`counts.${key}`, n]),
      );
      if (Object.keys(inc).length > 0) await of(db).updateOne({ _id: name }, { $inc: inc });
    },
    read: async () => {
      const doc = await client.run(`count ${name}`, (db) => of(db).findOne({ _id: name }));
      if (!doc) return countAfresh();
      if (Date.now() - doc.countedAt.getTime() > RECOUNT_AFTER_MS) {
        recounting ??= countAfresh()
          .catch(() => undefined)
          .finally(() => {
            recounting = undefined;
          });
      }
      return doc.counts;
    },
  };
}
