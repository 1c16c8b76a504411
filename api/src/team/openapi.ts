/**
 * The team console's part of the OpenAPI document: /api/team/..., behind the session cookie
 * (and X-CSRF-Token for changes), made from the declared routes (console-route.ts): what each
 * may answer follows from its permission, its request and its declared answers.
 */
import { CSRF_HEADER, TEAM_API } from '@wpc/shared/team';
import { ID_PATTERN } from '@wpc/shared/team/schemas';
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

const pathParameter = (
  name: string,
  declared: string | { readonly description: string; readonly pattern: string },
): ParameterObject => {
  const { description, pattern } =
    typeof declared === 'string' ? { description: declared, pattern: ID_PATTERN } : declared;
  return { name, in: 'path', required: true, description, schema: { type: 'string', pattern } };
};

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
  if (route.body || route.emptyBody) {
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
export function consoleOperation(route: ConsoleRoute, jsonKb: number, tags: readonly string[] = ['team']) {
  const path = `${TEAM_API}${route.path.replace(/:(\w+)/g, '{$1}')}`;
  const parameters = [
    ...Object.entries(route.params ?? {}).map(([name, declared]) => pathParameter(name, declared)),
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
    tags: [...tags],
    ...(route.permission !== 'public' && { security: [{ teamSession: [] }] }),
    ...(route.session === 'optional' && { security: [{ teamSession: [] }, {}] }),
    ...(parameters.length > 0 && { parameters }),
    ...(route.body && { requestBody: { required: true, content: json(ref('schemas', route.body.name)) } }),
    ...(route.upload && {
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: ref('schemas', route.upload.name) } },
      },
    }),
    ...(route.emptyBody && {
      requestBody: { required: true, content: json({ type: 'object', additionalProperties: false }) },
    }),
    responses: {
      ...impliedAnswers(route, jsonKb),
      ...Object.fromEntries(answers.map(([status, answer]) => [status, declaredAnswer(answer)])),
    },
  };
  const schemas: Record<string, JsonSchema> = {};
  if (route.body) {
    const { name, schema, examples } = route.body;
    schemas[name] = { ...requestSchema(schema), ...(examples && { examples }) };
  }
  if (route.upload) schemas[route.upload.name] = requestSchema(route.upload.schema);
  for (const [, { schema }] of answers) if (schema) schemas[schema.name] = responseSchema(schema.schema);
  return { path, method: route.method.toLowerCase() as 'get' | 'post', operation, schemas };
}

export interface TeamDocumentPart {
  readonly paths: Record<string, PathItemObject>;
  readonly schemas: Record<string, JsonSchema>;
  readonly securitySchemes: Record<string, JsonSchema>;
}

/** The paths of declared console routes, and the schemas they name. */
export function consolePaths(
  routes: readonly ConsoleRoute[],
  jsonKb: number,
  tags?: readonly string[],
): Omit<TeamDocumentPart, 'securitySchemes'> {
  const paths: Record<string, PathItemObject> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const declared = consoleOperation(route, jsonKb, tags);
    paths[declared.path] = { ...paths[declared.path], [declared.method]: declared.operation };
    Object.assign(schemas, declared.schemas);
  }
  return { paths, schemas };
}

/** The team console's paths, schemas and session scheme. */
export function teamDocument(jsonKb: number): TeamDocumentPart {
  return {
    ...consolePaths(CONSOLE_ROUTES, jsonKb),
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
