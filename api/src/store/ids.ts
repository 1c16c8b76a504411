import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes from here up are skipped, so every letter is equally likely. */
const UNBIASED_BELOW = 248;
const ID_LENGTH = 16;

let pool = randomBytes(0);
let offset = 0;

/**
 * A document id like NeDB's own (16 letters and digits, about 95 random bits), drawn from a
 * pooled buffer of random bytes. NeDB made each id with its own randomBytes call plus a search
 * of the _id index for a clash, a twentieth of an insert's time; at 62^16 ids a clash is not
 * expected in the life of the store, and the _id index still refuses one.
 */
export function newDocumentId(): string {
  let id = '';
  while (id.length < ID_LENGTH) {
    if (offset === pool.length) {
      pool = randomBytes(4096);
      offset = 0;
    }
    const byte = pool[offset++]!;
    if (byte < UNBIASED_BELOW) id += ALPHABET[byte % ALPHABET.length];
  }
  return id;
}
