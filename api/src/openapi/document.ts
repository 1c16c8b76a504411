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
import type { LimitTexts, SharedAnswer } from '../http/route';
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
import { jsonSchema } from './json-schema';
import { declaredPaths, json } from './operations';
import * as answers from '@wpc/shared/answers';
import { ref, type HeaderObject, type ParameterObject, type ResponseObject } from '../http/openapi-types';

// The tests read the document through these types.
export type { OperationObject, ResponseObject } from '../http/openapi-types';
export type OpenApiDocument = ReturnType<typeof openApiDocument>;

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

/** Each value of a record through `f`, keys and order kept. */
const mapValues = <T, U>(record: Record<string, T>, f: (value: T, key: string) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value, key)]));

/** The answer shapes the document's responses and declared answers name. */
const SHARED_SCHEMAS = {
  Ok: answers.okSchema,
  Error: answers.errorSchema,
  BadRequest: answers.badRequestSchema,
  PayloadTooLarge: answers.tooLargeSchema,
  UnsupportedMediaType: answers.unsupportedTypeSchema,
  IdempotencyKeyReused: answers.keyReusedSchema,
  SubmissionRow: answers.submissionRowSchema,
  AssessmentRow: answers.assessmentRowSchema,
};

/** The running limits the document states. */
export type DocumentLimits = Pick<ApiConfig, 'jsonLimitBytes' | 'uploads' | 'rateLimit'>;

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

/** The shared error answers, each of the answer shape of its name, or else of `Error`. */
function sharedResponses({ jsonKb, fileMb, maxFiles, rateLimitText }: LimitTexts): Record<string, ResponseObject> {
  const retryAfter = { 'Retry-After': ref('headers', 'RetryAfter') };
  const headers: Record<string, ResponseObject['headers']> = {
    TooManyRequests: { ...retryAfter, ...RATE_LIMIT_HEADERS },
    ServiceUnavailable: retryAfter,
  };
  const descriptions: Record<SharedAnswer, string> = {
    BadRequest: 'The request was refused as it is (invalid JSON, a refused field or header); nothing was stored.',
    RequestTimeout: 'The body did not arrive in time; the connection is closed.',
    PayloadTooLarge: `Too large: a JSON body over ${jsonKb} KB, a file over ${fileMb} MB, more than ${maxFiles} files, or too many or too long form parts.`,
    UnsupportedMediaType:
      'The body is not of an accepted media type (or not UTF-8), or a file is not of an accepted type.',
    TooManyRequests: `Rate limited. ${rateLimitText}`,
    ServiceUnavailable: 'The store is briefly unavailable; nothing was stored. Try again.',
    InternalError: 'An unexpected failure on the server.',
  };
  return mapValues(descriptions, (description, name) => ({
    description,
    ...(headers[name] && { headers: headers[name] }),
    content: json(ref('schemas', name in SHARED_SCHEMAS ? name : 'Error')),
  }));
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

/** The document's tags, by name. */
const TAGS: Record<string, string> = {
  forms: 'The eight contact, sign-up and feedback forms.',
  'self-assessment': 'Anonymised scorecard results and the comparison built from them.',
  team: 'Export for the team, behind a bearer token; the team console, behind a session from an emailed link.',
  updates:
    'Confirming, choosing lists and leaving, by the token of an emailed link (no session); the web versions of sent updates.',
  content: 'Published content for the remotes, and the team’s editor (issue 28).',
  impact: 'Anonymous counts of views and outcomes, and the public reach line (issue 40).',
  operations: 'Health and this contract.',
};

/** Every declared route, in the served order. */
const ROUTES = [
  ...SUBMIT_ROUTES,
  ...ASSESSMENT_ROUTES,
  HEALTH_ROUTE,
  ...ADMIN_ROUTES,
  FORM_POST_ROUTE,
  ...CONSOLE_ROUTES,
  ...UPDATES_ROUTES,
  ...UPDATES_TEAM_ROUTES,
  ...PUBLIC_CONTENT_ROUTES,
  // The editor's routes are the team console's too (behind its session).
  ...EDITOR_ROUTES.map((route) => ({ ...route, tags: route.tags ?? ['team', 'content'] })),
  ...IMPACT_ROUTES,
  OPENAPI_ROUTE,
];

/** The OpenAPI document for an API with these limits (openApiRoutes builds it once per app, on first use). */
export function openApiDocument(limits: DocumentLimits) {
  const texts = limitTexts(limits);
  const { rateLimitText } = texts;
  const { paths, schemas } = declaredPaths(ROUTES, texts);
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Wildfire-prevention consortium site API',
      version: '1.0.0',
      description:
        'The forms, self-assessment sharing, health check and team export of the consortium site. Every error answer is ' +
        `JSON with an error message. Form submissions and shared results share one rate limit: ${rateLimitText}`,
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: {
        ...mapValues(SHARED_SCHEMAS, (schema) => jsonSchema(schema, 'output')),
        ...formShapes(texts.maxFiles),
        ...schemas,
      },
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
