/**
 * The public half of the publishing contract (@wpc/shared/content-contract): what each remote's
 * server polls, drafts by preview token, and uploaded images. No session: published content is
 * public, and a preview token is the draft's secret. Each route is declared once
 * (http/public-route.ts): the router and its OpenAPI operations are made from it.
 */
import { z } from 'zod';
import { CONTENT_AREAS } from '@wpc/shared/content-model';
import { previewEntrySchema, publishedContentSchema, revisionEtag } from '@wpc/shared/content-contract';
import { HttpError, sendError } from '../http/errors';
import { publicRoute, type PublicRoute } from '../http/public-route';
import { badRequestSchema } from '@wpc/shared/answers';
import type { ContentImageRepository } from '../records/content-images';
import { ModelUnavailableError } from './models';
import type { ContentService } from './service';

export interface PublicContentDeps {
  readonly content: ContentService;
  readonly images: Pick<ContentImageRepository, 'file'>;
}

const NAME_AN_AREA = `Name an area: one of ${CONTENT_AREAS.join(', ')}.`;
const areaQuery = z.object({
  area: z.enum(CONTENT_AREAS, { error: NAME_AN_AREA }).describe('The area.'),
});
const SERVER_ERRORS = { 500: 'InternalError', 503: 'ServiceUnavailable' } as const;

const published = publicRoute<PublicContentDeps, typeof areaQuery>({
  method: 'GET',
  path: '/api/content/published',
  operationId: 'publishedContent',
  summary: 'What an area publishes now (the remotes poll it)',
  description:
    'Entries published now, scheduled ones once due. ETag is the revision, which changes on every publish, unpublish, ' +
    'restore or scheduled publish in the area and is never reused; 304 on If-None-Match. Cache-Control: no-cache.',
  tags: ['content'],
  query: areaQuery,
  invalid: NAME_AN_AREA,
  answers: {
    200: {
      description: 'The published entries and revision.',
      schema: { name: 'PublishedContent', schema: publishedContentSchema },
    },
    304: { description: 'Unchanged since the revision sent in If-None-Match.', empty: true },
    400: { description: 'No area, or an unknown one.', schema: { name: 'BadRequest', schema: badRequestSchema } },
    ...SERVER_ERRORS,
  },
  handler:
    ({ content: { publishing } }) =>
    async ({ req, res, query: { area } }) => {
      // Every remote asks every second: an unchanged area is answered from its revision alone,
      // without reading its entries (a thousand releases are a long read on a MongoDB-wire server).
      const current = revisionEtag(await publishing.revision(area));
      if (req.get('If-None-Match') === current) {
        res.set({ ETag: current, 'Cache-Control': 'no-cache' }).status(304).end();
        return;
      }
      let content;
      try {
        content = await publishing.published(area);
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
    },
});

const preview = publicRoute<PublicContentDeps>({
  method: 'GET',
  path: '/api/content/preview/:token',
  operationId: 'contentPreview',
  summary: 'A draft by its preview token',
  description: 'The token is made by the editor (valid for an hour). Cache-Control: no-store.',
  tags: ['content'],
  params: { token: { description: 'The token.' } },
  answers: {
    200: { description: 'The draft.', schema: { name: 'PreviewEntry', schema: previewEntrySchema } },
    404: { description: 'No such token, or it expired.' },
    ...SERVER_ERRORS,
  },
  handler:
    ({ content: { previews } }) =>
    async ({ req, res }) => {
      res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
      const entry = await previews.get(String(req.params.token));
      if (!entry) {
        sendError(
          res,
          new HttpError(404, 'No such preview, or it has expired. Open the preview again from the editor.'),
        );
        return;
      }
      res.json(entry);
    },
});

// Immutable: an image's bytes never change under its id, so browsers and edges keep them.
const image = publicRoute<PublicContentDeps>({
  method: 'GET',
  path: '/api/content/images/:id/:file',
  operationId: 'contentImage',
  summary: 'An uploaded image in one of its declared widths',
  description: 'WebP; immutable (Cache-Control: public, max-age=31536000, immutable).',
  tags: ['content'],
  params: {
    id: { description: 'The image id.' },
    file: { description: '<width>.webp', pattern: '^[1-9][0-9]{0,4}\\.webp$' },
  },
  answers: {
    200: { description: 'The image.', media: ['image/webp'] },
    404: { description: 'No such image or width.' },
    ...SERVER_ERRORS,
  },
  handler:
    ({ images }) =>
    async ({ req, res }) => {
      const id = String(req.params.id);
      const match = /^([1-9]\d{0,4})\.webp$/.exec(String(req.params.file));
      const bytes = match && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? await images.file(id, Number(match[1])) : null;
      if (!bytes) {
        sendError(res, new HttpError(404, 'No such image.'));
        return;
      }
      res.set({ 'Content-Type': 'image/webp', 'Cache-Control': 'public, max-age=31536000, immutable' });
      res.send(bytes);
    },
});

export const PUBLIC_CONTENT_ROUTES: readonly PublicRoute<PublicContentDeps>[] = [published, preview, image];
