/**
 * The editor's wire contract (issue 28): what the console sends to /api/team/content/<area>/...
 * (zod, checked by the API) and what it gets back (types only, so the browser's console pays
 * nothing for zod). Every change names the entry version it was made on: a change on an older
 * version is refused with 409 and the current entry, so nothing typed is lost.
 */
import { z } from 'zod';
import type { ContentModelJson } from '../content-model/json';
import type { ContentArea } from '../content-model/declare';
import { MARKDOWN_PREVIEW_MAX } from '.';

/** Entry ids: the seed's ("press-release-2024-02-19") and the API's. */
export const ENTRY_ID = /^[A-Za-z0-9_-]{1,100}$/;
const version = z.number({ error: 'Send the version you edited.' }).int().positive();
const entryData = z.record(z.string(), z.unknown(), { error: 'Send the fields as an object.' });
/** Slugs are checked against the declaration's rule on publish; a draft may hold a half-typed one. */
const draftSlug = z.string({ error: 'Enter a slug.' }).max(200, { error: 'Use at most 200 characters.' });

export const entryCreateSchema = z.strictObject({
  type: z.string({ error: 'Choose a content type.' }).min(1, { error: 'Choose a content type.' }).max(100),
  slug: draftSlug,
  data: entryData,
});
export const entrySaveSchema = z.strictObject({ version, slug: draftSlug, data: entryData });
export const entryActionSchema = z.strictObject({ version });
/** Unpublishing an entry others name is confirmed (`confirm: true`) after a 409 that lists them. */
export const entryUnpublishSchema = z.strictObject({ version, confirm: z.literal(true).optional() });
export const entryScheduleSchema = z.strictObject({
  version,
  at: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }),
});
export const entryRestoreSchema = z.strictObject({
  version,
  to: z.number({ error: 'Choose a version.' }).int().positive(),
});
export const markdownPreviewSchema = z.strictObject({
  markdown: z
    .string({ error: 'Send the Markdown.' })
    .max(MARKDOWN_PREVIEW_MAX, { error: `Use at most ${MARKDOWN_PREVIEW_MAX} characters.` }),
});

export type EntryCreate = z.infer<typeof entryCreateSchema>;
export type EntrySave = z.infer<typeof entrySaveSchema>;

export type EntryStatus = 'draft' | 'published' | 'changed' | 'scheduled';

/** A field the declaration refuses: "presenters.0.name", and why. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * What tells an entry apart from others of the same title in the list: the title of the entry it
 * belongs to (a session's showcase) and its day (YYYY-MM-DD).
 */
export interface EntryContext {
  readonly of?: string;
  readonly day?: string;
}

/** One entry in the editor's list. */
export interface EntrySummary {
  readonly id: string;
  readonly type: string;
  readonly slug: string;
  readonly title: string;
  readonly status: EntryStatus;
  readonly version: number;
  readonly updatedAt: string;
  readonly updatedBy: string;
  readonly scheduledAt?: string;
  readonly context?: EntryContext;
  /** What the published version lacks for the area's declaration now (it stays on the site as it was checked). */
  readonly publishedIssues?: readonly FieldIssue[];
}

/** An entry a reference field may name: its id and its title. */
export interface ReferenceChoice {
  readonly id: string;
  readonly title: string;
}

export interface AreaContent {
  readonly area: ContentArea;
  readonly model: ContentModelJson;
  readonly entries: readonly EntrySummary[];
  /** For each reference field's target ("showcase/session"), the published entries it may name. */
  readonly references: Readonly<Record<string, readonly ReferenceChoice[]>>;
}

/** An entry as the editor opens it. */
export interface EditorEntry {
  readonly area: ContentArea;
  readonly id: string;
  readonly type: string;
  readonly version: number;
  readonly status: EntryStatus;
  readonly draft: { readonly slug: string; readonly data: Record<string, unknown> };
  readonly published: {
    readonly slug: string;
    readonly data: Record<string, unknown>;
    readonly publishedAt: string;
    readonly version: number;
  } | null;
  readonly scheduled: { readonly at: string; readonly version: number; readonly by: string } | null;
  readonly updatedAt: string;
  readonly updatedBy: string;
  /** What the draft still lacks before it can be published. */
  readonly issues: readonly FieldIssue[];
}

export interface EditorVersion {
  readonly version: number;
  readonly action:
    'seed' | 'create' | 'save' | 'publish' | 'schedule' | 'unschedule' | 'scheduled-publish' | 'unpublish' | 'restore';
  readonly at: string;
  readonly by: string;
  readonly slug: string;
  readonly data: Record<string, unknown>;
}

export interface EntryAnswer {
  readonly entry: EditorEntry;
  readonly versions: readonly EditorVersion[];
}

/** A published entry that names another through a reference field. */
export interface EntryReferrer {
  readonly area: ContentArea;
  readonly type: string;
  readonly id: string;
  readonly title: string;
}

/** 409 on unpublish: published entries name this one; sent again with `confirm: true` to unpublish anyway. */
export interface EntryReferenced {
  readonly error: string;
  readonly referencedBy: readonly EntryReferrer[];
}

/** 409: the entry changed since it was opened; `current` is what is stored now. */
export interface EntryConflict {
  readonly error: string;
  readonly current: EditorEntry;
}

export interface PreviewAnswer {
  readonly token: string;
  /** The edge's page of the draft: /team/preview/<token>. */
  readonly path: string;
  readonly expiresAt: string;
}
