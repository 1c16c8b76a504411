import { createHash } from 'node:crypto';
import { DuplicateSubmissionError } from '../db/errors';
import { DuplicateKeyError, type Collection, type Doc } from '../db/port';
import type { IdempotencyTag } from './submissions';

/** What a document sent with an Idempotency-Key keeps of it. */
export interface KeyFields {
  readonly idempotencyKey?: string;
  readonly requestFingerprint?: string;
}

/** The _id of a keyed document: the key's hash, as MongoDB's ObjectId of 12 bytes (the same id before the port). */
const keyedId = (key: string) =>
  createHash('sha256').update(`idempotency-key:${key}`).digest().subarray(0, 12).toString('hex');

/**
 * Inserts one document; with an idempotency tag its _id comes from the key, so a repeat collides
 * on the primary key and the first attempt is found by _id, the one lookup every MongoDB-wire
 * server answers from an index (FerretDB 1.x scans for other fields). A repeat rejects with
 * DuplicateSubmissionError naming the first. Answers the new _id.
 */
export async function insertKeyed<D extends Doc & KeyFields>(
  of: Collection<D>,
  content: Omit<D, '_id' | keyof KeyFields>,
  idempotency: IdempotencyTag | undefined,
): Promise<string> {
  const _id = idempotency ? keyedId(idempotency.key) : of.newId();
  const key = idempotency && { idempotencyKey: idempotency.key, requestFingerprint: idempotency.fingerprint };
  try {
    await of.insert({ _id, ...content, ...key } as D);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError && idempotency)) throw error;
    // By _id first; a document the embedded store kept before the port has a random id and its key.
    const first = (await of.findOne({ _id })) ?? (await of.findOne({ idempotencyKey: idempotency.key }));
    if (!first) throw error;
    throw new DuplicateSubmissionError(first._id, first.requestFingerprint === idempotency.fingerprint);
  }
  return _id;
}
