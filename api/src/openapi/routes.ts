import { Router } from 'express';
import { HttpError, sendError } from '../http/errors';
import { publicRouter } from '../http/public-route';
import { OPENAPI_ROUTE, openApiDocument, type DocumentLimits } from './document';
import type { OpenApiDocument } from '../http/openapi-types';

/** `/api/admin/files/{id}` as a pattern matching the request paths it stands for. */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}

interface AllowedMethods {
  readonly pattern: RegExp;
  /** The Allow header: the documented methods, HEAD with GET (Express answers it), OPTIONS (CORS). */
  readonly allow: string;
}

function allowedMethods(document: OpenApiDocument): AllowedMethods[] {
  return Object.entries(document.paths).map(([path, item]) => {
    const methods = Object.keys(item).map((method) => method.toUpperCase());
    if (methods.includes('GET')) methods.push('HEAD');
    return { pattern: pathPattern(path), allow: [...methods, 'OPTIONS'].join(', ') };
  });
}

/**
 * GET /api/openapi.json, and 405 with an Allow header for a documented path asked with a method
 * it does not have. Mounted after every route, so only requests no route took reach the 405.
 */
export function openApiRoutes(limits: DocumentLimits): Router {
  const router = Router();
  // Built on first use (some 10 ms): most apps the tests create never need it.
  let built: { readonly body: string; readonly paths: readonly AllowedMethods[] } | undefined;
  const contract = () => {
    if (!built) {
      const document = openApiDocument(limits);
      built = { body: JSON.stringify(document), paths: allowedMethods(document) };
    }
    return built;
  };

  router.use(publicRouter([OPENAPI_ROUTE], { contract: () => contract().body }));
  router.use((req, res, next) => {
    const known = contract().paths.find(({ pattern }) => pattern.test(req.path));
    if (!known) {
      next();
      return;
    }
    res.set('Allow', known.allow);
    sendError(res, new HttpError(405, `${req.method} is not allowed here; use ${known.allow}.`));
  });
  return router;
}
