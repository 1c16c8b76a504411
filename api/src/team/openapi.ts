/**
 * The team console's part of the OpenAPI document: /api/team/..., behind the session cookie
 * (and X-CSRF-Token for changes). Requests and answers come from the console's wire schemas
 * (@wpc/shared/team/schemas), which the routes check with and the browser takes its types from.
 */
import { CSRF_HEADER, TEAM_API } from '@wpc/shared/team';
import {
  eraseRequestSchema,
  erasureSchema,
  ID_PATTERN,
  inboxQuerySchema,
  inboxSchema,
  reviewRequestSchema,
  teamExportQuerySchema,
  teamSubmissionSchema,
} from '@wpc/shared/team/schemas';
import type { z } from 'zod';
import { requestSchema, responseSchema, type JsonSchema } from '../openapi/json-schema';
import type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  Reference,
  ResponseObject,
} from '../openapi/types';
import type { Answer, ConsoleRoute } from './console-route';
import { CONSOLE_ROUTES } from './declarations';
import { SESSION_COOKIE } from './session';

export const ref = (kind: 'schemas' | 'responses' | 'headers', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
});
export const json = (schema: JsonSchema | Reference): Record<string, MediaTypeObject> => ({
  'application/json': { schema },
});

export function queryParameters(schema: z.ZodType): ParameterObject[] {
  const properties = requestSchema(schema).properties as Record<string, JsonSchema>;
  const required = new Set((requestSchema(schema).required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description = name, ...rest } = property as JsonSchema & { description?: string };
    return { name, in: 'query', required: required.has(name), description, schema: rest };
  });
}

const idParameter = (name: string, description: string): ParameterObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern: ID_PATTERN },
});

/** A download: the body is the file, named in Content-Disposition. */
export const attachment = (description: string, types: readonly string[]): ResponseObject => ({
  description,
  headers: { 'Content-Disposition': { description: 'attachment; filename=...', schema: { type: 'string' } } },
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])),
});

export const csrfParameter: ParameterObject = {
  name: CSRF_HEADER,
  in: 'header',
  required: true,
  description: 'The csrfToken of the session (GET /api/team/session); a change without it is refused with 403.',
  schema: { type: 'string' },
};

const errorAnswer = (description: string): ResponseObject => ({ description, content: json(ref('schemas', 'Error')) });

/** What every console route may answer, by what it needs: a session, a role, a fresh link, a CSRF token, a JSON body. */
function impliedAnswers(route: ConsoleRoute, jsonKb: number): Record<string, ResponseObject | Reference> {
  const answers: Record<string, ResponseObject | Reference> = {};
  if (route.query) answers['400'] = ref('responses', 'BadRequest');
  if (route.body) {
    Object.assign(answers, {
      '400': ref('responses', 'BadRequest'),
      '408': ref('responses', 'RequestTimeout'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': errorAnswer(`Not application/json (JSON bodies up to ${jsonKb} KB).`),
    });
  }
  if (route.permission !== 'public') {
    const refusals = [
      route.method === 'POST' && `The ${CSRF_HEADER} header is missing or is not the session's`,
      'the signed-in person’s roles do not include what this needs',
      route.fresh &&
        `the session was started by a link more than 15 minutes ago: ${route.method === 'POST' ? 'erasure' : 'personal data'} needs a fresh sign-in link`,
    ].filter((text): text is string => Boolean(text));
    const last = refusals.pop()!;
    const text = refusals.length > 0 ? `${refusals.join(', ')}, or ${last}` : `${last} (its description says)`;
    answers['403'] = errorAnswer(`${text[0]!.toUpperCase()}${text.slice(1)}.`);
    answers['401'] = errorAnswer(
      'Not signed in: no session, or it ended (sign-out, 12 hours without a request, or the address is no longer an admin or a member).',
    );
  }
  return { ...answers, '500': ref('responses', 'InternalError'), '503': ref('responses', 'ServiceUnavailable') };
}

function declaredAnswer({ description, schema, attachment: types, headers }: Answer): ResponseObject {
  if (types) return attachment(description, types);
  return { description, ...(headers && { headers }), content: json(ref('schemas', schema?.name ?? 'Error')) };
}

/** The path and operation of a declared console route, and the schemas it names. */
export function consoleOperation(route: ConsoleRoute, jsonKb: number) {
  const path = `${TEAM_API}${route.path.replace(/:(\w+)/g, '{$1}')}`;
  const parameters = [
    ...Object.entries(route.params ?? {}).map(([name, description]) => idParameter(name, description)),
    ...(route.method === 'POST' && route.permission !== 'public' ? [csrfParameter] : []),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  const answers = Object.entries(route.answers);
  const operation: OperationObject = {
    operationId: route.operationId,
    summary: route.summary,
    description:
      route.permission === 'public'
        ? route.description
        : `${route.description ? `${route.description} ` : ''}Needs: ${route.permission}.`,
    tags: ['team'],
    ...(route.permission !== 'public' && { security: [{ teamSession: [] }] }),
    ...(route.session === 'optional' && { security: [{ teamSession: [] }, {}] }),
    ...(parameters.length > 0 && { parameters }),
    ...(route.body && { requestBody: { required: true, content: json(ref('schemas', route.body.name)) } }),
    responses: {
      ...impliedAnswers(route, jsonKb),
      ...Object.fromEntries(answers.map(([status, answer]) => [status, declaredAnswer(answer)])),
    },
  };
  const schemas: Record<string, JsonSchema> = {};
  if (route.body) {
    const { name, schema, example } = route.body;
    schemas[name] = { ...requestSchema(schema), ...(example !== undefined && { examples: [example] }) };
  }
  for (const [, { schema }] of answers) if (schema) schemas[schema.name] = responseSchema(schema.schema);
  return { path, method: route.method.toLowerCase() as 'get' | 'post', operation, schemas };
}

export interface TeamDocumentPart {
  readonly paths: Record<string, PathItemObject>;
  readonly schemas: Record<string, JsonSchema>;
  readonly securitySchemes: Record<string, JsonSchema>;
}

/** The team console's paths, schemas and session scheme. */
export function teamDocument(jsonKb: number): TeamDocumentPart {
  const error = (description: string): ResponseObject => ({ description, content: json(ref('schemas', 'Error')) });
  const common = {
    '500': ref('responses', 'InternalError'),
    '503': ref('responses', 'ServiceUnavailable'),
  };
  const signedIn = {
    '401': error(
      'Not signed in: no session, or it ended (sign-out, 12 hours without a request, or the address is no longer an admin or a member).',
    ),
    ...common,
  };
  /** What a guarded read answers when the person's roles lack its permission. */
  const forbidden = {
    '403': error('The signed-in person’s roles do not include what this needs (its description says).'),
  };
  const jsonBody = {
    '400': ref('responses', 'BadRequest'),
    '408': ref('responses', 'RequestTimeout'),
    '413': ref('responses', 'PayloadTooLarge'),
    '415': error(`Not application/json (JSON bodies up to ${jsonKb} KB).`),
  };
  const csrf = {
    '403': error(
      `The ${CSRF_HEADER} header is missing or is not the session's, or the signed-in person’s roles do not include what this needs.`,
    ),
  };
  const signInAgain = {
    '403': error(
      'The signed-in person’s roles do not include what this needs, or the session was started by a link more than 15 minutes ago: personal data needs a fresh sign-in link.',
    ),
  };
  const needs = (permission: string, text = '') => `${text}${text ? ' ' : ''}Needs: ${permission}.`;
  const session = [{ teamSession: [] }];
  const operation = (op: Omit<OperationObject, 'tags'>): OperationObject => ({ ...op, tags: ['team'] });
  const body = (schema: string) => ({ required: true, content: json(ref('schemas', schema)) });
  const submissionId = idParameter('submissionId', 'The submission id (from the inbox).');

  const paths: Record<string, PathItemObject> = {
    [`${TEAM_API}/submissions`]: {
      get: operation({
        operationId: 'teamInbox',
        summary: 'The inbox: submissions newest first, a page at a time, with counts per kind',
        description: needs('inbox'),
        security: session,
        parameters: queryParameters(inboxQuerySchema),
        responses: {
          '200': { description: 'One page.', content: json(ref('schemas', 'TeamInbox')) },
          '400': ref('responses', 'BadRequest'),
          ...forbidden,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/submissions/{submissionId}`]: {
      get: operation({
        operationId: 'teamSubmission',
        summary: 'One submission with its files and review',
        description: needs('inbox'),
        security: session,
        parameters: [submissionId],
        responses: {
          '200': { description: 'The submission.', content: json(ref('schemas', 'TeamSubmission')) },
          '404': error('No such submission.'),
          ...forbidden,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/submissions/{submissionId}/review`]: {
      post: operation({
        operationId: 'teamReview',
        summary: 'Change the status or the private note; the change joins the history',
        description: needs('inbox'),
        security: session,
        parameters: [submissionId, csrfParameter],
        requestBody: body('TeamReviewRequest'),
        responses: {
          '200': { description: 'The submission as it is now.', content: json(ref('schemas', 'TeamSubmission')) },
          '404': error('No such submission.'),
          ...jsonBody,
          ...csrf,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/submissions/{submissionId}/files/{fileId}`]: {
      get: operation({
        operationId: 'teamDownloadFile',
        summary: 'A file of the submission, as an attachment',
        description: needs('inbox'),
        security: session,
        parameters: [submissionId, idParameter('fileId', 'The file id (from the submission).')],
        responses: {
          '200': attachment('The file as uploaded, never rendered by the browser (nosniff, sandboxing CSP).', [
            'application/octet-stream',
            '*/*',
          ]),
          '404': error('No such file in this submission.'),
          ...forbidden,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/export`]: {
      get: operation({
        operationId: 'teamExport',
        summary: 'The submissions of a filter as CSV or an Excel workbook',
        description: needs(
          'inbox',
          'Newest first. CSV: every cell quoted, no cell starts a formula whichever list separator is used. ' +
            'xlsx: every cell is a text cell, never a formula.',
        ),
        security: session,
        parameters: queryParameters(teamExportQuerySchema),
        responses: {
          '200': attachment('The file, as an attachment.', [
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ]),
          '400': ref('responses', 'BadRequest'),
          ...signInAgain,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/erase`]: {
      post: operation({
        operationId: 'teamErase',
        summary: 'Erase a person: every submission and file sent with one email address',
        description: needs(
          'inbox',
          'Shared self-assessments are anonymous (they hold no address), so none can be attributed. An audit entry records ' +
            'who erased how many records and when, without the address.',
        ),
        security: session,
        parameters: [csrfParameter],
        requestBody: body('TeamEraseRequest'),
        responses: {
          '200': { description: 'What was deleted.', content: json(ref('schemas', 'TeamErasure')) },
          ...jsonBody,
          '403': error(
            `The ${CSRF_HEADER} header is missing or is not the session's, the signed-in person’s roles do not include what this needs, or the session was started by a link more than 15 minutes ago: erasure needs a fresh sign-in link.`,
          ),
          ...signedIn,
        },
      }),
    },
  };

  const schemas: Record<string, JsonSchema> = {
    TeamInbox: responseSchema(inboxSchema),
    TeamSubmission: responseSchema(teamSubmissionSchema),
    TeamReviewRequest: {
      ...requestSchema(reviewRequestSchema),
      examples: [{ status: 'in-progress', note: 'Called back on Monday.' }],
    },
    TeamEraseRequest: { ...requestSchema(eraseRequestSchema), examples: [{ email: 'someone.else@example.org' }] },
    TeamErasure: responseSchema(erasureSchema),
  };

  for (const route of CONSOLE_ROUTES) {
    const declared = consoleOperation(route, jsonKb);
    paths[declared.path] = { ...paths[declared.path], [declared.method]: declared.operation };
    Object.assign(schemas, declared.schemas);
  }

  return {
    paths,
    schemas,
    securitySchemes: {
      teamSession: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'The session cookie the team console gets by following an emailed sign-in link.',
      },
    },
  };
}
