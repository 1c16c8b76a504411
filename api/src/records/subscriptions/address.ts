import { createHash, randomBytes } from 'node:crypto';

/** How an address is compared: trimmed, any case. */
export const addressKey = (email: string) => email.trim().toLowerCase();

/**
 * The hash an address is known by: the subscriber's id, and all the suppression list keeps of an
 * erased address (SHA-256 of the lower-cased address, in hex).
 */
export const addressHash = (email: string) =>
  createHash('sha256')
    .update(`wpc-address:${addressKey(email)}`)
    .digest('hex');

/** A search for a whole address (not part of one): it finds that address only, by its hash. */
export const isWholeAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());

/** The secret half of a link's token: 32 random bytes, base64url (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');
