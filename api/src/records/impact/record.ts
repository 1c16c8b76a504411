import { randomBytes } from 'node:crypto';
import type { CollectionSpec, Doc, DocumentClient, Documents } from '../../db/port';
import type { ImpactRepository, Increment } from '.';
import {
  collections,
  gather,
  insertedFirst,
  keyText,
  perDay,
  rollUp,
  SEPARATOR,
  summed,
  unpack,
  type Counters,
  type PackedDoc,
} from './rollup';

/**
 * Every collection here is read and written by _id (FerretDB 1.x scans the whole collection for
 * any other filter, an _id range too): a day's counters are "day|writer", a rolled-up month's the
 * month (rollup.ts), a visitor's "day|hash", a salt's the day.
 *
 * FerretDB 1.24 does not apply concurrent updates of one document atomically (20 concurrent
 * `$inc` of one counter left it at 2 to 8; a conditional update loses the same way), while an
 * insert of a taken _id is refused. So a day's counters are never updated by two writers: each
 * process (`writer`, random at start) keeps its own document of the day and rewrites it one call
 * at a time; a report sums the copies. Inserts (months, visitors, salts) rely on the refused
 * duplicate.
 */
/** Counters of earlier versions, one document per counter: read, and moved into days by the roll-up. */
export const IMPACT_COUNTERS: CollectionSpec = { name: collections.legacy };
export const IMPACT_DAYS: CollectionSpec = { name: collections.days };
export const IMPACT_MONTHS: CollectionSpec = { name: collections.months };
export const IMPACT_MONTH_DAYS: CollectionSpec = { name: collections.monthDays };
export const IMPACT_VISITORS: CollectionSpec = { name: 'impact_visitors' };
export const IMPACT_SALTS: CollectionSpec = { name: 'impact_salts' };
/** Every impact collection (the privacy scan reads them all). */
export const IMPACT_COLLECTIONS = [
  IMPACT_COUNTERS,
  IMPACT_DAYS,
  IMPACT_MONTHS,
  IMPACT_MONTH_DAYS,
  IMPACT_VISITORS,
  IMPACT_SALTS,
];

type SaltDoc = Doc & { salt: string };

const days = (db: Documents) => db.collection<PackedDoc>(collections.days);
const visitors = (db: Documents) => db.collection<Doc>(IMPACT_VISITORS.name);
const salts = (db: Documents) => db.collection<SaltDoc>(IMPACT_SALTS.name);

/** The Impact counters, visitors of the day and salts. */
export function impactCounts(client: DocumentClient): ImpactRepository {
  const writer = randomBytes(6).toString('base64url');
  let writes: Promise<unknown> = Promise.resolve();
  // Read, add, write back: safe because this process alone writes this document, one call at a time.
  const addNow = (day: string, increments: readonly Increment[]) =>
    client.run('countImpact', async (db) => {
      const _id = [day, writer].join(SEPARATOR);
      const found = await days(db).findOne({ _id });
      const counters: Counters = found ? unpack(found.c) : {};
      for (const { key, by } of increments) {
        const text = keyText(key.metric, key.dim, key.value);
        counters[text] = (counters[text] ?? 0) + by;
      }
      await days(db).put({ _id, c: JSON.stringify(counters) });
    });
  return {
    add(day, increments) {
      const done = writes.then(() => addNow(day, increments));
      writes = done.catch(() => undefined);
      return done;
    },
    salt: (day) =>
      client.run('impactSalt', async (db) => {
        const found = await salts(db).findOne({ _id: day });
        if (found) return found.salt;
        const salt = randomBytes(32).toString('base64url');
        if (await insertedFirst(() => salts(db).insert({ _id: day, salt }))) return salt;
        // Another replica made the day's salt first: everyone uses that one.
        const made = await salts(db).findOne({ _id: day });
        if (!made) throw new Error("the day's salt was taken but cannot be read");
        return made.salt;
      }),
    firstSeen: (day, hash) =>
      client.run('impactVisitor', (db) =>
        insertedFirst(() => visitors(db).insert({ _id: `${day}${SEPARATOR}${hash}` })),
      ),
    counts: (from, to) => client.run('impactCounts', async (db) => perDay(await gather(db, from, to, false))),
    span: (from, to) => client.run('impactSpan', async (db) => summed(await gather(db, from, to, true))),
    // Housekeeping, not a request: the first run moves a year of old counters (111 s on FerretDB).
    rollUp: (today) => client.unbounded('rollUpImpact', (db) => rollUp(db, today)),
    forgetBefore: (day) =>
      client.run('forgetImpactVisitors', async (db) => {
        // Days sort as text, and every visitor's and salt's _id starts with its day.
        const visitorsGone = await visitors(db).deleteMany({ _id: { $lt: day } });
        return visitorsGone + (await salts(db).deleteMany({ _id: { $lt: day } }));
      }),
  };
}
