import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { z } from 'zod';
import { parse } from './requests';
import type { RequestBody, RouteDeclaration } from './route';

export type { Answer as PublicAnswer, SharedAnswer } from './route';

/**
 * A route outside the console, declared once (Ghost's endpoint objects): its router runs its
 * parsers and guards, checks the declared query and calls the handler, and the OpenAPI document
 * describes it (openapi/operations.ts). Open to everyone, or behind what its guards check.
 */
export interface PublicRoute<D = never, Q extends z.ZodType = z.ZodType> extends RouteDeclaration<Q> {
  readonly tags: readonly string[];
  /** The request body as documented; its parsers are among `before`. */
  readonly body?: RequestBody;
  /** Security schemes of the document's components (the admin token). */
  readonly security?: readonly string[];
  /** Handlers run before the query is checked, in order: guards, type checks, body parsers (and their error answers). */
  readonly before?: (deps: D) => readonly (RequestHandler | ErrorRequestHandler)[];
  /** Made once per app from the feature's dependencies; gets the checked query. */
  readonly handler: (
    deps: D,
  ) => (input: {
    req: Parameters<RequestHandler>[0];
    res: Parameters<RequestHandler>[1];
    query: z.output<Q>;
  }) => unknown;
}

/** Declares a route, inferring its query's type (no runtime work). */
export const publicRoute = <D, Q extends z.ZodType = z.ZodUndefined>(route: PublicRoute<D, Q>): PublicRoute<D> =>
  route as unknown as PublicRoute<D>;

/** The router of declared open routes: each one's `before`, its query parsed by its schema (400 naming each field), then the handler. */
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
    const handlers = [...(route.before?.(deps) ?? []), run];
    if (route.method === 'GET') router.get(route.path, ...handlers);
    else router.post(route.path, ...handlers);
  }
  return router;
}
