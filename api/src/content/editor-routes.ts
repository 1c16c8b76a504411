/**
 * The editor's API under /api/team/content: one set of routes per area, each declared with that
 * area's role (content:<area>), so the API refuses another area's content with 403 whatever the
 * console shows. Every publish, schedule, unpublish and restore goes to the audit log.
 */
import { markdownToHtml } from '@wpc/shared/content-model/prepare';
import { CONTENT_AREAS, type ContentArea } from '@wpc/shared/content-model';
import { contentAreasOf, contentRole, type AuditAction } from '@wpc/shared/team';
import {
  ENTRY_ID,
  entryActionSchema,
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
import multer from 'multer';
import { HttpError, sendError } from '../http/errors';
import type { ConsoleRoutes } from '../team/console-routes';
import type { ConsoleContext } from '../team/context';
import { parse } from '../team/requests';
import { IMAGE_MAX_BYTES, processImage } from './image-upload';
import { ModelUnavailableError } from './models';
import type { ContentService } from './service';

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

export function editorRoutes(
  routes: ConsoleRoutes,
  { audit, store, clock }: ConsoleContext,
  { publishing, previews }: ContentService,
): void {
  routes.get('/content', 'content', (_req, res, { access }) => {
    res.json({ areas: contentAreasOf(access) });
  });

  for (const area of CONTENT_AREAS) {
    const role = contentRole(area);
    const base = `/content/${area}`;
    const audited = async (by: string, action: AuditAction, entry: EditorEntry) => {
      await audit.record(by, action, { target: `${area}/${entry.id}`, detail: `${entry.type} “${entry.draft.slug}”` });
    };

    routes.get(base, role, (_req, res) =>
      answering(res, async () => {
        const { validator, entries } = await publishing.list(area);
        const references = await publishing.referenceChoices(area, validator.model);
        const answer: AreaContent = { area, model: validator.model, entries, references };
        res.json(answer);
      }),
    );

    routes.post(`${base}/entries`, role, (req, res, { email }) =>
      answering(res, async () => {
        const body = parse(entryCreateSchema, req.body, res, 'The entry is not valid.');
        if (!body) return;
        res.status(201).json({ entry: await publishing.create(area, email, body) });
      }),
    );

    routes.get(`${base}/entries/:id`, role, (req, res) =>
      answering(res, async () => {
        const id = entryId(req, res);
        if (id) res.json(await publishing.open(area, id));
      }),
    );

    routes.post(`${base}/entries/:id`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entrySaveSchema, req.body, res, 'The draft is not valid.');
        if (id && body) res.json({ entry: await publishing.save(area, id, email, body) });
      }),
    );

    routes.post(`${base}/entries/:id/publish`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entryActionSchema, req.body, res, 'Send the version you publish.');
        if (!id || !body) return;
        const entry = await publishing.publish(area, id, email, body.version);
        await audited(email, 'publish', entry);
        res.json({ entry });
      }),
    );

    routes.post(`${base}/entries/:id/schedule`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entryScheduleSchema, req.body, res, 'The schedule is not valid.');
        if (!id || !body) return;
        const entry = await publishing.schedule(area, id, email, body.version, new Date(body.at));
        await audited(email, 'schedule', entry);
        res.json({ entry });
      }),
    );

    routes.post(`${base}/entries/:id/unschedule`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entryActionSchema, req.body, res, 'Send the version whose schedule you cancel.');
        if (!id || !body) return;
        const entry = await publishing.unschedule(area, id, email, body.version);
        await audited(email, 'unschedule', entry);
        res.json({ entry });
      }),
    );

    routes.post(`${base}/entries/:id/unpublish`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entryUnpublishSchema, req.body, res, 'Send the version you unpublish.');
        if (!id || !body) return;
        const entry = await publishing.unpublish(area, id, email, body.version, body.confirm === true);
        await audited(email, 'unpublish', entry);
        res.json({ entry });
      }),
    );

    routes.post(`${base}/entries/:id/restore`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entryRestoreSchema, req.body, res, 'Choose the version to restore.');
        if (!id || !body) return;
        const entry = await publishing.restore(area, id, email, body.version, body.to);
        await audit.record(email, 'restore', { target: `${area}/${entry.id}`, detail: `version ${body.to}` });
        res.json({ entry });
      }),
    );

    routes.post(`${base}/entries/:id/preview`, role, (req, res) =>
      answering(res, async () => {
        const id = entryId(req, res);
        if (!id) return;
        const { token, expiresAt } = await previews.add(await publishing.previewOf(area, id));
        res.status(201).json({ token, path: `/team/preview/${token}`, expiresAt: expiresAt.toISOString() });
      }),
    );

    // An image for an image field: checked, resized into the field's widths, re-encoded as WebP.
    routes.post(
      `${base}/images`,
      role,
      (req, res, { email }) =>
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
      { json: false },
    );

    // The editor's live preview: the same renderer and sanitiser as the area's pages.
    routes.post(`${base}/markdown`, role, (req, res) => {
      const body = parse(markdownPreviewSchema, req.body, res, 'Send the Markdown to preview.');
      if (body) res.json(markdownToHtml(body.markdown));
    });
  }
}

export type { ContentArea };
