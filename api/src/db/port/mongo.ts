import { MongoServerError, ObjectId, type Db, type Filter as MongoFilter, type UpdateFilter } from 'mongodb';
import { newDocumentId } from '../ids';
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
const updateOf = (update: Update) => update as UpdateFilter<Doc>;

const DUPLICATE_KEY = 11000;

const projectionOf = (without: readonly string[] = []) =>
  without.length > 0 ? Object.fromEntries(without.map((field) => [field, 0])) : undefined;

function refused(name: string, error: unknown): unknown {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY
    ? new DuplicateKeyError(name, { cause: error })
    : error;
}

const HEX_ID = /^[a-f0-9]{24}$/i;
const objectId = (value: unknown) => (typeof value === 'string' && HEX_ID.test(value) ? new ObjectId(value) : value);

/** An _id condition with its hex strings as ObjectIds: a value, or operators ($in, $gt, ...) over values. */
function objectIdCondition(condition: unknown): unknown {
  if (condition === null || typeof condition !== 'object' || condition instanceof ObjectId) return objectId(condition);
  return Object.fromEntries(
    Object.entries(condition).map(([operator, operand]) => [
      operator,
      Array.isArray(operand) ? operand.map(objectId) : objectId(operand),
    ]),
  );
}

/** A filter with its _id conditions (also inside $and, $or, $nor) turned into ObjectIds. */
function objectIdFilter(filter: Filter): Filter {
  return Object.fromEntries(
    Object.entries(filter).map(([field, condition]) => {
      if (field === '_id') return [field, objectIdCondition(condition)];
      if (['$and', '$or', '$nor'].includes(field) && Array.isArray(condition))
        return [field, condition.map((part: Filter) => objectIdFilter(part))];
      return [field, condition];
    }),
  );
}

/** How a collection's _id travels: as it is, or (objectIds) as an ObjectId named by its hex. */
interface IdCodec {
  readonly filter: (filter: Filter) => Filter;
  readonly write: (doc: Doc) => Doc;
  readonly read: <D extends Doc>(doc: D | null) => D | null;
  readonly newId: () => string;
}
const PLAIN_IDS: IdCodec = { filter: (f) => f, write: (doc) => doc, read: (doc) => doc, newId: newDocumentId };
const OBJECT_IDS: IdCodec = {
  filter: objectIdFilter,
  write: (doc) => ({ ...doc, _id: objectId(doc._id) as string }),
  read: (doc) => doc && ((doc._id as unknown) instanceof ObjectId ? { ...doc, _id: String(doc._id) } : doc),
  newId: () => new ObjectId().toHexString(),
};

/**
 * The port on MongoDB: each call is the driver's own, filters and updates passed as they are
 * (the _id of an `objectIds` collection as an ObjectId).
 */
export function mongoDocuments(db: Db, collections: readonly CollectionSpec[] = []): Documents {
  const objectIds = new Set(collections.filter((spec) => spec.objectIds).map((spec) => spec.name));
  return {
    collection<D extends Doc>(name: string): Collection<D> {
      // Bytes come back as Buffers, as the embedded store gives them (the driver writes a Buffer as Binary).
      const of = db.collection<Doc>(name, { promoteBuffers: true });
      const ids = objectIds.has(name) ? OBJECT_IDS : PLAIN_IDS;
      const filterOf = (filter: Filter) => ids.filter(filter) as MongoFilter<Doc>;
      return {
        insert: async (doc) => {
          await of.insertOne(ids.write({ ...doc })).catch((error: unknown) => {
            throw refused(name, error);
          });
        },
        insertNew: async (docs) => {
          if (docs.length === 0) return [];
          try {
            await of.insertMany(
              docs.map((doc) => ids.write({ ...doc })),
              { ordered: false },
            );
            return [...docs];
          } catch (error) {
            // Unordered: the documents not refused for a taken key are stored.
            const errors = (error as { writeErrors?: { code: number; index: number }[] } | null)?.writeErrors;
            if (!Array.isArray(errors) || !errors.every((entry) => entry.code === DUPLICATE_KEY)) throw error;
            const refused = new Set(errors.map((entry) => entry.index));
            return docs.filter((_, index) => !refused.has(index));
          }
        },
        findOne: async (filter, { without, ...options } = {}) =>
          ids.read((await of.findOne(filterOf(filter), { ...options, projection: projectionOf(without) })) as D | null),
        find: async (filter, { sort, skip, limit, without } = {}) => {
          let cursor = of.find(filterOf(filter), { projection: projectionOf(without) });
          if (sort) cursor = cursor.sort({ ...sort });
          if (skip) cursor = cursor.skip(skip);
          if (limit !== undefined) cursor = cursor.limit(limit);
          return ((await cursor.toArray()) as unknown as D[]).map((doc) => ids.read(doc)!);
        },
        updateOne: async (filter, update, { upsert = false } = {}) => {
          const result = await of.updateOne(filterOf(filter), updateOf(update), { upsert }).catch((error: unknown) => {
            throw refused(name, error);
          });
          return result.matchedCount + result.upsertedCount > 0;
        },
        // No projection: FerretDB 1.x refuses one on findAndModify.
        findOneAndUpdate: async (filter, update) =>
          ids.read(
            (await of.findOneAndUpdate(filterOf(filter), updateOf(update), { returnDocument: 'before' })) as D | null,
          ),
        updateMany: async (filter, update) => (await of.updateMany(filterOf(filter), updateOf(update))).matchedCount,
        put: async (doc) => {
          const { _id, ...rest } = ids.write(doc);
          const result = await of.replaceOne({ _id }, rest, { upsert: true }).catch((error: unknown) => {
            throw refused(name, error);
          });
          return result.upsertedCount === 1;
        },
        deleteOne: async (filter) => (await of.deleteOne(filterOf(filter))).deletedCount === 1,
        deleteMany: async (filter) => (await of.deleteMany(filterOf(filter))).deletedCount,
        count: (filter = {}) => of.countDocuments(filterOf(filter)),
        newId: ids.newId,
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
