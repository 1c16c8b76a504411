/**
 * The publishing contract between the API, which keeps and publishes entries (issue 28, part B),
 * and each remote's server, which renders them (part A). One source of truth for both: zod
 * schemas with their TypeScript types, and the addresses. All public, no session, same origin
 * under /api/:
 *
 *   GET /api/content/published?area=<area>
 *     200 PublishedContent, ETag: "<revision>", Cache-Control: no-cache; 304 on If-None-Match.
 *     Only entries published now: a scheduled entry appears once it is due. `revision` changes on
 *     every publish, unpublish, restore, or scheduled publish taking effect in that area, and is
 *     never reused, after a restart of the API either: a remote keeps the last one it rendered.
 *     No entries at all: the area has nothing published yet, and its remote shows its seed.
 *     An unknown area: 400 { error }.
 *   GET /api/content/images/<id>/<width>.webp
 *     An uploaded image in one of the widths its field declares (never upscaled: an original
 *     narrower than a width is stored at its own width under that name). Immutable: an image's
 *     bytes never change under its id. `data` holds images as ContentImage.
 *   GET /api/content/preview/<token>
 *     200 PreviewEntry: a draft, by the short-lived, unguessable token the console got from the
 *     API; 404 { error } for an unknown or expired token. Cache-Control: no-store.
 *
 * Entry data is checked against the owning area's model (content-model/validate.ts), not here:
 * one entry that no longer fits must not cost the area its other entries.
 * Node only (zod): the API and the remotes' servers.
 */
import { z } from 'zod';
import { CONTENT_AREAS, type ContentArea } from './content-model/declare';

export const CONTENT_IMAGE_FORMAT = 'webp';

export function publishedContentPath(area: ContentArea): string {
  return `/api/content/published?area=${encodeURIComponent(area)}`;
}

export function contentImageUrl(id: string, width: number): string {
  return `/api/content/images/${encodeURIComponent(id)}/${width}.${CONTENT_IMAGE_FORMAT}`;
}

export function contentPreviewPath(token: string): string {
  return `/api/content/preview/${encodeURIComponent(token)}`;
}

/** The ETag of a published answer: its revision, quoted. */
export const revisionEtag = (revision: string) => `"${revision}"`;

const area = z.enum(CONTENT_AREAS);
const id = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const instant = z.iso.datetime({ offset: true });

export const contentImageSchema = z.object({
  id,
  alt: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const publishedEntrySchema = z.object({
  /** The content type's name in the area's model ("pressRelease"). */
  type: z.string().min(1),
  id,
  slug: z.string().min(1),
  /** Checked against the area's model by whoever renders it. */
  data: z.record(z.string(), z.unknown()),
  publishedAt: instant,
  updatedAt: instant,
});
export type PublishedEntry = z.infer<typeof publishedEntrySchema>;

export const publishedContentSchema = z.object({
  area,
  revision: z.string().min(1),
  entries: z.array(publishedEntrySchema),
});
export type PublishedContent = z.infer<typeof publishedContentSchema>;

export const previewEntrySchema = z.object({
  area,
  type: z.string().min(1),
  id,
  slug: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
});
export type PreviewEntry = z.infer<typeof previewEntrySchema>;

/** An entry of a published answer that is not one at all (no id, no type...): reported, skipped. */
export interface MalformedEntry {
  readonly index: number;
  /** The entry's id and type when it has them, so a log line can name it without its data. */
  readonly id?: string;
  readonly type?: string;
  readonly issues: readonly string[];
}

/**
 * Reads a published answer: the envelope must be right (else it throws), each entry is checked on
 * its own, so one broken entry is skipped and reported instead of failing the area.
 */
export function readPublishedContent(json: unknown): {
  content: PublishedContent;
  malformed: MalformedEntry[];
} {
  const envelope = z.object({ area, revision: z.string().min(1), entries: z.array(z.unknown()) }).safeParse(json);
  if (!envelope.success) throw new Error(`Not a published-content answer: ${z.prettifyError(envelope.error)}`);
  const entries: PublishedEntry[] = [];
  const malformed: MalformedEntry[] = [];
  envelope.data.entries.forEach((candidate, index) => {
    const parsed = publishedEntrySchema.safeParse(candidate);
    if (parsed.success) {
      entries.push(parsed.data);
      return;
    }
    const raw = (candidate ?? {}) as { id?: unknown; type?: unknown };
    malformed.push({
      index,
      ...(typeof raw.id === 'string' ? { id: raw.id.slice(0, 100) } : {}),
      ...(typeof raw.type === 'string' ? { type: raw.type.slice(0, 100) } : {}),
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`),
    });
  });
  return { content: { ...envelope.data, entries }, malformed };
}
