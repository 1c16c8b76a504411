/**
 * Publishing's part of the OpenAPI document: the public contract (/api/content/...), and the
 * editor's routes (/api/team/content/<area>/..., each needing content:<area>) made from their
 * declarations (editor-routes.ts).
 */
import { previewEntrySchema, publishedContentSchema } from '@wpc/shared/content-contract';
import { CONTENT_AREAS } from '@wpc/shared/content-model';
import { responseSchema, type JsonSchema } from '../openapi/json-schema';
import type { OperationObject, PathItemObject, ResponseObject } from '../openapi/types';
import { consolePaths } from '../team/openapi';
import { EDITOR_ROUTES } from './editor-routes';

const error = (description: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const common = {
  '500': { $ref: '#/components/responses/InternalError' },
  '503': { $ref: '#/components/responses/ServiceUnavailable' },
};
const operation = (op: Omit<OperationObject, 'tags'>): OperationObject => ({ ...op, tags: ['content'] });

/** The public contract the remotes read: published content, previews and images. */
function publicContentPaths(): Record<string, PathItemObject> {
  return {
    '/api/content/published': {
      get: operation({
        operationId: 'publishedContent',
        summary: 'What an area publishes now (the remotes poll it)',
        description:
          'Entries published now, scheduled ones once due. ETag is the revision, which changes on every publish, unpublish, ' +
          'restore or scheduled publish in the area and is never reused; 304 on If-None-Match. Cache-Control: no-cache.',
        parameters: [
          {
            name: 'area',
            in: 'query',
            required: true,
            description: 'The area.',
            schema: { type: 'string', enum: [...CONTENT_AREAS] },
          },
        ],
        responses: {
          '200': {
            description: 'The published entries and revision.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PublishedContent' } } },
          },
          '304': { description: 'Unchanged since the revision sent in If-None-Match.' },
          '400': error('No area, or an unknown one.'),
          ...common,
        },
      }),
    },
    '/api/content/preview/{token}': {
      get: operation({
        operationId: 'contentPreview',
        summary: 'A draft by its preview token',
        description: 'The token is made by the editor (valid for an hour). Cache-Control: no-store.',
        parameters: [
          { name: 'token', in: 'path', required: true, description: 'The token.', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The draft.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PreviewEntry' } } },
          },
          '404': error('No such token, or it expired.'),
          ...common,
        },
      }),
    },
    '/api/content/images/{id}/{file}': {
      get: operation({
        operationId: 'contentImage',
        summary: 'An uploaded image in one of its declared widths',
        description: 'WebP; immutable (Cache-Control: public, max-age=31536000, immutable).',
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'The image id.', schema: { type: 'string' } },
          {
            name: 'file',
            in: 'path',
            required: true,
            description: '<width>.webp',
            schema: { type: 'string', pattern: '^[1-9][0-9]{0,4}\\.webp$' },
          },
        ],
        responses: {
          '200': { description: 'The image.', content: { 'image/webp': { schema: { type: 'string' } } } },
          '404': error('No such image or width.'),
          ...common,
        },
      }),
    },
  };
}

export function contentDocument(jsonKb: number): {
  paths: Record<string, PathItemObject>;
  schemas: Record<string, JsonSchema>;
} {
  // The editor's operations are the team console's too (behind its session).
  const editor = consolePaths(EDITOR_ROUTES, jsonKb, ['team', 'content']);
  return {
    paths: { ...publicContentPaths(), ...editor.paths },
    schemas: {
      PublishedContent: responseSchema(publishedContentSchema),
      PreviewEntry: responseSchema(previewEntrySchema),
      ...editor.schemas,
    },
  };
}
