import { DuplicateSubmissionError } from './types';

interface Entry {
  readonly id: string;
  readonly fingerprint: string | undefined;
  /** Set while the document's insert is under way; settles (never rejects) once it is decided. */
  pending?: Promise<void>;
}

/**
 * The embedded store's unique index on Idempotency-Key: a hash map from each key to the document
 * stored under it. NeDB's unique index is a balanced tree; clients send random UUIDs, so each insert
 * walked a different path of a tree as large as the collection (3 % of a submission's time under
 * load with 100,000 documents). Here an insert costs one map lookup.
 *
 * The guarantee is NeDB's: one document per key. A key is claimed before its document is
 * inserted; a repeat that arrives meanwhile waits for that insert and then gets its answer, so it
 * is never told "stored" for a document that has not reached the data file. A failed insert frees
 * its key again.
 */
export class KeyIndex {
  private readonly entries = new Map<string, Entry>();

  /** Takes the keys of the documents already stored (on loading the data file). */
  load(docs: Iterable<{ _id: string; idempotencyKey?: string; requestFingerprint?: string }>): void {
    this.entries.clear();
    for (const doc of docs) {
      if (doc.idempotencyKey !== undefined) {
        this.entries.set(doc.idempotencyKey, { id: doc._id, fingerprint: doc.requestFingerprint });
      }
    }
  }

  /**
   * Runs `insert` for a document with id `id` under `key`, unless the key already has a document:
   * then rejects with DuplicateSubmissionError (the same request when the fingerprints match).
   */
  async insertOnce<T>(key: string, fingerprint: string, id: string, insert: () => Promise<T>): Promise<T> {
    for (let earlier = this.entries.get(key); earlier; earlier = this.entries.get(key)) {
      if (!earlier.pending) throw new DuplicateSubmissionError(earlier.id, earlier.fingerprint === fingerprint);
      // Look again once it is decided: a failed insert has freed the key.
      await earlier.pending;
    }
    const work = insert();
    const entry: Entry = { id, fingerprint };
    entry.pending = work.then(
      () => {
        entry.pending = undefined;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.entries.set(key, entry);
    return work;
  }

  /** Frees the keys of documents that were removed (erasure), as removing them from NeDB's index did. */
  remove(keys: Iterable<string>): void {
    for (const key of keys) this.entries.delete(key);
  }
}
