import { ObjectId, type Db, type Document, type Filter } from 'mongodb';
import type { DatabaseClient } from './client';
import { UnknownCursorError } from './errors';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

/** What export order reads of a stored document. */
interface OrderedDoc extends Document {
  _id: ObjectId;
  receivedAt: Date;
}

export interface MongoOrderedRead<Row> {
  readonly collection: string;
  readonly filter: Filter<Document>;
  readonly after?: string;
  readonly limit?: number;
  /** Names a record in UnknownCursorError. */
  readonly what: string;
  /** Fields of the stored document no row shows. */
  readonly hidden: readonly string[];
  readonly toRow: (doc: Document) => Row;
}

/**
 * Rows of one collection in export order, (receivedAt, _id), from one cursor (a server that
 * cannot sort from an index sorts once, not per page); `after` resumes strictly after the named
 * row (rows sharing its instant are ordered by id). Each row is fetched through the client, so
 * "cannot reach the server" is a StoreUnavailableError like any call's.
 */
export async function* orderedDocs<Row>(client: DatabaseClient<Db>, read: MongoOrderedRead<Row>): AsyncGenerator<Row> {
  const { what, after, limit } = read;
  let filter = read.filter;
  if (after !== undefined) {
    const anchor = OBJECT_ID.test(after)
      ? await client.unbounded(`${what} cursor`, (db) =>
          db
            .collection<OrderedDoc>(read.collection)
            .findOne({ _id: new ObjectId(after) }, { projection: { receivedAt: 1 } }),
        )
      : null;
    if (!anchor) throw new UnknownCursorError(after, what);
    filter = {
      $and: [
        filter,
        {
          $or: [
            { receivedAt: { $gt: anchor.receivedAt } },
            { receivedAt: anchor.receivedAt, _id: { $gt: anchor._id } },
          ],
        },
      ],
    };
  }
  const cursor = await client.unbounded(`${what} export`, async (db) => {
    const found = db
      .collection(read.collection)
      .find(filter, { projection: Object.fromEntries(read.hidden.map((field) => [field, 0])) })
      .sort({ receivedAt: 1, _id: 1 })
      .batchSize(1000);
    return limit === undefined ? found : found.limit(limit);
  });
  try {
    for (;;) {
      const doc = await client.unbounded(`${what} export`, () => cursor.next());
      if (!doc) return;
      yield read.toRow(doc);
    }
  } finally {
    await cursor.close().catch(() => undefined);
  }
}
