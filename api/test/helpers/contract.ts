import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import type { Response } from 'supertest';
import type { OpenApiDocument, OperationObject, ResponseObject } from '../../src/openapi/document';

/** One method and path the app answers, written as OpenAPI writes it (`/files/{id}`). */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

// The parts of Express 5's router (the `router` package) the walk reads.
interface Layer {
  readonly rawPath?: unknown;
  readonly slash?: boolean;
  readonly route?: { readonly path: unknown; readonly methods: Record<string, boolean> };
  readonly handle: { readonly stack?: readonly Layer[] };
}

/**
 * Every route of an app, found by walking its router stack (mounted routers included), so a
 * route registered anywhere is seen whether or not the document knows it.
 */
export function appRoutes(app: Express): RouteEntry[] {
  const root = (app as unknown as { router: { stack: readonly Layer[] } }).router;
  const routes: RouteEntry[] = [];
  const walk = (stack: readonly Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const { path, methods } = layer.route;
        if (typeof path !== 'string') throw new Error(`a route with a non-string path: ${String(path)}`);
        const openApiPath = `${prefix}${path}`.replace(/:(\w+)/g, '{$1}');
        for (const method of Object.keys(methods)) {
          if (methods[method]) routes.push({ method, path: openApiPath });
        }
      } else if (layer.handle.stack) {
        if (!layer.slash && typeof layer.rawPath !== 'string') throw new Error('a router mounted on a pattern');
        walk(layer.handle.stack, layer.slash ? prefix : `${prefix}${String(layer.rawPath)}`);
      }
    }
  };
  walk(root.stack, '');
  return routes;
}

/** The routes the document does not describe. */
export function undocumented(routes: readonly RouteEntry[], document: OpenApiDocument): RouteEntry[] {
  return routes.filter(({ method, path }) => !document.paths[path]?.[method as 'get' | 'post']);
}

/** Follows a local `#/components/...` reference. */
function resolve<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const target = value.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
    return target as T;
  }
  return value as T;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Checks answers against the document as schemathesis would: the status is listed for the
 * operation, the media type too, and a JSON body validates against its schema (JSON Schema
 * 2020-12, formats included).
 */
export function contractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The whole document under one id, so the schemas' "#/components/..." references resolve.
  ajv.addSchema(document as unknown as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();

  function validatorAt(pointer: string): ValidateFunction {
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  }

  function operation(method: 'get' | 'post', path: string): OperationObject {
    const found = document.paths[path]?.[method];
    if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    return found;
  }

  return {
    /** Problems with one answer; an empty list when it matches the document. */
    problems(method: 'get' | 'post', path: string, res: Response): string[] {
      const status = String(res.status);
      const listed = operation(method, path).responses[status];
      if (!listed) return [`status ${status} is not documented for ${method.toUpperCase()} ${path}`];
      const response = resolve<ResponseObject>(document, listed);
      const mediaType = res.type;
      if (!response.content) return res.text ? [`status ${status} is documented without a body`] : [];
      if (!response.content[mediaType]) return [`${mediaType} is not documented for status ${status}`];
      if (mediaType !== 'application/json') return [];
      // The JSON Pointer of the schema: in components when the response is a reference.
      const base = '$ref' in listed ? listed.$ref.slice(1) : `/paths/${escape(path)}/${method}/responses/${status}`;
      const validate = validatorAt(`${base}/content/${escape(mediaType)}/schema`);
      return validate(res.body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
    },
    /** Problems of a request body against the documented JSON body of an operation. */
    requestProblems(path: string, body: unknown): string[] {
      operation('post', path);
      const validate = validatorAt(`/paths/${escape(path)}/post/requestBody/content/application~1json/schema`);
      return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
    },
  };
}
