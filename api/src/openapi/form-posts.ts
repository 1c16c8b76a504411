/**
 * The forms sent by the browser itself (no scripts) in the OpenAPI document: POST
 * /api/form-posts/{form}, which the edge calls with the post as it came. Request schemas come from
 * the same zod schemas the route validates with, in their text form (flags as "true"/"false").
 */
import { z } from 'zod';
import { FORMS, formSchema, type FormId } from '@wpc/shared/schemas';
import { FORM_POSTS_PATH } from '../routes/form-posts';
import { requestSchema, responseSchema, type JsonSchema } from './json-schema';
import type { MediaTypeObject, PathItemObject, Reference, ResponseObject } from './types';

const message = z.string().describe('What went wrong, in words for a person.');
const typedValues = z
  .record(z.string(), z.union([z.string(), z.boolean()]))
  .describe("What was typed and ticked, the form's own fields only, for the page that shows the form again.");

const refusedSchema = z
  .strictObject({
    error: message,
    fields: z.record(z.string(), z.string()).optional().describe('Each refused field and what is wrong with it.'),
    field: z.string().optional().describe('A multipart part sent under a name the form does not have.'),
    values: typedValues.optional(),
  })
  .describe('400: the form needs changes; nothing was stored.');

const refusedFileSchema = z
  .strictObject({
    error: message,
    file: z.string().optional().describe('The refused file (its name, made safe).'),
    values: typedValues.optional(),
  })
  .describe('415: not an accepted media type, or a file of a refused type; nothing was stored.');

const FORM_IDS = Object.keys(FORMS) as FormId[];
const schemaName = (id: FormId) => `${id[0]!.toUpperCase()}${id.slice(1)}FormPost`;
const ref = (kind: 'schemas' | 'responses' | 'headers', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
});

/** The route's operation and schemas; the shared responses (413, 429...) are the document's own. */
export function formPostsDocument(): { paths: Record<string, PathItemObject>; schemas: Record<string, JsonSchema> } {
  const schemas: Record<string, JsonSchema> = {
    FormPostRefused: responseSchema(refusedSchema),
    FormPostRefusedFile: responseSchema(refusedFileSchema),
  };
  for (const id of FORM_IDS) {
    schemas[schemaName(id)] = { title: FORMS[id].title, ...requestSchema(formSchema(id, { multipart: true })) };
  }
  const content: Record<string, MediaTypeObject> = {
    'application/x-www-form-urlencoded': { schema: { anyOf: FORM_IDS.map((id) => ref('schemas', schemaName(id))) } },
    // Feedback's files; any other form answers 415 to multipart.
    'multipart/form-data': { schema: ref('schemas', 'FeedbackFormMultipart') },
  };
  const json = (name: string) => ({ 'application/json': { schema: ref('schemas', name) } });
  const error = (description: string): ResponseObject => ({ description, content: json('Error') });
  return {
    schemas,
    paths: {
      [`${FORM_POSTS_PATH}/{form}`]: {
        post: {
          operationId: 'postFormWithoutScripts',
          summary: 'A form sent by the browser itself, without the page\u2019s scripts',
          description:
            'What the edge passes on when a visitor sends a form before (or without) the page\u2019s scripts: the ' +
            'form named in the path, as the browser encoded it. Flags: a ticked box sends "true", an unticked one ' +
            'nothing (false). Validated, stored and emailed as the JSON endpoints do; the same content sent again ' +
            'on the same day is answered 200 with Idempotent-Replayed and stored once. Refused from other sites ' +
            '(Sec-Fetch-Site). A refusal carries the typed values, so the edge can show the form again.',
          tags: ['forms'],
          parameters: [
            {
              name: 'form',
              in: 'path',
              required: true,
              description: 'The form (a form id of the site).',
              schema: { type: 'string', enum: FORM_IDS },
            },
          ],
          requestBody: { required: true, content },
          responses: {
            '200': {
              description: 'Stored (or a honeypot post dropped, or the same content already stored today).',
              headers: {
                'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'),
                RateLimit: ref('headers', 'RateLimit'),
                'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
              },
              content: json('Ok'),
            },
            '400': { description: 'The form needs changes; nothing was stored.', content: json('FormPostRefused') },
            '403': error('Sent from another site; nothing was stored.'),
            '404': error('There is no such form.'),
            '408': ref('responses', 'RequestTimeout'),
            '413': ref('responses', 'PayloadTooLarge'),
            '415': {
              description: 'Not urlencoded (or multipart, for feedback), or a file of a refused type.',
              content: json('FormPostRefusedFile'),
            },
            '422': {
              description: 'The key made from the content was stored with other content (a hash collision).',
              content: json('IdempotencyKeyReused'),
            },
            '429': ref('responses', 'TooManyRequests'),
            '500': ref('responses', 'InternalError'),
            '503': ref('responses', 'ServiceUnavailable'),
          },
        },
      },
    },
  };
}
