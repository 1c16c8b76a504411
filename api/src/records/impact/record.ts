import { randomBytes } from 'node:crypto';
import { DuplicateKeyError, type CollectionSpec, type Doc, type DocumentClient, type Documents } from '../../db/port';
import type { ImpactCount, ImpactRepository, Increment } from '.';

/**
 * Every collection here is read and written by _id alone (FerretDB 1.x scans for any other
 * filter): a counter's _id is "day|metric|dim|writer|value", a visitor's "day|hash", a salt's the
 * day, so a day's documents are one _id range and each count one upsert by _id.
 *
 * FerretDB 1.24 does not apply concurrent updates of one document atomically (20 concurrent
 * `$inc` of one counter left it at 2 to 8; a conditional update loses the same way), while an
 * insert of a taken _id is refused. So a counter is never updated by two writers: each process
 * (`writer`, random at start) keeps its own copy of a day's counter and updates it one call at a
 * time; a report sums the copies. Inserts (visitors, salts) rely on the refused duplicate.
 */
export const IMPACT_COUNTERS: CollectionSpec = { name: 'impact_counters' };
export const IMPACT_VISITORS: CollectionSpec = { name: 'impact_visitors' };
export const IMPACT_SALTS: CollectionSpec = { name: 'impact_salts' };

/** A counter: its key is the _id (nothing else is stored, so a year of them stays small). */
type CounterDoc = Doc & { n: number };
type SaltDoc = Doc & { salt: string };

const SEPARATOR = '|';
/** The character after SEPARATOR: `${day}${AFTER}` bounds every _id of the day from above. */
const AFTER = String.fromCharCode(SEPARATOR.charCodeAt(0) + 1);

function countOf({ _id, n }: CounterDoc): ImpactCount {
  const [day = '', metric = '', dim = '', _writer, ...rest] = _id.split(SEPARATOR);
  // The value is last, so a "|" inside it (a campaign's name) stays in it.
  return { day, metric, dim, value: rest.join(SEPARATOR), n };
}

/** The same counter's copies (one per writer) as one count. */
function summed(counts: readonly ImpactCount[]): ImpactCount[] {
  const byKey = new Map<string, ImpactCount>();
  for (const count of counts) {
    const key = [count.day, count.metric, count.dim, count.value].join(SEPARATOR);
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, n: seen.n + count.n } : count);
  }
  return [...byKey.values()];
}

const counters = (db: Documents) => db.collection<CounterDoc>(IMPACT_COUNTERS.name);
const visitors = (db: Documents) => db.collection<Doc>(IMPACT_VISITORS.name);
const salts = (db: Documents) => db.collection<SaltDoc>(IMPACT_SALTS.name);

/** Inserts once; answers false when the _id was taken. */
async function insertedFirst(insert: () => Promise<void>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

/** The Impact counters, visitors of the day and salts (impact_counters, impact_visitors, impact_salts). */
export function impactCounts(client: DocumentClient): ImpactRepository {
  const writer = randomBytes(6).toString('base64url');
  let writes: Promise<unknown> = Promise.resolve();
  const addNow = (day: string, increments: readonly Increment[]) =>
    client.run('countImpact', async (db) => {
      for (const { key, by } of increments) {
        const _id = [day, key.metric, key.dim, writer, key.value].join(SEPARATOR);
        await counters(db).updateOne({ _id }, { $inc: { n: by } }, { upsert: true });
      }
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
    counts: (from, to) =>
      client.run('impactCounts', async (db) =>
        summed((await counters(db).find({ _id: { $gt: `${from}${SEPARATOR}`, $lt: `${to}${AFTER}` } })).map(countOf)),
      ),
    forgetBefore: (day) =>
      client.run('forgetImpactVisitors', async (db) => {
        // Days sort as text, and every visitor's and salt's _id starts with its day.
        const visitorsGone = await visitors(db).deleteMany({ _id: { $lt: day } });
        return visitorsGone + (await salts(db).deleteMany({ _id: { $lt: day } }));
      }),
  };
}
