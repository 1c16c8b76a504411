/**
 * Publishing's part of the OpenAPI document: the public contract (/api/content/...) and the
 * editor's routes, one set per area (/api/team/content/<area>/...), each needing content:<area>.
 */
import { previewEntrySchema, publishedContentSchema } from '@wpc/shared/content-contract';
import { CONTENT_AREAS } from '@wpc/shared/content-model';
import { CSRF_HEADER, TEAM_API } from '@wpc/shared/team';
import {
  entryActionSchema,
  entryUnpublishSchema,
  entryCreateSchema,
  entryRestoreSchema,
  entrySaveSchema,
  entryScheduleSchema,
  markdownPreviewSchema,
} from '@wpc/shared/team/content-schemas';
import { requestSchema, responseSchema, type JsonSchema } from '../openapi/json-schema';
import type { OperationObject, ParameterObject, PathItemObject, ResponseObject } from '../openapi/types';

const error = (description: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const object = (description: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: { type: 'object' } } },
});
const common = {
  '500': { $ref: '#/components/responses/InternalError' },
  '503': { $ref: '#/components/responses/ServiceUnavailable' },
};

const signedIn = {
  '401': error('Not signed in, or the session ended.'),
  '403': error(
    `The signed-in person’s roles lack content of this area, or (changes) the ${CSRF_HEADER} header is missing.`,
  ),
  ...common,
};
const csrf: ParameterObject = {
  name: CSRF_HEADER,
  in: 'header',
  required: true,
  description: 'The csrfToken of the session.',
  schema: { type: 'string' },
};
const id: ParameterObject = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The entry id.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
};
const body = (schema: string) => ({
  required: true,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const badRequest = { $ref: '#/components/responses/BadRequest' };
const operation = (op: Omit<OperationObject, 'tags'>): OperationObject => ({
  ...op,
  // The editor's operations are the team console's too (behind its session).
  tags: op.security ? ['team', 'content'] : ['content'],
});
const session = [{ teamSession: [] }];

/** What a change to an entry may answer besides success and the session's refusals. */
function changeErrors(jsonKb: number) {
  return {
    '400': badRequest,
    '404': error('There is no such entry (or version).'),
    '409': {
      description:
        'The entry changed since the version sent (or is not on the site to unpublish, or not scheduled): `current` is the entry as stored now. ' +
        'Unpublishing an entry that published entries name: `referencedBy` lists them (area, type, id, title).',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['error'],
            properties: { error: { type: 'string' }, current: { type: 'object' }, referencedBy: { type: 'array' } },
          },
        },
      },
    },
    '413': { $ref: '#/components/responses/PayloadTooLarge' },
    '415': error(`Not application/json (JSON bodies up to ${jsonKb} KB).`),
  };
}

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

const areasPath: PathItemObject = {
  get: operation({
    operationId: 'contentAreas',
    summary: 'The areas whose content the signed-in person may edit',
    description: 'Needs: content of any area.',
    security: session,
    responses: { '200': object('`{ areas }`.'), ...signedIn },
  }),
};

type Change = (
  operationId: string,
  summary: string,
  schema: string | undefined,
  ok: ResponseObject,
  parameters?: ParameterObject[],
) => PathItemObject;

/** A POST that changes something in one area, with the session, CSRF header and entry id by default. */
function areaChange(area: string, jsonKb: number): Change {
  const errors = changeErrors(jsonKb);
  return (operationId, summary, schema, ok, parameters = [id, csrf]) => ({
    post: operation({
      operationId: `${operationId}_${area}`,
      summary,
      description: `Needs: content:${area}.`,
      security: session,
      parameters,
      ...(schema ? { requestBody: body(schema) } : {}),
      responses: { '200': ok, '201': ok, ...errors, ...signedIn },
    }),
  });
}

function imageUploadPath(area: string): PathItemObject {
  return {
    post: operation({
      operationId: `contentImageUpload_${area}`,
      summary: 'Upload an image for an image field',
      description: `Needs: content:${area}. Checked by its bytes (JPEG, PNG, WebP, GIF, AVIF or SVG, at most 10 MB and 40 megapixels), resized into the field's declared widths, re-encoded as WebP (an SVG is rasterised).`,
      security: session,
      parameters: [csrf],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['type', 'field', 'file'],
              properties: {
                type: { type: 'string', description: 'The content type.' },
                field: { type: 'string', description: 'The image field, dotted within lists ("presenters.avatar").' },
                file: { type: 'string', format: 'binary' },
              },
            },
          },
        },
      },
      responses: {
        '201': object('`{ id, width, height }`.'),
        '400': badRequest,
        '413': error('Larger than 10 MB.'),
        '415': error('Not multipart, or not an image.'),
        ...signedIn,
      },
    }),
  };
}

/** The editor's routes of one area, each needing content:<area>. */
function areaPaths(area: string, jsonKb: number): Record<string, PathItemObject> {
  const base = `${TEAM_API}/content/${area}`;
  const needs = `Needs: content:${area}.`;
  const change = areaChange(area, jsonKb);
  const entry = object('`{ entry }`.');
  return {
    [base]: {
      get: operation({
        operationId: `contentList_${area}`,
        summary: `The ${area} area’s model and entries`,
        description: `${needs} Each entry’s title, status and version; a published entry that no longer fits the model says why.`,
        security: session,
        responses: {
          '200': object(
            '`{ area, model, entries, references }`: `references` lists, for each reference field’s target, the published entries it may name.',
          ),
          ...signedIn,
        },
      }),
    },
    [`${base}/entries`]: change('contentCreate', 'Create a draft', 'ContentEntryCreate', entry, [csrf]),
    [`${base}/entries/{id}`]: {
      get: operation({
        operationId: `contentEntry_${area}`,
        summary: 'An entry with its history, newest first',
        description: needs,
        security: session,
        parameters: [id],
        responses: { '200': object('`{ entry, versions }`.'), '404': error('No such entry.'), ...signedIn },
      }),
      ...change(
        'contentSave',
        'Save the draft (as typed; what it lacks is answered in `issues`)',
        'ContentEntrySave',
        entry,
      ),
    },
    [`${base}/entries/{id}/publish`]: change('contentPublish', 'Publish the draft now', 'ContentEntryAction', entry),
    [`${base}/entries/{id}/schedule`]: change(
      'contentSchedule',
      'Publish the draft at a later time',
      'ContentEntrySchedule',
      entry,
    ),
    [`${base}/entries/{id}/unschedule`]: change(
      'contentUnschedule',
      'Cancel a scheduled publish (what the site shows stays as it is)',
      'ContentEntryAction',
      entry,
    ),
    [`${base}/entries/{id}/unpublish`]: change(
      'contentUnpublish',
      'Take the entry off the site (409 with `referencedBy` when published entries name it: send `confirm: true` to go on)',
      'ContentEntryUnpublish',
      entry,
    ),
    [`${base}/entries/{id}/restore`]: change(
      'contentRestore',
      'Restore a version (published at once when the entry is on the site)',
      'ContentEntryRestore',
      entry,
    ),
    [`${base}/entries/{id}/preview`]: change(
      'contentPreviewToken',
      'A preview token for the draft',
      undefined,
      object('`{ token, path, expiresAt }`.'),
    ),
    [`${base}/images`]: imageUploadPath(area),
    [`${base}/markdown`]: change(
      'contentMarkdown',
      'Markdown rendered and sanitised as the pages do',
      'ContentMarkdown',
      object('`{ html }`.'),
      [csrf],
    ),
  };
}

export function contentDocument(jsonKb: number): {
  paths: Record<string, PathItemObject>;
  schemas: Record<string, JsonSchema>;
} {
  return {
    paths: Object.assign(
      { ...publicContentPaths(), [`${TEAM_API}/content`]: areasPath },
      ...CONTENT_AREAS.map((area) => areaPaths(area, jsonKb)),
    ) as Record<string, PathItemObject>,
    schemas: {
      PublishedContent: responseSchema(publishedContentSchema),
      PreviewEntry: responseSchema(previewEntrySchema),
      ContentEntryCreate: requestSchema(entryCreateSchema),
      ContentEntrySave: requestSchema(entrySaveSchema),
      ContentEntryAction: requestSchema(entryActionSchema),
      ContentEntrySchedule: requestSchema(entryScheduleSchema),
      ContentEntryUnpublish: requestSchema(entryUnpublishSchema),
      ContentEntryRestore: requestSchema(entryRestoreSchema),
      ContentMarkdown: requestSchema(markdownPreviewSchema),
    },
  };
}
