/**
 * The public half of the publishing contract (@wpc/shared/content-contract): what each remote's
 * server polls, and drafts by preview token. No session: published content is public, and a
 * preview token is the draft's secret.
 */
import { Router } from 'express';
import { CONTENT_AREAS, type ContentArea } from '@wpc/shared/content-model';
import { revisionEtag } from '@wpc/shared/content-contract';
import { HttpError, sendError } from '../http/errors';
import type { ContentService } from './service';

export function publicContentRoutes({ publishing, previews }: ContentService): Router {
  const router = Router();

  router.get('/api/content/published', async (req, res) => {
    const area = req.query.area;
    if (typeof area !== 'string' || !CONTENT_AREAS.includes(area as ContentArea)) {
      sendError(res, new HttpError(400, `Name an area: one of ${CONTENT_AREAS.join(', ')}.`));
      return;
    }
    const content = await publishing.published(area as ContentArea);
    const etag = revisionEtag(content.revision);
    res.set({ ETag: etag, 'Cache-Control': 'no-cache' });
    if (req.get('If-None-Match') === etag) {
      res.status(304).end();
      return;
    }
    res.json(content);
  });

  router.get('/api/content/preview/:token', (req, res) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    const entry = previews.get(req.params.token);
    if (!entry) {
      sendError(res, new HttpError(404, 'No such preview, or it has expired. Open the preview again from the editor.'));
      return;
    }
    res.json(entry);
  });

  return router;
}
