import { randomBytes } from 'node:crypto';

/** In code-unit order, so that ids compare (as SQLite compares text) in the order they were made. */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes from here up are skipped, so every letter is equally likely. */
const UNBIASED_BELOW = 248;
/** 62^8 milliseconds is about 6,900 years. */
const TIME_LENGTH = 8;
const RANDOM_LENGTH = 8;

let pool = randomBytes(0);
let offset = 0;

/**
 * A record id of 16 letters and digits, like those of the NeDB-based versions (kept on import),
 * made of the time in milliseconds (8 characters) and about 47 random bits drawn from a pooled
 * buffer of random bytes.
 *
 * Starting with the time, ids sort by creation (as MongoDB's ObjectIds do), so each insert into
 * the primary-key B-tree lands at its right edge, which stays in the CPU's cache, instead of a
 * random page of a tree as large as the store. Ids are never shown to visitors, only to the
 * signed-in team. Two ids made in the same millisecond clash once in about 10^14 pairs; the
 * primary key refuses a clash as an error rather than storing it.
 */
export function newDocumentId(): string {
  let id = '';
  for (let ms = Date.now(), left = TIME_LENGTH; left > 0; left--) {
    id = ALPHABET[ms % ALPHABET.length]! + id;
    ms = Math.floor(ms / ALPHABET.length);
  }
  while (id.length < TIME_LENGTH + RANDOM_LENGTH) {
    if (offset === pool.length) {
      pool = randomBytes(4096);
      offset = 0;
    }
    const byte = pool[offset++]!;
    if (byte < UNBIASED_BELOW) id += ALPHABET[byte % ALPHABET.length];
  }
  return id;
}

/** When an id of newDocumentId() was made (its first 8 characters); the epoch for any other id. */
export function documentIdTime(id: string): Date {
  let ms = 0;
  for (const char of id.slice(0, TIME_LENGTH)) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return new Date(0);
    ms = ms * ALPHABET.length + digit;
  }
  return new Date(ms);
}
