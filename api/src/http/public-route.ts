import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { parse } from './requests';

/** One documented answer of an open route. */
export interface PublicAnswer {
  readonly description: string;
  /** JSON of this zod schema, under this name in the document's components; else the shared error shape. */
  readonly schema?: { readonly name: string; readonly schema: z.ZodType };
  /** A body of these media types (an image) instead of JSON. */
  readonly media?: readonly string[];
  /** No body at all (304). */
  readonly empty?: true;
  /** Each answer header and what it says. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** An answer the whole document shares (its components' responses). */
export type SharedAnswer = 'BadRequest' | 'InternalError' | 'ServiceUnavailable';

/**
 * A route outside the console, declared once (Ghost's endpoint objects): its router checks the
 * declared query, and the OpenAPI document describes it (openapi/public-paths.ts). Open to
 * everyone; what keeps a draft private is its token.
 */
export interface PublicRoute<D = never, Q extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  /** The full path, with Express parameters (":token"). */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Each path parameter: what it names, and the pattern the document states. */
  readonly params?: Readonly<Record<string, { readonly description: string; readonly pattern?: string }>>;
  readonly query?: Q;
  /** The 400's message when the query is refused. */
  readonly invalid?: string;
  readonly answers: Readonly<Record<number, PublicAnswer | SharedAnswer>>;
  /** Made once per app from the feature's dependencies; gets the checked query. */
  readonly handler: (
    deps: D,
  ) => (input: {
    req: Parameters<RequestHandler>[0];
    res: Parameters<RequestHandler>[1];
    query: z.output<Q>;
  }) => unknown;
}

/** Declares an open route, inferring its query's type (no runtime work). */
export const publicRoute = <D, Q extends z.ZodType = z.ZodUndefined>(route: PublicRoute<D, Q>): PublicRoute<D> =>
  route as unknown as PublicRoute<D>;

/** The router of declared open routes: each query parsed by its schema (400 naming each field), then the handler. */
export function publicRouter<D>(routes: readonly PublicRoute<D>[], deps: D): Router {
  const router = Router();
  for (const route of routes) {
    const handle = route.handler(deps);
    const run: RequestHandler = async (req, res) => {
      const query: unknown = route.query
        ? parse(route.query, req.query, res, route.invalid ?? 'The request is not valid.')
        : undefined;
      if (route.query && query === undefined) return;
      await handle({ req, res, query });
    };
    if (route.method === 'GET') router.get(route.path, run);
    else router.post(route.path, run);
  }
  return router;
}
