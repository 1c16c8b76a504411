import { createHash, randomBytes } from 'node:crypto';
import type { PreviewEntry } from '@wpc/shared/content-contract';
import type { ContentPreviewRepository } from '.';

export const PREVIEW_TTL_MS = 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Drafts shown by preview token: unguessable (32 random bytes), valid for an hour, kept in the store. */
export class Previews {
  constructor(
    private readonly previews: ContentPreviewRepository,
    private readonly clock: () => Date,
  ) {}

  async add(entry: PreviewEntry): Promise<{ token: string; expiresAt: Date }> {
    const now = this.clock();
    await this.previews.sweep(now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
    await this.previews.add(hashOf(token), entry, expiresAt);
    return { token, expiresAt };
  }

  get(token: string): Promise<PreviewEntry | null> {
    return this.previews.find(hashOf(token), this.clock());
  }
}
