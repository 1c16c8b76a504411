/**
 * The operations of declared open routes (http/public-route.ts): parameters from the path and the
 * query's zod schema, answers from the declaration, schemas from zod's own z.toJSONSchema().
 */
import type { PublicAnswer, PublicRoute } from '../http/public-route';
import { requestSchema, responseSchema, type JsonSchema } from './json-schema';
import type { OperationObject, ParameterObject, PathItemObject, Reference, ResponseObject } from './types';

const ref = (kind: 'schemas' | 'responses', name: string): Reference => ({ $ref: `#/components/${kind}/${name}` });

function queryParameters(schema: Parameters<typeof requestSchema>[0]): ParameterObject[] {
  const json = requestSchema(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(json.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const { description = name, ...rest } = property as JsonSchema & { description?: string };
    return { name, in: 'query', required: required.has(name), description, schema: rest };
  });
}

function answer({ description, schema, media, empty, headers }: PublicAnswer): ResponseObject {
  const described = headers && {
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }]),
    ),
  };
  if (empty) return { description, ...described };
  const content = media
    ? Object.fromEntries(media.map((type) => [type, { schema: { type: 'string' } }]))
    : { 'application/json': { schema: ref('schemas', schema?.name ?? 'Error') } };
  return { description, ...described, content };
}

/** The paths of declared open routes, and the schemas their answers name. */
export function publicPaths(routes: readonly PublicRoute<never>[]): {
  paths: Record<string, PathItemObject>;
  schemas: Record<string, JsonSchema>;
} {
  const paths: Record<string, PathItemObject> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const parameters = [
      ...Object.entries(route.params ?? {}).map(([name, { description, pattern }]): ParameterObject => ({
        name,
        in: 'path',
        required: true,
        description,
        schema: { type: 'string', ...(pattern && { pattern }) },
      })),
      ...(route.query ? queryParameters(route.query) : []),
    ];
    const responses = Object.fromEntries(
      Object.entries(route.answers).map(([status, declared]) => [
        status,
        typeof declared === 'string' ? ref('responses', declared) : answer(declared),
      ]),
    );
    const operation: OperationObject = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description && { description: route.description }),
      tags: [...route.tags],
      ...(parameters.length > 0 && { parameters }),
      responses,
    };
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
    for (const declared of Object.values(route.answers)) {
      if (typeof declared !== 'string' && declared.schema) {
        schemas[declared.schema.name] = responseSchema(declared.schema.schema);
      }
    }
  }
  return { paths, schemas };
}
