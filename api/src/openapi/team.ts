/**
 * The team console's part of the OpenAPI document: /api/team/..., behind the session cookie
 * (and X-CSRF-Token for changes). Request schemas come from the zod schemas the routes check with.
 */
import { z } from 'zod';
import { ENDPOINT_KINDS, FORMS, type FormId } from '@wpc/shared/schemas';
import { REVIEW_STATUSES } from '../store';
import { TEAM_API } from '../routes/team';
import {
  eraseRequestSchema,
  ID_PATTERN,
  inboxQuerySchema,
  reviewRequestSchema,
  sessionRequestSchema,
  signInRequestSchema,
  teamExportQuerySchema,
} from '../team/params';
import { CSRF_HEADER, SESSION_COOKIE } from '../team/session';
import { requestSchema, responseSchema, type JsonSchema } from './json-schema';
import type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  Reference,
  ResponseObject,
} from './types';

const message = z.string();
const timestamp = z.iso.datetime();
const status = z.enum(REVIEW_STATUSES);

const signInAcceptedSchema = z.strictObject({ message });
const sessionSchema = z.strictObject({ signedIn: z.literal(true), email: z.string(), csrfToken: z.string() });
const currentSessionSchema = z.union([sessionSchema, z.strictObject({ signedIn: z.literal(false) })]);
const inboxSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      id: z.string(),
      form: z.enum(ENDPOINT_KINDS),
      receivedAt: timestamp,
      name: z.string(),
      organization: z.string(),
      email: z.string(),
      status,
      files: z.int().min(0),
    }),
  ),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
  counts: z.strictObject(Object.fromEntries(ENDPOINT_KINDS.map((kind) => [kind, z.int().min(0)]))),
});
const teamSubmissionSchema = z.strictObject({
  id: z.string(),
  form: z.enum(ENDPOINT_KINDS),
  variant: z.enum(Object.keys(FORMS) as FormId[]),
  receivedAt: timestamp,
  page: z.string().nullable(),
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
  files: z.array(z.strictObject({ id: z.string(), name: z.string(), contentType: z.string(), size: z.int().min(0) })),
  review: z.strictObject({
    status,
    note: z.string(),
    history: z.array(
      z.strictObject({
        at: timestamp,
        by: z.string(),
        status: z.strictObject({ from: status, to: status }).optional(),
        note: z.enum(['added', 'changed', 'removed']).optional(),
      }),
    ),
  }),
});
const erasureSchema = z.strictObject({
  submissions: z.int().min(0),
  files: z.int().min(0),
  assessments: z.int().min(0),
});

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
});
const json = (schema: JsonSchema | Reference): Record<string, MediaTypeObject> => ({ 'application/json': { schema } });

function queryParameters(schema: z.ZodType): ParameterObject[] {
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

const csrfParameter: ParameterObject = {
  name: CSRF_HEADER,
  in: 'header',
  required: true,
  description: 'The csrfToken of the session (GET /api/team/session); a change without it is refused with 403.',
  schema: { type: 'string' },
};

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
    '401': error('Not signed in: no session, or it ended (sign-out, or 12 hours without a request).'),
    ...common,
  };
  const jsonBody = {
    '400': ref('responses', 'BadRequest'),
    '408': ref('responses', 'RequestTimeout'),
    '413': ref('responses', 'PayloadTooLarge'),
    '415': error(`Not application/json (JSON bodies up to ${jsonKb} KB).`),
  };
  const csrf = { '403': error(`The ${CSRF_HEADER} header is missing or is not the session's.`) };
  const rateLimited = {
    '429': error('Too many sign-in attempts from this address: at most 10 per 15 minutes.'),
  };
  const session = [{ teamSession: [] }];
  const operation = (op: Omit<OperationObject, 'tags'>): OperationObject => ({ ...op, tags: ['team'] });
  const body = (schema: string) => ({ required: true, content: json(ref('schemas', schema)) });
  const submissionId = idParameter('submissionId', 'The submission id (from the inbox).');

  const paths: Record<string, PathItemObject> = {
    [`${TEAM_API}/sign-in`]: {
      post: operation({
        operationId: 'teamSignIn',
        summary: 'Ask for a sign-in link',
        description:
          'A team member (TEAM_EMAILS) receives a link by email that signs in once, within 15 minutes. Every address gets ' +
          'the same answer, so the answer tells nothing about who is on the team.',
        requestBody: body('TeamSignInRequest'),
        responses: {
          '202': {
            description: 'Accepted (whether or not a link is sent).',
            content: json(ref('schemas', 'TeamSignInAccepted')),
          },
          ...jsonBody,
          ...rateLimited,
          ...common,
        },
      }),
    },
    [`${TEAM_API}/session`]: {
      post: operation({
        operationId: 'teamStartSession',
        summary: 'Follow a sign-in link: start a session',
        description: `Sets the ${SESSION_COOKIE} cookie (HttpOnly, SameSite=Strict, Secure in production). A link works once.`,
        requestBody: body('TeamSessionRequest'),
        responses: {
          '201': {
            description: 'Signed in.',
            headers: {
              'Set-Cookie': {
                description: `${SESSION_COOKIE}=...; Path=/api/team; HttpOnly; SameSite=Strict`,
                schema: { type: 'string' },
              },
            },
            content: json(ref('schemas', 'TeamSession')),
          },
          '401': error('The link expired (15 minutes) or was already used.'),
          ...jsonBody,
          ...common,
        },
      }),
      get: operation({
        operationId: 'teamCurrentSession',
        summary: 'Who is signed in, and the CSRF token for changes',
        description: 'Answers signedIn: false without a session (or after it ended), rather than an error.',
        security: [...session, {}],
        responses: {
          '200': {
            description: 'The session, or signedIn: false.',
            content: json(ref('schemas', 'TeamCurrentSession')),
          },
          ...common,
        },
      }),
    },
    [`${TEAM_API}/submissions`]: {
      get: operation({
        operationId: 'teamInbox',
        summary: 'The inbox: submissions newest first, a page at a time, with counts per kind',
        security: session,
        parameters: queryParameters(inboxQuerySchema),
        responses: {
          '200': { description: 'One page.', content: json(ref('schemas', 'TeamInbox')) },
          '400': ref('responses', 'BadRequest'),
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/submissions/{submissionId}`]: {
      get: operation({
        operationId: 'teamSubmission',
        summary: 'One submission with its files and review',
        security: session,
        parameters: [submissionId],
        responses: {
          '200': { description: 'The submission.', content: json(ref('schemas', 'TeamSubmission')) },
          '404': error('No such submission.'),
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/submissions/{submissionId}/review`]: {
      post: operation({
        operationId: 'teamReview',
        summary: 'Change the status or the private note; the change joins the history',
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
        security: session,
        parameters: [submissionId, idParameter('fileId', 'The file id (from the submission).')],
        responses: {
          '200': {
            description: 'The file as uploaded, never rendered by the browser (nosniff, sandboxing CSP).',
            headers: { 'Content-Disposition': { description: 'attachment; filename=...', schema: { type: 'string' } } },
            content: {
              'application/octet-stream': { schema: { type: 'string' } },
              '*/*': { schema: { type: 'string' } },
            },
          },
          '404': error('No such file in this submission.'),
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/export`]: {
      get: operation({
        operationId: 'teamExport',
        summary: 'The submissions of a filter as CSV or an Excel workbook',
        description:
          'Newest first. CSV: every cell quoted, no cell starts a formula whichever list separator is used. ' +
          'xlsx: every cell is a text cell, never a formula.',
        security: session,
        parameters: queryParameters(teamExportQuerySchema),
        responses: {
          '200': {
            description: 'The file, as an attachment.',
            headers: { 'Content-Disposition': { description: 'attachment; filename=...', schema: { type: 'string' } } },
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string' } },
            },
          },
          '400': ref('responses', 'BadRequest'),
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/erase`]: {
      post: operation({
        operationId: 'teamErase',
        summary: 'Erase a person: every submission and file sent with one email address',
        description:
          'Shared self-assessments are anonymous (they hold no address), so none can be attributed. An audit entry records ' +
          'who erased how many records and when, without the address.',
        security: session,
        parameters: [csrfParameter],
        requestBody: body('TeamEraseRequest'),
        responses: {
          '200': { description: 'What was deleted.', content: json(ref('schemas', 'TeamErasure')) },
          ...jsonBody,
          ...csrf,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/sign-out`]: {
      post: operation({
        operationId: 'teamSignOut',
        summary: 'End the session',
        security: session,
        parameters: [csrfParameter],
        responses: { '200': { description: 'Signed out.', content: json(ref('schemas', 'Ok')) }, ...csrf, ...signedIn },
      }),
    },
  };

  const schemas: Record<string, JsonSchema> = {
    TeamSignInRequest: { ...requestSchema(signInRequestSchema), examples: [{ email: 'coordinator@example.org' }] },
    TeamSignInAccepted: responseSchema(signInAcceptedSchema),
    TeamSessionRequest: requestSchema(sessionRequestSchema),
    TeamSession: responseSchema(sessionSchema),
    TeamCurrentSession: responseSchema(currentSessionSchema),
    TeamInbox: responseSchema(inboxSchema),
    TeamSubmission: responseSchema(teamSubmissionSchema),
    TeamReviewRequest: {
      ...requestSchema(reviewRequestSchema),
      examples: [{ status: 'in-progress', note: 'Called back on Monday.' }],
    },
    TeamEraseRequest: { ...requestSchema(eraseRequestSchema), examples: [{ email: 'someone.else@example.org' }] },
    TeamErasure: responseSchema(erasureSchema),
  };

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

export type InboxResponse = z.infer<typeof inboxSchema>;
export type TeamSubmissionResponse = z.infer<typeof teamSubmissionSchema>;
