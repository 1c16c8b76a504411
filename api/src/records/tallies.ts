import type { Db } from 'mongodb';
import type { DatabaseClient } from '../db/client';
import type { CollectionSpec, Doc, Documents } from '../db/port';
import { mongoDocuments } from '../db/port/mongo';

/** Counts kept up to date by the writes that change them, one document each, by name. */
export const UPDATE_TALLIES: CollectionSpec = { name: 'update_tallies' };
/** A tally older than this is counted afresh (in the background) when read. */
const RECOUNT_AFTER_MS = 60 * 60 * 1000;

interface TallyDoc extends Doc {
  counts: Record<string, number>;
  countedAt: Date;
}
const of = (documents: Documents) => documents.collection<TallyDoc>(UPDATE_TALLIES.name);

/** Tallies of one kind, one per name (an update's deliveries), over a client whose calls get a Handle. */
export interface Tallies<Handle> {
  /**
   * Adds to a tally's counts (inside the write's own store call), if the tally was ever counted.
   * With `start` (the first write of what it counts, an update's fan-out), a missing tally is
   * made from the diff.
   */
  add(
    handle: Handle,
    name: string,
    diff: Readonly<Record<string, number>>,
    options?: { readonly start?: boolean },
  ): Promise<void>;
  /** The counts: the tally, or a count of every document when there is none yet. */
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
 * background, once it is an hour old. `recount` reads every document: it runs without the request
 * deadline. Written on the storage port (db/port): `documentsOf` turns the client's handle into it.
 */
export function tallies<Handle>(
  client: DatabaseClient<Handle>,
  documentsOf: (handle: Handle) => Documents,
  kind: string,
  recount: (handle: Handle, name: string) => Promise<Record<string, number>>,
): Tallies<Handle> {
  const recounting = new Map<string, Promise<unknown>>();
  const changing = new Map<string, Promise<unknown>>();
  const countAfresh = (name: string) =>
    client.unbounded(`recount ${kind}`, async (handle) => {
      const countedAt = new Date();
      const counts = await recount(handle, name);
      await of(documentsOf(handle)).put({ _id: name, counts, countedAt });
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
    add: async (handle, name, diff, { start = false } = {}) => {
      const $inc = incrementOf(diff);
      if (Object.keys($inc).length === 0) return;
      const tally = of(documentsOf(handle));
      await inTurn(name, () =>
        start
          ? tally.updateOne({ _id: name }, { $inc, $setOnInsert: { countedAt: new Date() } }, { upsert: true })
          : tally.updateOne({ _id: name }, { $inc }),
      );
    },
    read: async (name) => {
      const doc = await client.run(`count ${kind}`, (handle) => of(documentsOf(handle)).findOne({ _id: name }));
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

export type MongoTallies = Tallies<Db>;

/** Tallies for the records still written against MongoDB's driver (deliveries). */
export const mongoTallies = (
  client: DatabaseClient<Db>,
  kind: string,
  recount: (db: Db, name: string) => Promise<Record<string, number>>,
): MongoTallies => tallies(client, mongoDocuments, kind, recount);
