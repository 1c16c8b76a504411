/**
 * Group commit for the embedded store. NeDB runs one operation at a time and every insert is
 * its own append to the data file (open, write, close), so under load submissions queued behind
 * one another's file writes while the CPU sat idle. Here, inserts that arrive while a write is
 * under way wait for it and then go to NeDB together: one insert of many documents, one append
 * of all their lines.
 *
 * Nothing is weaker than inserting one by one:
 * - each caller's promise settles only after NeDB has appended its document to the data file,
 *   exactly as a lone insert does (a batch's lines go out in one write);
 * - unique indexes (the _id; the store keeps Idempotency-Keys unique itself, key-index.ts) are
 *   checked for every document: NeDB inserts a batch all or nothing, so when a batch is refused
 *   for a unique violation nothing of it was stored, and its documents are inserted again one at
 *   a time, each getting the answer it would have had alone (the first of two equal keys is
 *   stored, the second refused);
 * - any other failure (the disk) is every caller's failure, as it would have been alone.
 */

/** The part of a NeDB datastore this needs. */
export interface BatchInserter<Doc> {
  insertAsync(doc: Doc): Promise<Doc>;
  insertAsync(docs: Doc[]): Promise<Doc[]>;
}

interface Waiting<Doc> {
  readonly doc: Doc;
  readonly resolve: (stored: Doc) => void;
  readonly reject: (error: unknown) => void;
}

const isUniqueViolation = (error: unknown) => (error as { errorType?: string } | null)?.errorType === 'uniqueViolated';

/**
 * An insert function for `datastore` that commits concurrent inserts together, at most
 * `maxBatch` documents per write (a bounded write, so a kill during it tears at most one batch,
 * none of whose callers were answered yet).
 */
export function groupCommit<Doc>(datastore: BatchInserter<Doc>, maxBatch = 64): (doc: Doc) => Promise<Doc> {
  let queue: Waiting<Doc>[] = [];
  let writing = false;

  const insertAlone = ({ doc, resolve, reject }: Waiting<Doc>) => datastore.insertAsync(doc).then(resolve, reject);

  async function commit(batch: Waiting<Doc>[]): Promise<void> {
    if (batch.length === 1) return insertAlone(batch[0] as Waiting<Doc>);
    try {
      const stored = await datastore.insertAsync(batch.map(({ doc }) => doc));
      batch.forEach(({ resolve }, index) => resolve(stored[index] as Doc));
    } catch (error) {
      if (!isUniqueViolation(error)) {
        for (const { reject } of batch) reject(error);
        return;
      }
      for (const waiting of batch) await insertAlone(waiting);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(maxBatch);
        await commit(batch);
      }
    } finally {
      writing = false;
    }
  }

  return (doc) =>
    new Promise<Doc>((resolve, reject) => {
      queue.push({ doc, resolve, reject });
      if (!writing) void drain();
    });
}
