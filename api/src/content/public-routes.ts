/**
 * The public half of the publishing contract (@wpc/shared/content-contract): what each remote's
 * server polls, and drafts by preview token. No session: published content is public, and a
 * preview token is the draft's secret.
 */
import { Router } from 'express';
import { CONTENT_AREAS, type ContentArea } from '@wpc/shared/content-model';
import { revisionEtag } from '@wpc/shared/content-contract';
import { HttpError, sendError } from '../http/errors';
import type { ContentImageRepository } from './images';
import { ModelUnavailableError } from './models';
import type { ContentService } from './service';

export function publicContentRoutes(
  { publishing, previews }: ContentService,
  images: Pick<ContentImageRepository, 'file'>,
): Router {
  const router = Router();

  router.get('/api/content/published', async (req, res) => {
    const area = req.query.area;
    if (typeof area !== 'string' || !CONTENT_AREAS.includes(area as ContentArea)) {
      sendError(res, new HttpError(400, `Name an area: one of ${CONTENT_AREAS.join(', ')}.`));
      return;
    }
    // Every remote asks every second: an unchanged area is answered from its revision alone,
    // without reading its entries (a thousand releases are a long read on a MongoDB-wire server).
    const current = revisionEtag(await publishing.revision(area as ContentArea));
    if (req.get('If-None-Match') === current) {
      res.set({ ETag: current, 'Cache-Control': 'no-cache' }).status(304).end();
      return;
    }
    let content;
    try {
      content = await publishing.published(area as ContentArea);
    } catch (error) {
      // References are checked against the area's declaration: without it nothing is served
      // rather than a reference that may name nothing (the remote keeps what it has).
      if (!(error instanceof ModelUnavailableError)) throw error;
      res.set('Retry-After', '5');
      sendError(res, new HttpError(503, `${error.message} Try again in a moment.`));
      return;
    }
    res.set({ ETag: revisionEtag(content.revision), 'Cache-Control': 'no-cache' });
    res.json(content);
  });

  router.get('/api/content/preview/:token', async (req, res) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    const entry = await previews.get(req.params.token);
    if (!entry) {
      sendError(res, new HttpError(404, 'No such preview, or it has expired. Open the preview again from the editor.'));
      return;
    }
    res.json(entry);
  });

  // Immutable: an image's bytes never change under its id, so browsers and edges keep them.
  router.get('/api/content/images/:id/:file', async (req, res) => {
    const match = /^([1-9]\d{0,4})\.webp$/.exec(req.params.file);
    const bytes =
      match && /^[A-Za-z0-9_-]{1,100}$/.test(req.params.id) ? await images.file(req.params.id, Number(match[1])) : null;
    if (!bytes) {
      sendError(res, new HttpError(404, 'No such image.'));
      return;
    }
    res.set({ 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable' });
    res.send(bytes);
  });

  return router;
}
