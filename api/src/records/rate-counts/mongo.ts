import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { DatabaseClient } from '../../db/client';
import type { MongoIndex } from '../../db/mongo';
import type { RateCount, RateCountRepository } from '.';

const RATE_LIMITS = 'rate_limits';
const DUPLICATE_KEY = 11000;

/** One key's requests in one window; _id is "<key>@<window start in ms>". */
interface RateLimitDoc {
  _id: string;
  key: string;
  count: number;
  /** The window's end; the counter deletes ended windows (FerretDB 1.x has no TTL indexes). */
  expiresAt: Date;
}

export const RATE_COUNT_INDEXES: readonly MongoIndex[] = [
  // The sweep of ended windows reads expiresAt; a reset finds every window of a key.
  { collection: RATE_LIMITS, name: 'expiresAt', key: { expiresAt: 1 } },
  { collection: RATE_LIMITS, name: 'key', key: { key: 1 } },
];

/**
 * Counts shared by every replica. Fixed windows aligned to the epoch, so every replica agrees
 * which window a request falls in; one upserted document per key and window, counted with $inc
 * on the server.
 */
export function mongoRateCounts(client: DatabaseClient<Db>): RateCountRepository {
  let nextSweep = 0;
  const counts = (db: Db) => db.collection<RateLimitDoc>(RATE_LIMITS);
  /** Deletes ended windows at most once per window, in the background; every replica may. */
  const sweepEndedWindows = (collection: Collection<RateLimitDoc>, windowMs: number) => {
    const now = Date.now();
    if (now < nextSweep) return;
    nextSweep = now + windowMs;
    void collection.deleteMany({ expiresAt: { $lte: new Date(now) } }).catch(() => undefined);
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      const resetAt = new Date(start + windowMs);
      const _id = `${key}@${start}`;
      const doc = await client.run('rate-limit count', async (db) => {
        const collection = counts(db);
        sweepEndedWindows(collection, windowMs);
        const upsert = () =>
          collection.findOneAndUpdate(
            { _id },
            { $inc: { count: amount }, $setOnInsert: { key, expiresAt: resetAt } },
            { upsert: true, returnDocument: 'after' },
          );
        try {
          return await upsert();
        } catch (error) {
          // Two first hits of one window raced to insert it: the loser's $inc now finds it.
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return upsert();
          throw error;
        }
      });
      return { count: doc?.count ?? amount, resetAt } satisfies RateCount;
    },
    async unhit(key, windowMs, amount = 1) {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      await client.run('rate-limit count', (db) =>
        counts(db).updateOne({ _id: `${key}@${start}`, count: { $gte: amount } }, { $inc: { count: -amount } }),
      );
    },
    async peek(key, windowMs) {
      const start = Math.floor(Date.now() / windowMs) * windowMs;
      const doc = await client.run('rate-limit count', (db) => counts(db).findOne({ _id: `${key}@${start}` }));
      return { count: doc?.count ?? 0, resetAt: new Date(start + windowMs) } satisfies RateCount;
    },
    async reset(key) {
      await client.run('rate-limit reset', (db) => counts(db).deleteMany({ key }));
    },
  };
}
