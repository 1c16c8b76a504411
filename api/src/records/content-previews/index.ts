import type { PreviewEntry } from '@wpc/shared/content-contract';

/**
 * Drafts shown by preview token, in the store so that every API replica answers them. Kept under
 * the token's SHA-256: the database never holds a usable token.
 */
export interface ContentPreviewRepository {
  add(tokenHash: string, entry: PreviewEntry, expiresAt: Date): Promise<void>;
  /** The draft, or null when unknown or expired at `now`. */
  find(tokenHash: string, now: Date): Promise<PreviewEntry | null>;
  /** Forgets every preview expired at `now`. */
  sweep(now: Date): Promise<void>;
}
