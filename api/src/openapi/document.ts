/**
 * The OpenAPI 3.1 contract of the API, served at GET /api/openapi.json. Request bodies and the
 * export's query come from the zod schemas the routes validate with (@wpc/shared/schemas and
 * exportQuerySchema); answers from ./responses; limits from the running configuration.
 */
import {
  ENDPOINT_FORMS,
  ENDPOINT_KINDS,
  endpointPath,
  FEEDBACK_FILE_EXTENSIONS,
  FORMS,
  formSchema,
  HONEYPOT_FIELD,
  isMultiline,
  type EndpointKind,
  type FieldDefinition,
  type FormId,
} from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../http/idempotency';
import type { LimitTexts } from '../http/route';
import type { PublicRoute } from '../http/public-route';
import { ADMIN_ROUTES } from '../routes/admin';
import { ASSESSMENT_ROUTES } from '../routes/assessment';
import { HEALTH_ROUTE } from '../routes/health';
import { UPLOAD_CONTENT_TYPES } from '../uploads/files';
import { IMPACT_ROUTES } from '../impact/routes';
import { requestSchema, responseSchema, type JsonSchema } from './json-schema';
import { formPostsDocument } from './form-posts';
import { CONSOLE_ROUTES } from '../team/declarations';
import { SESSION_COOKIE } from '../team/session';
import type {
  HeaderObject,
  MediaTypeObject,
  OpenApiDocument,
  ParameterObject,
  PathItemObject,
  Reference,
  ResponseObject,
} from './types';
import { UPDATES_ROUTES } from '../updates/routes';
import { UPDATES_TEAM_ROUTES } from '../updates/team-routes';
import { EDITOR_ROUTES } from '../content/editor-routes';
import { PUBLIC_CONTENT_ROUTES } from '../content/public-routes';
import { declaredPaths, type DocumentPart } from './operations';
import {
  assessmentRowSchema,
  badRequestSchema,
  errorSchema,
  keyReusedSchema,
  okSchema,
  submissionRowSchema,
  tooLargeSchema,
  unsupportedTypeSchema,
} from './responses';

export const OPENAPI_PATH = '/api/openapi.json';

/** This document: its route is mounted by routes/openapi.ts, which gives it the built text. */
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

// The document's object types live in types.ts, which the parts that add to it import.
export type {
  HeaderObject,
  HttpMethod,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  Reference,
  ResponseObject,
} from './types';

const ref = (kind: 'schemas' | 'responses' | 'headers' | 'parameters', name: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
});

const json = (schema: JsonSchema | Reference): Record<string, MediaTypeObject> => ({
  'application/json': { schema },
});

function errorResponse(description: string, schema: string, headers?: ResponseObject['headers']): ResponseObject {
  return { description, ...(headers ? { headers } : {}), content: json(ref('schemas', schema)) };
}

/** What the shared text rules (text-rules.ts) ask of a typed field, in words: JSON Schema cannot say it. */
function fieldDescription(field: FieldDefinition): string {
  const characters = isMultiline(field)
    ? 'Tabs and line breaks are allowed; other control characters and text-direction overrides are not.'
    : 'One line: no control characters, line breaks or text-direction overrides.';
  const visible = field.required ? ' Needs at least one letter, digit, punctuation mark or symbol.' : '';
  return `${field.label}. Trimmed before its length is checked. ${characters}${visible}`;
}

/** Sample values for the documented examples, by field name (sample content, not real people). */
const EXAMPLE_TEXT: Readonly<Record<string, string>> = {
  pageName: 'feedback',
  firstName: 'Maria',
  lastName: 'Hernández',
  email: 'maria.hernandez@example.org',
  organization: 'Ridge Valley Fire Safe Council',
  role: 'Volunteer coordinator',
  zipCode: '95969',
  zip: '95969',
  message: 'We would like to run the scorecard with our council this spring.',
  links: 'https://example.org/evacuation-map.pdf',
};

/** A body of one form shape the API accepts: every field with a sample value, the first flag ticked. */
function exampleBody(id: FormId, multipart: boolean): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  const flags = FORMS[id].fields.filter((field) => field.type === 'checkbox');
  for (const field of FORMS[id].fields) {
    if (field.type === 'files') continue;
    if (field.type === 'checkbox') {
      const ticked = field === flags[0];
      body[field.name] = multipart ? String(ticked) : ticked;
      continue;
    }
    const value = EXAMPLE_TEXT[field.name];
    if (value !== undefined) body[field.name] = value;
    else if (field.required) throw new Error(`The OpenAPI example of ${id} has no value for ${field.name}.`);
  }
  return body;
}

/** One form shape as JSON Schema, with each field described and an example. */
function formBodySchema(id: FormId, multipart: boolean): JsonSchema {
  const schema = requestSchema(formSchema(id, { multipart }));
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const field of FORMS[id].fields) {
    const property = properties[field.name];
    if (!property) continue;
    property.description = field.type === 'checkbox' ? `${field.label} (default false).` : fieldDescription(field);
  }
  if (properties.scorecardForm) properties.scorecardForm.description = 'Sent from a scorecard page.';
  if (properties[HONEYPOT_FIELD]) {
    properties[HONEYPOT_FIELD].description =
      'Leave empty: a value marks the sender as a bot (answered 200, nothing stored).';
  }
  return { title: FORMS[id].title, ...schema, examples: [exampleBody(id, multipart)] };
}

/**
 * The body of one endpoint, by reference to its form shapes. Where an endpoint takes two
 * (subscribe, contact), a body with a `zip` key is read as the scorecard page's shape and any
 * other as the pop-up's (formForBody), so the pop-up shape excludes `zip`.
 */
function endpointBodySchema(kind: EndpointKind): JsonSchema | Reference {
  const variants = ENDPOINT_FORMS[kind];
  if (variants.length === 1) return ref('schemas', schemaName(variants[0]!));
  return {
    anyOf: variants.map((id) =>
      FORMS[id].fields.some((field) => field.name === 'zip')
        ? ref('schemas', schemaName(id))
        : { ...ref('schemas', schemaName(id)), not: { required: ['zip'] } },
    ),
  };
}

function schemaName(id: FormId, multipart = false): string {
  return `${id[0]!.toUpperCase()}${id.slice(1)}Form${multipart ? 'Multipart' : ''}`;
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

const rateLimitHeaders = {
  RateLimit: ref('headers', 'RateLimit'),
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
};

const storeErrors = {
  '429': ref('responses', 'TooManyRequests'),
  '500': ref('responses', 'InternalError'),
  '503': ref('responses', 'ServiceUnavailable'),
};

/** The 200 of a stored form submission or shared result. */
const storedAnswer = (what: string): ResponseObject => ({
  description: `Stored (or a honeypot ${what} dropped, or a repeat of a stored one).`,
  headers: { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'), ...rateLimitHeaders },
  content: json(ref('schemas', 'Ok')),
});

const idempotencyKeyReused = errorResponse(
  `The ${IDEMPOTENCY_HEADER} was already used for different content; send it with a new key.`,
  'IdempotencyKeyReused',
);

/** The answer shapes, the self-assessment share and each form shape sent as JSON. */
function sharedSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {
    Ok: responseSchema(okSchema),
    Error: responseSchema(errorSchema),
    BadRequest: responseSchema(badRequestSchema),
    PayloadTooLarge: responseSchema(tooLargeSchema),
    UnsupportedMediaType: responseSchema(unsupportedTypeSchema),
    IdempotencyKeyReused: responseSchema(keyReusedSchema),
    SubmissionRow: responseSchema(submissionRowSchema),
    AssessmentRow: responseSchema(assessmentRowSchema),
  };
  for (const kind of ENDPOINT_KINDS) {
    for (const id of ENDPOINT_FORMS[kind]) schemas[schemaName(id)] = formBodySchema(id, false);
  }
  return schemas;
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
      ...rateLimitHeaders,
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

/** POST of each form endpoint; the feedback form's multipart schema joins the schemas. */
function formPaths({ jsonKb, fileMb, maxFiles }: LimitTexts): DocumentPart {
  const paths: Record<string, PathItemObject> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const kind of ENDPOINT_KINDS) {
    const variants = ENDPOINT_FORMS[kind];
    const content: Record<string, MediaTypeObject> = json(endpointBodySchema(kind));
    let description = `Stores one ${FORMS[variants[0]!].title} submission. Unknown fields are dropped. JSON bodies up to ${jsonKb} KB.`;
    if (variants.length > 1) {
      description += ` Two shapes: ${variants.map((id) => `${schemaName(id)}`).join(' and ')}; a body with a zip key is read as the second.`;
    }
    if (FORMS[variants[0]!].multipart) {
      schemas[schemaName(variants[0]!, true)] = multipartSchema(variants[0]!, maxFiles);
      // No per-part encoding: the API reads no part's Content-Type, it sniffs the bytes.
      content['multipart/form-data'] = { schema: ref('schemas', schemaName(variants[0]!, true)) };
      description +=
        ` Or multipart/form-data with files in the files field: at most ${maxFiles} files of at most ${fileMb} MB each,` +
        ` extensions ${FEEDBACK_FILE_EXTENSIONS.join(', ')}; each file's bytes must match its extension (else 415), whatever Content-Type its part` +
        ` names. A file is stored as ${[...new Set(Object.values(UPLOAD_CONTENT_TYPES))].join(', ')}.` +
        ` Flags are sent as "true"/"false".`;
    }
    paths[endpointPath(kind)] = {
      post: {
        operationId: `submit${kind[0]!.toUpperCase()}${kind.slice(1)}Form`,
        summary: `Send the ${FORMS[variants[0]!].title} form`,
        description,
        tags: ['forms'],
        parameters: [ref('parameters', 'IdempotencyKey')],
        requestBody: { required: true, content },
        responses: {
          '200': storedAnswer('submission'),
          '400': ref('responses', 'BadRequest'),
          '408': ref('responses', 'RequestTimeout'),
          '413': ref('responses', 'PayloadTooLarge'),
          '415': ref('responses', 'UnsupportedMediaType'),
          '422': idempotencyKeyReused,
          ...storeErrors,
        },
      },
    };
  }
  return { paths, schemas };
}

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

/** Published content (open), and the editor's routes, which are the team console's too (behind its session). */
function contentDocument(limits: LimitTexts): DocumentPart {
  const open = declaredPaths(PUBLIC_CONTENT_ROUTES, limits);
  const editor = declaredPaths(EDITOR_ROUTES, limits, ['team', 'content']);
  return { paths: { ...open.paths, ...editor.paths }, schemas: { ...open.schemas, ...editor.schemas } };
}

/** The OpenAPI document for an API with these limits (openApiRoutes builds it once per app, on first use). */
export function openApiDocument(limits: DocumentLimits): OpenApiDocument {
  const texts = limitTexts(limits);
  const { rateLimitText } = texts;
  const forms = formPaths(texts);
  // Insertion order is the served order.
  const parts: DocumentPart[] = [
    { paths: forms.paths, schemas: { ...sharedSchemas(), ...forms.schemas } },
    declaredPaths([...ASSESSMENT_ROUTES, HEALTH_ROUTE, ...ADMIN_ROUTES], texts),
    formPostsDocument(),
    declaredPaths(CONSOLE_ROUTES, texts),
    declaredPaths([...UPDATES_ROUTES, ...UPDATES_TEAM_ROUTES], texts),
    contentDocument(texts),
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

/** The feedback form as multipart/form-data: its fields as text parts, flags as "true"/"false", and the files. */
function multipartSchema(id: FormId, maxFiles: number): JsonSchema {
  const schema = formBodySchema(id, true);
  const properties = schema.properties as Record<string, JsonSchema>;
  properties.files = {
    type: 'array',
    maxItems: maxFiles,
    description: `Up to ${maxFiles} files.`,
    items: { type: 'string', contentMediaType: 'application/octet-stream' },
  };
  return schema;
}
