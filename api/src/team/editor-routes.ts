/**
 * The editor's API under /api/team/content: one set of routes per area, each declared with that
 * area's role (content:<area>), so the API refuses another area's content with 403 whatever the
 * console shows. Every publish, schedule, unpublish and restore goes to the audit log.
 */
import { markdownToHtml } from '@wpc/shared/content-model/prepare';
import { CONTENT_AREAS, type ContentArea } from '@wpc/shared/content-model';
import { contentAreasOf, contentRole, type Permission } from '@wpc/shared/team';
import {
  areaContentSchema,
  contentAreasAnswerSchema,
  ENTRY_ID,
  entryActionSchema,
  entryAnswerSchema,
  entryChangedSchema,
  entryRefusedSchema,
  imageUploadedSchema,
  markdownHtmlSchema,
  previewAnswerSchema,
  entryCreateSchema,
  entryRestoreSchema,
  entrySaveSchema,
  entryScheduleSchema,
  entryUnpublishSchema,
  markdownPreviewSchema,
  type AreaContent,
  type EditorEntry,
} from '@wpc/shared/team/content-schemas';
import type { FieldJson } from '@wpc/shared/content-model';
import type { Request, Response } from 'express';
import { z } from 'zod';
import multer from 'multer';
import { HttpError, sendError } from '../http/errors';
import { badRequestSchema } from '@wpc/shared/answers';
import { consoleRoute, type ConsoleRoute, type Named, type RouteHandler } from './console-route';
import { IMAGE_MAX_BYTES, processImage } from '../content/image-upload';
import { ModelUnavailableError } from '../content/models';
import type { ContentService } from '../content/service';

/** The entry id of the path, or a 404 sent. */
function entryId(req: Request, res: Response): string | undefined {
  const id = String(req.params.id);
  if (ENTRY_ID.test(id)) return id;
  sendError(res, new HttpError(404, 'There is no such entry.'));
  return undefined;
}

/** A remote that cannot tell its declaration: 503, saying which. */
async function answering(res: Response, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ModelUnavailableError) {
      res.set('Retry-After', '5');
      sendError(res, new HttpError(503, `${error.message} Try again in a moment.`));
      return;
    }
    throw error;
  }
}

/** The widths an image field declares, by its dotted name ("presenters.avatar"); undefined when it is no image field. */
function imageWidths(fields: readonly FieldJson[], path: string): readonly number[] | undefined {
  const [name, ...rest] = path.split('.');
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) return undefined;
  if (rest.length === 0) return field.kind === 'image' ? field.widths : undefined;
  return field.kind === 'list' ? imageWidths(field.of, rest.join('.')) : undefined;
}

const imageUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 200 },
}).single('file');

/** The multipart body read, or a 4xx sent. */
function readUpload(req: Request, res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    imageUpload(req, res, (error: unknown) => {
      if (!error) return resolve(true);
      const tooLarge = error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE';
      sendError(
        res,
        tooLarge
          ? new HttpError(
              413,
              `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB: make it smaller and try again.`,
            )
          : new HttpError(400, 'Send one image in the "file" field, with the content type and field it is for.'),
      );
      resolve(false);
    });
  });
}

const ENTRY_PARAM = { id: { description: 'The entry id.', pattern: ENTRY_ID.source } };
const entry = { name: 'ContentEntryChanged', schema: entryChangedSchema };
const refusedChange = {
  description:
    'The entry changed since the version sent (or is not on the site to unpublish, or not scheduled): `current` is the entry as stored now. ' +
    'Unpublishing an entry that published entries name: `referencedBy` lists them (area, type, id, title).',
  schema: { name: 'ContentEntryRefused', schema: entryRefusedSchema },
};
const noEntry = { description: 'There is no such entry (or version).' };

type EditorHandler<B> = RouteHandler<undefined, B, Permission>;

/** An entry's change: its id checked (404), then the work, a remote that cannot tell its model answered 503. */
const onEntry =
  <B>(work: (id: string, input: Parameters<EditorHandler<B>>[0]) => Promise<void>): EditorHandler<B> =>
  (input) =>
    answering(input.res, async () => {
      const id = entryId(input.req, input.res);
      if (id) await work(id, input);
    });

/** A change of one entry that answers `{ entry }` and goes to the audit log. */
function entryChange<B extends z.ZodType>(
  area: ContentArea,
  change: {
    readonly path: string;
    readonly action: 'publish' | 'schedule' | 'unschedule' | 'unpublish' | 'restore';
    readonly operationId: string;
    readonly summary: string;
    readonly body: Named<B>;
    readonly invalid: string;
    readonly apply: (
      publishing: ContentService['publishing'],
      id: string,
      by: string,
      body: z.output<B>,
    ) => Promise<EditorEntry>;
    readonly detail?: (body: z.output<B>) => string;
  },
): ConsoleRoute {
  return consoleRoute({
    method: 'POST',
    path: `/content/${area}/entries/:id/${change.path}`,
    permission: contentRole(area),
    operationId: `${change.operationId}_${area}`,
    summary: change.summary,
    params: ENTRY_PARAM,
    body: change.body,
    invalid: change.invalid,
    answers: { 200: { description: 'The entry as stored now.', schema: entry }, 404: noEntry, 409: refusedChange },
    audit: [change.action],
    handler: ({ content: { publishing }, audit }) =>
      onEntry<z.output<B>>(async (id, { res, body, signed: { email } }) => {
        const changed = await change.apply(publishing, id, email, body);
        const detail = change.detail?.(body) ?? `${changed.type} “${changed.draft.slug}”`;
        await audit.record(email, change.action, { target: `${area}/${changed.id}`, detail });
        res.json({ entry: changed });
      }),
  });
}

/** What moves an entry on or off the site: publish, schedule, unschedule, unpublish, restore. */
const publishingRoutes = (area: ContentArea): ConsoleRoute[] => [
  entryChange(area, {
    path: 'publish',
    action: 'publish',
    operationId: 'contentPublish',
    summary: 'Publish the draft now',
    body: { name: 'ContentEntryAction', schema: entryActionSchema },
    invalid: 'Send the version you publish.',
    apply: (publishing, id, by, body) => publishing.publish(area, id, by, body.version),
  }),
  entryChange(area, {
    path: 'schedule',
    action: 'schedule',
    operationId: 'contentSchedule',
    summary: 'Publish the draft at a later time',
    body: { name: 'ContentEntrySchedule', schema: entryScheduleSchema },
    invalid: 'The schedule is not valid.',
    apply: (publishing, id, by, body) => publishing.schedule(area, id, by, body.version, new Date(body.at)),
  }),
  entryChange(area, {
    path: 'unschedule',
    action: 'unschedule',
    operationId: 'contentUnschedule',
    summary: 'Cancel a scheduled publish (what the site shows stays as it is)',
    body: { name: 'ContentEntryAction', schema: entryActionSchema },
    invalid: 'Send the version whose schedule you cancel.',
    apply: (publishing, id, by, body) => publishing.unschedule(area, id, by, body.version),
  }),
  entryChange(area, {
    path: 'unpublish',
    action: 'unpublish',
    operationId: 'contentUnpublish',
    summary:
      'Take the entry off the site (409 with `referencedBy` when published entries name it: send `confirm: true` to go on)',
    body: { name: 'ContentEntryUnpublish', schema: entryUnpublishSchema },
    invalid: 'Send the version you unpublish.',
    apply: (publishing, id, by, body) => publishing.unpublish(area, id, by, body.version, body.confirm === true),
  }),
  entryChange(area, {
    path: 'restore',
    action: 'restore',
    operationId: 'contentRestore',
    summary: 'Restore a version (published at once when the entry is on the site)',
    body: { name: 'ContentEntryRestore', schema: entryRestoreSchema },
    invalid: 'Choose the version to restore.',
    apply: (publishing, id, by, body) => publishing.restore(area, id, by, body.version, body.to),
    detail: (body) => `version ${body.to}`,
  }),
];

/** The routes of one area, each needing content:<area>. */
function areaRoutes(area: ContentArea): ConsoleRoute[] {
  const permission = contentRole(area);
  const base = `/content/${area}`;
  return [
    consoleRoute({
      method: 'GET',
      path: base,
      permission,
      operationId: `contentList_${area}`,
      summary: `The ${area} area’s model and entries`,
      description:
        'Each entry’s title, status and version; a published entry that no longer fits the model says why. ' +
        '`references` lists, for each reference field’s target, the published entries it may name.',
      answers: {
        200: { description: 'The model and the entries.', schema: { name: 'AreaContent', schema: areaContentSchema } },
      },
      handler:
        ({ content: { publishing } }) =>
        ({ res }) =>
          answering(res, async () => {
            const { validator, entries } = await publishing.list(area);
            const references = await publishing.referenceChoices(area, validator.model);
            const answer: AreaContent = { area, model: validator.model, entries, references };
            res.json(answer);
          }),
    }),
    consoleRoute({
      method: 'POST',
      path: `${base}/entries`,
      permission,
      operationId: `contentCreate_${area}`,
      summary: 'Create a draft',
      body: { name: 'ContentEntryCreate', schema: entryCreateSchema },
      invalid: 'The entry is not valid.',
      answers: { 201: { description: 'The draft was created.', schema: entry } },
      handler:
        ({ content: { publishing } }) =>
        ({ res, body, signed: { email } }) =>
          answering(res, async () => {
            res.status(201).json({ entry: await publishing.create(area, email, body) });
          }),
    }),
    consoleRoute({
      method: 'GET',
      path: `${base}/entries/:id`,
      permission,
      operationId: `contentEntry_${area}`,
      summary: 'An entry with its history, newest first',
      params: ENTRY_PARAM,
      answers: {
        200: {
          description: 'The entry and its versions.',
          schema: { name: 'ContentEntry', schema: entryAnswerSchema },
        },
        404: { description: 'No such entry.' },
      },
      handler: ({ content: { publishing } }) =>
        onEntry(async (id, { res }) => {
          res.json(await publishing.open(area, id));
        }),
    }),
    consoleRoute({
      method: 'POST',
      path: `${base}/entries/:id`,
      permission,
      operationId: `contentSave_${area}`,
      summary: 'Save the draft (as typed; what it lacks is answered in `issues`)',
      params: ENTRY_PARAM,
      body: { name: 'ContentEntrySave', schema: entrySaveSchema },
      invalid: 'The draft is not valid.',
      answers: { 200: { description: 'The draft was saved.', schema: entry }, 404: noEntry, 409: refusedChange },
      handler: ({ content: { publishing } }) =>
        onEntry<z.output<typeof entrySaveSchema>>(async (id, { res, body, signed: { email } }) => {
          res.json({ entry: await publishing.save(area, id, email, body) });
        }),
    }),
    ...publishingRoutes(area),
    consoleRoute({
      method: 'POST',
      path: `${base}/entries/:id/preview`,
      permission,
      operationId: `contentPreviewToken_${area}`,
      summary: 'A preview token for the draft',
      description: 'The token is valid for an hour; `path` is the edge’s page of the draft.',
      params: ENTRY_PARAM,
      emptyBody: true,
      answers: {
        201: { description: 'The token.', schema: { name: 'ContentPreviewToken', schema: previewAnswerSchema } },
        404: noEntry,
      },
      handler: ({ content: { publishing, previews } }) =>
        onEntry(async (id, { res }) => {
          const { token, expiresAt } = await previews.add(await publishing.previewOf(area, id));
          res.status(201).json({ token, path: `/team/preview/${token}`, expiresAt: expiresAt.toISOString() });
        }),
    }),
    imageUploadRoute(area),
    // The editor's live preview: the same renderer and sanitiser as the area's pages.
    consoleRoute({
      method: 'POST',
      path: `${base}/markdown`,
      permission,
      operationId: `contentMarkdown_${area}`,
      summary: 'Markdown rendered and sanitised as the pages do',
      body: { name: 'ContentMarkdown', schema: markdownPreviewSchema },
      invalid: 'Send the Markdown to preview.',
      answers: {
        200: { description: 'The HTML.', schema: { name: 'ContentMarkdownHtml', schema: markdownHtmlSchema } },
      },
      handler:
        () =>
        ({ res, body }) => {
          res.json(markdownToHtml(body.markdown));
        },
    }),
  ];
}

const uploadSchema = z.object({
  type: z.string().describe('The content type.'),
  field: z.string().describe('The image field, dotted within lists ("presenters.avatar").'),
  file: z.file(),
});

/** An image for an image field: checked, resized into the field's widths, re-encoded as WebP. */
const imageUploadRoute = (area: ContentArea): ConsoleRoute =>
  consoleRoute({
    method: 'POST',
    path: `/content/${area}/images`,
    permission: contentRole(area),
    operationId: `contentImageUpload_${area}`,
    summary: 'Upload an image for an image field',
    description:
      "Checked by its bytes (JPEG, PNG, WebP, GIF, AVIF or SVG, at most 10 MB and 40 megapixels), resized into the field's declared widths, re-encoded as WebP (an SVG is rasterised).",
    upload: { name: 'ContentImageUpload', schema: uploadSchema },
    answers: {
      201: { description: 'The stored image.', schema: { name: 'ContentImage', schema: imageUploadedSchema } },
      400: {
        description: 'No image, or no image field of that name, or not one image in the "file" field.',
        schema: { name: 'BadRequest', schema: badRequestSchema },
      },
      413: { description: 'Larger than 10 MB.' },
      415: { description: 'Not multipart, or not an image.' },
    },
    handler:
      ({ content: { publishing }, store, clock }) =>
      ({ req, res, signed: { email } }) =>
        answering(res, async () => {
          if (!req.is('multipart/form-data')) {
            sendError(res, new HttpError(415, 'Send the image as multipart/form-data.'));
            return;
          }
          if (!(await readUpload(req, res))) return;
          const body = req.body as { type?: unknown; field?: unknown };
          const validator = await publishing.validatorOf(area);
          const type = validator.model.types.find((candidate) => candidate.name === body.type);
          const widths = type && typeof body.field === 'string' ? imageWidths(type.fields, body.field) : undefined;
          if (!widths) {
            sendError(res, new HttpError(400, 'Name the content type and the image field the image is for.'));
            return;
          }
          if (!req.file) {
            sendError(res, new HttpError(400, 'Choose an image to upload.', { fields: { file: 'Choose an image.' } }));
            return;
          }
          const image = await processImage(req.file.buffer, widths, email, clock());
          await store.contentImages.save(image);
          res.status(201).json({ id: image.id, width: image.width, height: image.height });
        }),
  });

/** The editor's routes: the areas one may edit, then each area's. */
export const EDITOR_ROUTES: readonly ConsoleRoute[] = [
  consoleRoute({
    method: 'GET',
    path: '/content',
    permission: 'content',
    operationId: 'contentAreas',
    summary: 'The areas whose content the signed-in person may edit',
    answers: { 200: { description: 'The areas.', schema: { name: 'ContentAreas', schema: contentAreasAnswerSchema } } },
    handler:
      () =>
      ({ res, signed: { access } }) => {
        res.json({ areas: contentAreasOf(access) });
      },
  }),
  ...CONTENT_AREAS.flatMap(areaRoutes),
];
