/**
 * The OpenAPI 3.1 contract of the API, served at GET /api/openapi.json: every declared route's
 * operation (./operations.ts), the form shapes (./form-shapes.ts), the shared answers, headers
 * and parameters, and the limits of the running configuration.
 */
import type { ApiConfig } from '../config';
import { EDITOR_ROUTES } from '../team/editor-routes';
import { PUBLIC_CONTENT_ROUTES } from '../content/public-routes';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../http/idempotency';
import type { PublicRoute } from '../http/public-route';
import type { LimitTexts } from '../http/route';
import { IMPACT_ROUTES } from '../impact/routes';
import { ADMIN_ROUTES } from '../routes/admin';
import { RATE_LIMIT_HEADERS } from '../routes/answers';
import { ASSESSMENT_ROUTES } from '../routes/assessment';
import { FORM_POST_ROUTE } from '../routes/form-posts';
import { HEALTH_ROUTE } from '../routes/health';
import { SUBMIT_ROUTES } from '../routes/submit';
import { CONSOLE_ROUTES } from '../team/declarations';
import { SESSION_COOKIE } from '../team/session';
import { UPDATES_ROUTES } from '../updates/routes';
import { UPDATES_TEAM_ROUTES } from '../team/updates-routes';
import { formShapes } from './form-shapes';
import { responseSchema, type JsonSchema } from './json-schema';
import { declaredPaths, json, type DocumentPart } from './operations';
import {
  assessmentRowSchema,
  badRequestSchema,
  errorSchema,
  keyReusedSchema,
  okSchema,
  submissionRowSchema,
  tooLargeSchema,
  unsupportedTypeSchema,
} from '@wpc/shared/answers';
import {
  ref,
  type HeaderObject,
  type OpenApiDocument,
  type ParameterObject,
  type PathItemObject,
  type ResponseObject,
} from '../http/openapi-types';

// The tests read the document through these types.
export type { OpenApiDocument, OperationObject, ResponseObject } from '../http/openapi-types';

export const OPENAPI_PATH = '/api/openapi.json';

/** This document: its route is mounted by ./routes.ts, which gives it the built text. */
export const OPENAPI_ROUTE: PublicRoute<{ readonly contract: () => string }> = {
  method: 'GET',
  path: OPENAPI_PATH,
  operationId: 'openApiDocument',
  summary: 'This document',
  tags: ['operations'],
  answers: { 200: { description: 'The OpenAPI 3.1 document.', json: { type: 'object' } } },
  handler:
    ({ contract }) =>
    ({ res }) => {
      res.set('Cache-Control', 'public, max-age=300');
      res.type('application/json; charset=utf-8').send(contract());
    },
};

function errorResponse(description: string, schema: string, headers?: ResponseObject['headers']): ResponseObject {
  return { description, ...(headers ? { headers } : {}), content: json(ref('schemas', schema)) };
}

/** The answer shapes the document's responses and declared answers name. */
function sharedSchemas(): Record<string, JsonSchema> {
  return {
    Ok: responseSchema(okSchema),
    Error: responseSchema(errorSchema),
    BadRequest: responseSchema(badRequestSchema),
    PayloadTooLarge: responseSchema(tooLargeSchema),
    UnsupportedMediaType: responseSchema(unsupportedTypeSchema),
    IdempotencyKeyReused: responseSchema(keyReusedSchema),
    SubmissionRow: responseSchema(submissionRowSchema),
    AssessmentRow: responseSchema(assessmentRowSchema),
  };
}

export interface DocumentLimits {
  readonly jsonLimitBytes: number;
  readonly uploads: Pick<ApiConfig['uploads'], 'maxFiles' | 'maxFileBytes'>;
  readonly rateLimit: ApiConfig['rateLimit'];
}

function limitTexts({ jsonLimitBytes, uploads, rateLimit }: DocumentLimits): LimitTexts {
  return {
    jsonKb: Math.round(jsonLimitBytes / 1024),
    fileMb: Math.round(uploads.maxFileBytes / (1024 * 1024)),
    maxFiles: uploads.maxFiles,
    rateLimitText:
      rateLimit.max === 0
        ? 'The rate limit is switched off on this server.'
        : `At most ${rateLimit.max} per client address per ${Math.round(rateLimit.windowMs / 1000)} s.`,
  };
}

function sharedResponses({ jsonKb, fileMb, maxFiles, rateLimitText }: LimitTexts): Record<string, ResponseObject> {
  return {
    BadRequest: errorResponse(
      'The request was refused as it is (invalid JSON, a refused field or header); nothing was stored.',
      'BadRequest',
    ),
    RequestTimeout: errorResponse('The body did not arrive in time; the connection is closed.', 'Error'),
    PayloadTooLarge: errorResponse(
      `Too large: a JSON body over ${jsonKb} KB, a file over ${fileMb} MB, more than ${maxFiles} files, or too many or too long form parts.`,
      'PayloadTooLarge',
    ),
    UnsupportedMediaType: errorResponse(
      'The body is not of an accepted media type (or not UTF-8), or a file is not of an accepted type.',
      'UnsupportedMediaType',
    ),
    TooManyRequests: errorResponse(`Rate limited. ${rateLimitText}`, 'Error', {
      'Retry-After': ref('headers', 'RetryAfter'),
      ...RATE_LIMIT_HEADERS,
    }),
    ServiceUnavailable: errorResponse('The store is briefly unavailable; nothing was stored. Try again.', 'Error', {
      'Retry-After': ref('headers', 'RetryAfter'),
    }),
    InternalError: errorResponse('An unexpected failure on the server.', 'Error'),
  };
}

function sharedHeaders(rateLimitText: string): Record<string, HeaderObject> {
  return {
    RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^\\d+$' } },
    RateLimit: {
      description: `The remaining budget of the client address (IETF draft 8). ${rateLimitText}`,
      schema: { type: 'string' },
    },
    RateLimitPolicy: { description: 'The rate-limit policy (IETF draft 8).', schema: { type: 'string' } },
    IdempotentReplayed: {
      description: `"true" when the same ${IDEMPOTENCY_HEADER} and content were already stored: nothing new was stored.`,
      schema: { type: 'string', enum: ['true'] },
    },
    CacheControl: { description: 'How long the answer may be reused.', schema: { type: 'string' } },
  };
}

const sharedParameters: Record<string, ParameterObject> = {
  IdempotencyKey: {
    name: IDEMPOTENCY_HEADER,
    in: 'header',
    required: false,
    description:
      'One key per submission attempt (the site sends a UUID), sent again unchanged with a retry of the same values. ' +
      `The same key with the same content is answered 200 with Idempotent-Replayed: true and stored once; with other content 422.`,
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
  },
};

const TAGS: OpenApiDocument['tags'] = [
  { name: 'forms', description: 'The eight contact, sign-up and feedback forms.' },
  { name: 'self-assessment', description: 'Anonymised scorecard results and the comparison built from them.' },
  {
    name: 'team',
    description: 'Export for the team, behind a bearer token; the team console, behind a session from an emailed link.',
  },
  {
    name: 'updates',
    description:
      'Confirming, choosing lists and leaving, by the token of an emailed link (no session); the web versions of sent updates.',
  },
  { name: 'content', description: 'Published content for the remotes, and the team’s editor (issue 28).' },
  { name: 'impact', description: 'Anonymous counts of views and outcomes, and the public reach line (issue 40).' },
  { name: 'operations', description: 'Health and this contract.' },
];

/** The OpenAPI document for an API with these limits (openApiRoutes builds it once per app, on first use). */
export function openApiDocument(limits: DocumentLimits): OpenApiDocument {
  const texts = limitTexts(limits);
  const { rateLimitText } = texts;
  // Insertion order is the served order.
  const parts: DocumentPart[] = [
    { paths: {}, schemas: { ...sharedSchemas(), ...formShapes(texts.maxFiles) } },
    declaredPaths([...SUBMIT_ROUTES, ...ASSESSMENT_ROUTES, HEALTH_ROUTE, ...ADMIN_ROUTES, FORM_POST_ROUTE], texts),
    declaredPaths(CONSOLE_ROUTES, texts),
    declaredPaths([...UPDATES_ROUTES, ...UPDATES_TEAM_ROUTES], texts),
    declaredPaths(PUBLIC_CONTENT_ROUTES, texts),
    // The editor's routes are the team console's too (behind its session).
    declaredPaths(EDITOR_ROUTES, texts, ['team', 'content']),
    declaredPaths([...IMPACT_ROUTES, OPENAPI_ROUTE], texts),
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wildfire-prevention consortium site API',
      version: '1.0.0',
      description:
        'The forms, self-assessment sharing, health check and team export of the consortium site. Every error answer is ' +
        `JSON with an error message. Form submissions and shared results share one rate limit: ${rateLimitText}`,
    },
    tags: TAGS,
    paths: Object.assign({}, ...parts.map((part) => part.paths)) as Record<string, PathItemObject>,
    components: {
      schemas: Object.assign({}, ...parts.map((part) => part.schemas)) as Record<string, JsonSchema>,
      responses: sharedResponses(texts),
      headers: sharedHeaders(rateLimitText),
      parameters: sharedParameters,
      securitySchemes: {
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'ADMIN_TOKEN of the server (at least 32 characters); the export is off without it.',
        },
        teamSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie the team console gets by following an emailed sign-in link.',
        },
      },
    },
  };
}
