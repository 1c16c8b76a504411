import { MongoServerError, type Db, type Filter as MongoFilter, type UpdateFilter } from 'mongodb';
import type { MongoIndex } from '../mongo';
import {
  DuplicateKeyError,
  type Collection,
  type CollectionSpec,
  type Doc,
  type Documents,
  type Filter,
  type Update,
} from '.';

// The port's filters and updates are MongoDB's own, typed loosely (a record's documents vary).
const filterOf = (filter: Filter) => filter as MongoFilter<Doc>;
const updateOf = (update: Update) => update as UpdateFilter<Doc>;

const DUPLICATE_KEY = 11000;

function refused(name: string, error: unknown): unknown {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY
    ? new DuplicateKeyError(name, { cause: error })
    : error;
}

/** The port on MongoDB: each call is the driver's own, filters and updates passed as they are. */
export function mongoDocuments(db: Db): Documents {
  return {
    collection<D extends Doc>(name: string): Collection<D> {
      const of = db.collection<Doc>(name);
      return {
        insert: async (doc) => {
          await of.insertOne({ ...doc }).catch((error: unknown) => {
            throw refused(name, error);
          });
        },
        findOne: async (filter, options = {}) => (await of.findOne(filterOf(filter), options)) as D | null,
        find: async (filter, { sort, skip, limit } = {}) => {
          let cursor = of.find(filterOf(filter));
          if (sort) cursor = cursor.sort({ ...sort });
          if (skip) cursor = cursor.skip(skip);
          if (limit !== undefined) cursor = cursor.limit(limit);
          return (await cursor.toArray()) as unknown as D[];
        },
        updateOne: async (filter, update, { upsert = false } = {}) => {
          const result = await of.updateOne(filterOf(filter), updateOf(update), { upsert }).catch((error: unknown) => {
            throw refused(name, error);
          });
          return result.matchedCount + result.upsertedCount > 0;
        },
        updateMany: async (filter, update) => (await of.updateMany(filterOf(filter), updateOf(update))).matchedCount,
        put: async ({ _id, ...rest }) => {
          const result = await of.replaceOne({ _id }, rest, { upsert: true }).catch((error: unknown) => {
            throw refused(name, error);
          });
          return result.upsertedCount === 1;
        },
        deleteOne: async (filter) => (await of.deleteOne(filterOf(filter))).deletedCount === 1,
        deleteMany: async (filter) => (await of.deleteMany(filterOf(filter))).deletedCount,
        count: (filter = {}) => of.countDocuments(filterOf(filter)),
      };
    },
  };
}

/** The declared indexes as the MongoDB client creates them (when missing) on connecting. */
export function mongoIndexes(collections: readonly CollectionSpec[]): MongoIndex[] {
  return collections.flatMap(({ name, indexes = [] }) =>
    indexes.map((index) => ({
      collection: name,
      name: index.name,
      key: index.key,
      options:
        index.unique || index.sparse ? { unique: index.unique ?? false, sparse: index.sparse ?? false } : undefined,
    })),
  );
}
