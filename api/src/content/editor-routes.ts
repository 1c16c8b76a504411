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
  markdownPreviewSchema,
  type AreaContent,
  type EditorEntry,
} from '@wpc/shared/team/content-schemas';
import type { Request, Response } from 'express';
import { HttpError, sendError } from '../http/errors';
import type { ConsoleRoutes } from '../team/console-routes';
import type { ConsoleContext } from '../team/context';
import { parse } from '../team/requests';
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

export function editorRoutes(
  routes: ConsoleRoutes,
  { audit }: ConsoleContext,
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
        const answer: AreaContent = { area, model: validator.model, entries };
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

    routes.post(`${base}/entries/:id/unpublish`, role, (req, res, { email }) =>
      answering(res, async () => {
        const id = entryId(req, res);
        const body = id && parse(entryActionSchema, req.body, res, 'Send the version you unpublish.');
        if (!id || !body) return;
        const entry = await publishing.unpublish(area, id, email, body.version);
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
        const { token, expiresAt } = previews.add(await publishing.previewOf(area, id));
        res.status(201).json({ token, path: `/team/preview/${token}`, expiresAt: expiresAt.toISOString() });
      }),
    );

    // The editor's live preview: the same renderer and sanitiser as the area's pages.
    routes.post(`${base}/markdown`, role, (req, res) => {
      const body = parse(markdownPreviewSchema, req.body, res, 'Send the Markdown to preview.');
      if (body) res.json(markdownToHtml(body.markdown));
    });
  }
}

export type { ContentArea };
