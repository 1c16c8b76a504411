import { randomBytes } from 'node:crypto';
import type { PreviewEntry } from '@wpc/shared/content-contract';

export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/**
 * Drafts shown by preview token: unguessable (32 random bytes), short-lived, kept in the API's
 * memory only (a restart ends every preview; the editor asks for a new one).
 */
export class Previews {
  private readonly drafts = new Map<string, { entry: PreviewEntry; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  add(entry: PreviewEntry): { token: string; expiresAt: Date } {
    this.sweep();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.now() + PREVIEW_TTL_MS;
    this.drafts.set(token, { entry, expiresAt });
    return { token, expiresAt: new Date(expiresAt) };
  }

  get(token: string): PreviewEntry | undefined {
    const found = this.drafts.get(token);
    if (!found || found.expiresAt <= this.now()) return undefined;
    return found.entry;
  }

  private sweep() {
    const now = this.now();
    for (const [token, { expiresAt }] of this.drafts) if (expiresAt <= now) this.drafts.delete(token);
  }
}
