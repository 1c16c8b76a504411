import { Router } from 'express';
import { HttpError, sendError } from '../http/errors';
import { publicRouter } from '../http/public-route';
import { OPENAPI_ROUTE, openApiDocument, type DocumentLimits, type OpenApiDocument } from './document';

/** Whether a request path is one a documented path (`/api/admin/files/{id}`) stands for. */
function matches(documented: string, requested: string): boolean {
  const parts = documented.split('/');
  const segments = requested.split('/');
  return (
    parts.length === segments.length && parts.every((part, i) => (part[0] === '{' ? segments[i] : part === segments[i]))
  );
}

/** The Allow header of a documented path: its methods, HEAD with GET (Express answers it), OPTIONS (CORS). */
function allowHeader(document: OpenApiDocument, path: string): string | undefined {
  const item = Object.entries(document.paths).find(([documented]) => matches(documented, path))?.[1];
  const methods = Object.keys(item ?? {}).map((method) => method.toUpperCase());
  if (methods.includes('GET')) methods.push('HEAD');
  return item && [...methods, 'OPTIONS'].join(', ');
}

/**
 * GET /api/openapi.json, and 405 with an Allow header for a documented path asked with a method
 * it does not have. Mounted after every route, so only requests no route took reach the 405.
 */
export function openApiRoutes(limits: DocumentLimits): Router {
  const router = Router();
  // Built on first use (some 10 ms): most apps the tests create never need it.
  let document: OpenApiDocument | undefined;
  let body: string | undefined;
  const contract = () => (document ??= openApiDocument(limits));
  router.use(publicRouter([OPENAPI_ROUTE], { contract: () => (body ??= JSON.stringify(contract())) }));
  router.use((req, res, next) => {
    const allow = allowHeader(contract(), req.path);
    if (!allow) return next();
    res.set('Allow', allow);
    sendError(res, new HttpError(405, `${req.method} is not allowed here; use ${allow}.`));
  });
  return router;
}
