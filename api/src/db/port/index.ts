/**
 * The storage port: what a record's logic calls, written once for both backends. A small
 * document-collection API with MongoDB's filter and update language (db/port/mongo.ts passes
 * them to the driver, db/port/sqlite.ts evaluates them with mingo over SQLite rows whose declared
 * index fields are generated columns). Why this port and what it costs: records/README.md.
 */
import type { DatabaseClient } from '../client';

/** A stored document: a plain object with a string _id; Dates stay Dates and bytes Buffers on both backends. */
export type Doc = { _id: string } & Record<string, unknown>;

/** A MongoDB query filter ({ field: value }, $in, $lt, $or, ...). */
export type Filter = Readonly<Record<string, unknown>>;
/** A MongoDB update document ($set, $unset, $inc, $setOnInsert, ...). */
export type Update = Readonly<Record<string, Readonly<Record<string, unknown>>>>;
export type Sort = Readonly<Record<string, 1 | -1>>;

export interface FindOptions {
  readonly sort?: Sort;
  /** How many of the sorted matches to pass over first (a page's offset). */
  readonly skip?: number;
  readonly limit?: number;
  /** Top-level fields left out of the documents answered (a large embedded history a list does not need). */
  readonly without?: readonly string[];
}

/** An index a record declares: the MongoDB index, and on SQLite a generated column per field. */
export interface IndexSpec {
  readonly name: string;
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly unique?: boolean;
  readonly sparse?: boolean;
}

/**
 * A collection a record keeps. `legacy` reads one row of the table the embedded store of
 * versions before the port kept under the same name (commit 9b8a9f2), or under the names in
 * `legacyTables`, so a data directory written by them is migrated when opened. `nedbFile` is the
 * data file of the NeDB-based versions before SQLite, whose documents are this collection's as
 * they are (imported once, db/sqlite.ts).
 */
export interface CollectionSpec {
  readonly name: string;
  readonly indexes?: readonly IndexSpec[];
  readonly legacy?: (row: Record<string, unknown>) => Doc;
  readonly legacyTables?: readonly string[];
  /**
   * A legacy table whose rows join another table (an entry and its history): the SELECT that reads
   * the legacy table named `table` for `legacy`, and the joined tables, dropped with it.
   */
  readonly legacyJoin?: { readonly select: (table: string) => string; readonly tables: readonly string[] };
  readonly nedbFile?: string;
  /**
   * On MongoDB, _id is an ObjectId (as the driver wrote it before the port), named by its 24-hex
   * string: the adapter turns the string into the ObjectId in documents and filters, and back.
   */
  readonly objectIds?: boolean;
}

/** A write refused by a unique index (or a repeated _id). */
export class DuplicateKeyError extends Error {
  constructor(collection: string, options?: { cause?: unknown }) {
    super(`A document with this key is already stored in ${collection}.`, options);
    this.name = 'DuplicateKeyError';
  }
}

/** One collection's calls; each is atomic on its own (a conditional update is one call). */
export interface Collection<D extends Doc> {
  /** Rejects with DuplicateKeyError when a unique index or the _id refuses it. */
  insert(doc: D): Promise<void>;
  /** Inserts each document whose keys are free, the others refused one by one; answers those stored. */
  insertNew(docs: readonly D[]): Promise<D[]>;
  findOne(filter: Filter, options?: FindOptions): Promise<D | null>;
  find(filter: Filter, options?: FindOptions): Promise<D[]>;
  /** Updates the first match; answers whether one matched (or, with upsert, was inserted). */
  updateOne(filter: Filter, update: Update, options?: { readonly upsert?: boolean }): Promise<boolean>;
  /** Updates the first match like updateOne; answers it as it was before, or null when none matched. */
  findOneAndUpdate(filter: Filter, update: Update): Promise<D | null>;
  updateMany(filter: Filter, update: Update): Promise<number>;
  /** Replaces the document with this _id (inserting it when missing); answers whether it was new. */
  put(doc: D): Promise<boolean>;
  deleteOne(filter: Filter): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
  count(filter?: Filter): Promise<number>;
  /** A new _id, time-ordered, as this backend makes them (an ObjectId's hex for `objectIds`). */
  newId(): string;
}

/** One database's collections, as a backend adapter hands them to a store call. */
export interface Documents {
  collection<D extends Doc>(name: string): Collection<D>;
}

/** What every migrated record calls: each run() is one bounded store call (db/guard.ts). */
export type DocumentClient = DatabaseClient<Documents>;

/** The same client with its handle turned into the port (one adapter per handle, made once). */
export function documentClient<Handle extends object>(
  client: DatabaseClient<Handle>,
  adapt: (handle: Handle) => Documents,
): DocumentClient {
  const adapters = new WeakMap<Handle, Documents>();
  const port = (handle: Handle): Documents => {
    let documents = adapters.get(handle);
    if (!documents) {
      documents = adapt(handle);
      adapters.set(handle, documents);
    }
    return documents;
  };
  return {
    kind: client.kind,
    description: client.description,
    init: () => client.init(),
    run: (what, work) => client.run(what, (handle) => work(port(handle))),
    rows: (source) => client.rows(source),
    unbounded: (what, work) => client.unbounded(what, (handle) => work(port(handle))),
    within: (what, waiting) => client.within(what, waiting),
    health: () => client.health(),
    close: () => client.close(),
  };
}
