/**
 * The OpenAPI operations of the declared routes (http/route.ts), console and open alike:
 * parameters from the path, the query's zod schema and the declared extras; what a console route
 * may answer from its permission and request; schemas from zod's own z.toJSONSchema().
 */
import { CSRF_HEADER, TEAM_API } from '@wpc/shared/team';
import { ID_PATTERN } from '@wpc/shared/team/schemas';
import { z } from 'zod';
import type { PublicRoute } from '../http/public-route';
import type { Answer, ExtraParameter, LimitTexts, Named, RequestBody, RouteDeclaration, Text } from '../http/route';
import type { ConsoleRoute } from '../team/console-route';
import { jsonSchema } from './json-schema';
import {
  ref,
  type HeaderObject,
  type JsonSchema,
  type MediaTypeObject,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type Reference,
  type ResponseObject,
} from '../http/openapi-types';

export const json = (schema: JsonSchema | Reference): Record<string, MediaTypeObject> => ({
  'application/json': { schema },
});

function queryParameters(schema: z.ZodType): ParameterObject[] {
  const query = jsonSchema(schema, 'input');
  const required = new Set((query.required as string[] | undefined) ?? []);
  return Object.entries(query.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const { description = name, ...rest } = property as JsonSchema & { description?: string };
    return { name, in: 'query', required: required.has(name), description, schema: rest };
  });
}

function pathParameter(name: string, declared: NonNullable<RouteDeclaration['params']>[string]): ParameterObject {
  const given: Exclude<typeof declared, string> =
    typeof declared === 'string' ? { description: declared, pattern: ID_PATTERN } : declared;
  const schema = {
    type: 'string',
    ...(given.pattern && { pattern: given.pattern }),
    ...(given.enum && { enum: [...given.enum] }),
  };
  return { name, in: 'path', required: true, description: given.description, schema };
}

function extraParameter(extra: ExtraParameter): (ParameterObject | Reference)[] {
  if ('shared' in extra) return [ref('parameters', extra.shared)];
  if ('query' in extra) return queryParameters(extra.query);
  const { header: name, description, pattern } = extra;
  return [{ name, in: 'header', required: true, description, schema: { type: 'string', ...(pattern && { pattern }) } }];
}

const header = (declared: string | HeaderObject | Reference) =>
  typeof declared === 'string' ? { description: declared, schema: { type: 'string' } } : declared;

const text = (given: Text, limits: LimitTexts) => (typeof given === 'string' ? given : given(limits));

function answer(declared: Answer, limits: LimitTexts): ResponseObject {
  const { schema, json: given, attachment, media, empty, headers } = declared;
  const description = text(declared.description, limits);
  const described = attachment
    ? { 'Content-Disposition': { description: 'attachment; filename=...', schema: { type: 'string' } } }
    : headers && Object.fromEntries(Object.entries(headers).map(([name, declared]) => [name, header(declared)]));
  const headerPart = described && { headers: described };
  if (empty) return { description, ...headerPart };
  const types = attachment ?? media ?? [];
  // JSON, unless the answer is only a file or text; beside them when it names a schema (the export).
  const asJson = types.length === 0 || given || schema ? json(given ?? ref('schemas', schema?.name ?? 'Error')) : {};
  const content = { ...asJson, ...Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])) };
  return { description, ...headerPart, content };
}

/** The 403 of a console route: each refusal its checks make, in words. */
function forbiddenAnswer(route: ConsoleRoute, limits: LimitTexts): ResponseObject {
  const refusals = [
    route.method === 'POST' && `The ${CSRF_HEADER} header is missing or is not the session's`,
    'the signed-in person’s roles do not include what this needs',
    route.fresh &&
      `the session was started by a link more than 15 minutes ago: ${route.method === 'POST' ? 'erasure' : 'personal data'} needs a fresh sign-in link`,
  ].filter((text): text is string => Boolean(text));
  const last = refusals.pop()!;
  const text = refusals.length > 0 ? `${refusals.join(', ')}, or ${last}` : `${last} (its description says)`;
  return answer({ description: `${text[0]!.toUpperCase()}${text.slice(1)}.` }, limits);
}

const NOT_SIGNED_IN =
  'Not signed in: no session, or it ended (sign-out, 12 hours without a request, or the address is no longer an admin or a member).';

/** What every console route may answer, by what it needs: a session, a role, a fresh link, a CSRF token, a JSON body. */
function impliedAnswers(route: ConsoleRoute, limits: LimitTexts): Record<string, ResponseObject | Reference> {
  const answers: Record<string, ResponseObject | Reference> = {};
  if (route.query || route.body || route.emptyBody) answers['400'] = ref('responses', 'BadRequest');
  if (route.body || route.emptyBody) {
    Object.assign(answers, {
      '408': ref('responses', 'RequestTimeout'),
      '413': ref('responses', 'PayloadTooLarge'),
      '415': answer({ description: `Not application/json (JSON bodies up to ${limits.jsonKb} KB).` }, limits),
    });
  }
  if (route.permission !== 'public') {
    answers['403'] = forbiddenAnswer(route, limits);
    answers['401'] = answer({ description: NOT_SIGNED_IN }, limits);
  }
  return { ...answers, '500': ref('responses', 'InternalError'), '503': ref('responses', 'ServiceUnavailable') };
}

const isNamed = (value: Named | JsonSchema | Reference): value is Named =>
  'schema' in value && value.schema instanceof z.ZodType;

/** A request body's OpenAPI form; its named schemas join `schemas`. */
function requestBody(body: RequestBody, schemas: Record<string, JsonSchema>): OperationObject['requestBody'] {
  const content: Record<string, MediaTypeObject> = {};
  for (const [type, declared] of Object.entries(body.content)) {
    if (!isNamed(declared)) {
      content[type] = { schema: declared };
      continue;
    }
    const { name, schema, examples } = declared;
    schemas[name] = { ...jsonSchema(schema, 'input'), ...(examples && { examples }) };
    content[type] = { schema: ref('schemas', name) };
  }
  return { required: true, ...(body.description && { description: body.description }), content };
}

type AnyRoute = ConsoleRoute | PublicRoute<never>;
const isConsole = (route: AnyRoute): route is ConsoleRoute => 'permission' in route;

/** A console route's security, CSRF header, body and implied answers. */
function consoleParts(route: ConsoleRoute, limits: LimitTexts, schemas: Record<string, JsonSchema>) {
  const declared = route.description && text(route.description, limits);
  const open = route.permission === 'public';
  const body: RequestBody | undefined = route.body
    ? { content: { 'application/json': route.body } }
    : route.upload
      ? { content: { 'multipart/form-data': route.upload } }
      : route.emptyBody && { content: { 'application/json': { type: 'object', additionalProperties: false } } };
  const signedIn: OperationObject['security'] = [{ teamSession: [] }];
  return {
    description: open ? declared : `${declared ? `${declared} ` : ''}Needs: ${route.permission}.`,
    security: open ? (route.session === 'optional' ? [...signedIn, {}] : undefined) : signedIn,
    csrf: route.method === 'POST' && !open ? [csrfParameter] : [],
    requestBody: body && requestBody(body, schemas),
    implied: impliedAnswers(route, limits),
  };
}

const csrfParameter: ParameterObject = {
  name: CSRF_HEADER,
  in: 'header',
  required: true,
  description: 'The csrfToken of the session (GET /api/team/session); a change without it is refused with 403.',
  schema: { type: 'string' },
};

/** One declared route's path, method and operation; the schemas it names join `schemas`. */
function operationOf(route: AnyRoute, limits: LimitTexts, schemas: Record<string, JsonSchema>) {
  const console = isConsole(route) ? consoleParts(route, limits, schemas) : undefined;
  const open = isConsole(route) ? undefined : route;
  const parameters = [
    ...Object.entries(route.params ?? {}).map(([name, declared]) => pathParameter(name, declared)),
    ...(console?.csrf ?? []),
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.parameters ?? []).flatMap(extraParameter),
  ];
  const declared = Object.entries(route.answers).map(([status, given]) => {
    if (typeof given === 'string') return [status, ref('responses', given)] as const;
    if (given.schema) schemas[given.schema.name] = jsonSchema(given.schema.schema, 'output');
    return [status, answer(given, limits)] as const;
  });
  const security = console ? console.security : open?.security?.map((name) => ({ [name]: [] }));
  const description = console ? console.description : route.description && text(route.description, limits);
  const body = console ? console.requestBody : open?.body && requestBody(open.body, schemas);
  const operation: OperationObject = {
    operationId: route.operationId,
    summary: route.summary,
    ...(description && { description }),
    tags: [...(route.tags ?? ['team'])],
    ...(security && { security }),
    ...(parameters.length > 0 && { parameters }),
    ...(body && { requestBody: body }),
    responses: { ...console?.implied, ...Object.fromEntries(declared) },
  };
  const base = isConsole(route) ? TEAM_API : '';
  return { path: `${base}${route.path.replace(/:(\w+)/g, '{$1}')}`, operation };
}

/** The paths of declared routes (a route without tags is the team's), and the schemas they name. */
export function declaredPaths(routes: readonly AnyRoute[], limits: LimitTexts) {
  const paths: Record<string, PathItemObject> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const { path, operation } = operationOf(route, limits, schemas);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return { paths, schemas };
}
