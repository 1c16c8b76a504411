/**
 * The editor's wire contract (issue 28): what the console sends to /api/team/content/<area>/...
 * (zod, checked by the API) and what it gets back (zod too, so the OpenAPI document describes each
 * answer field by field; the browser's console imports only their types). Every change names the entry version it was made on: a change on an older
 * version is refused with 409 and the current entry, so nothing typed is lost.
 */
import { z } from 'zod';
import type { ContentModelJson } from '../content-model/json';
import { CONTENT_AREAS } from '../content-model/declare';
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

/** The editor's answers, as the API sends them (every time an ISO 8601 string); the document describes them from here. */
const time = z.string();
const contentArea = z.enum(CONTENT_AREAS);
const fields = z.record(z.string(), z.unknown());

export const entryStatusSchema = z.enum(['draft', 'published', 'changed', 'scheduled']);
export type EntryStatus = z.infer<typeof entryStatusSchema>;

/** A field the declaration refuses: "presenters.0.name", and why. */
export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * What tells an entry apart from others of the same title in the list: the title of the entry it
 * belongs to (a session's showcase) and its day (YYYY-MM-DD).
 */
export const entryContextSchema = z.object({ of: z.string().optional(), day: z.string().optional() });
export type EntryContext = z.infer<typeof entryContextSchema>;

/** One entry in the editor's list. */
export const entrySummarySchema = z.object({
  id: z.string(),
  type: z.string(),
  slug: z.string(),
  title: z.string(),
  status: entryStatusSchema,
  version: z.number().int(),
  updatedAt: time,
  updatedBy: z.string(),
  scheduledAt: time.optional(),
  context: entryContextSchema.optional(),
  /** What the published version lacks for the area's declaration now (it stays on the site as it was checked). */
  publishedIssues: z.array(fieldIssueSchema).optional(),
});
export type EntrySummary = z.infer<typeof entrySummarySchema>;

/** An entry a reference field may name: its id and its title. */
export const referenceChoiceSchema = z.object({ id: z.string(), title: z.string() });
export type ReferenceChoice = z.infer<typeof referenceChoiceSchema>;

/** The area's list; its model is the remote's declaration (content-model/json.ts), described as an object. */
export const areaContentSchema = z.object({
  area: contentArea,
  model: z.record(z.string(), z.unknown()),
  entries: z.array(entrySummarySchema),
  /** For each reference field's target ("showcase/session"), the published entries it may name. */
  references: z.record(z.string(), z.array(referenceChoiceSchema)),
});
export type AreaContent = Omit<z.infer<typeof areaContentSchema>, 'model'> & { readonly model: ContentModelJson };

/** An entry as the editor opens it. */
export const editorEntrySchema = z.object({
  area: contentArea,
  id: z.string(),
  type: z.string(),
  version: z.number().int(),
  status: entryStatusSchema,
  draft: z.object({ slug: z.string(), data: fields }),
  published: z.object({ slug: z.string(), data: fields, publishedAt: time, version: z.number().int() }).nullable(),
  scheduled: z.object({ at: time, version: z.number().int(), by: z.string() }).nullable(),
  updatedAt: time,
  updatedBy: z.string(),
  /** What the draft still lacks before it can be published. */
  issues: z.array(fieldIssueSchema),
});
export type EditorEntry = z.infer<typeof editorEntrySchema>;

/** What made each version of an entry, in an entry's history. */
export const VERSION_ACTIONS = [
  'seed',
  'create',
  'save',
  'publish',
  'schedule',
  'unschedule',
  'scheduled-publish',
  'unpublish',
  'restore',
] as const;

export const editorVersionSchema = z.object({
  version: z.number().int(),
  action: z.enum(VERSION_ACTIONS),
  at: time,
  by: z.string(),
  slug: z.string(),
  data: fields,
});
export type EditorVersion = z.infer<typeof editorVersionSchema>;

/** A change's answer: the entry as stored now. */
export const entryChangedSchema = z.object({ entry: editorEntrySchema });

export const entryAnswerSchema = z.object({ entry: editorEntrySchema, versions: z.array(editorVersionSchema) });
export type EntryAnswer = z.infer<typeof entryAnswerSchema>;

/** A published entry that names another through a reference field. */
export const entryReferrerSchema = z.object({ area: contentArea, type: z.string(), id: z.string(), title: z.string() });
export type EntryReferrer = z.infer<typeof entryReferrerSchema>;

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

export const previewAnswerSchema = z.object({
  token: z.string(),
  /** The edge's page of the draft: /team/preview/<token>. */
  path: z.string(),
  expiresAt: time,
});
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;

/** The areas whose content the signed-in person may edit. */
export const contentAreasAnswerSchema = z.object({ areas: z.array(contentArea) });

/** An uploaded image: its id and the size of its largest width. */
export const imageUploadedSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });

/** Markdown rendered and sanitised as the pages do. */
export const markdownHtmlSchema = z.object({ html: z.string() });

/** 409 on a change: the entry moved on (`current`), or published entries name it (`referencedBy`), or it is not scheduled or published. */
export const entryRefusedSchema = z.object({
  error: z.string(),
  current: editorEntrySchema.optional(),
  referencedBy: z.array(entryReferrerSchema).optional(),
});
