import { Router, type RequestHandler } from 'express';
import { HttpError, sendError } from '../http/errors';
import { OPENAPI_PATH, openApiDocument, type DocumentLimits, type OpenApiDocument } from '../openapi/document';

/** `/api/admin/files/{id}` as a pattern matching the request paths it stands for. */
function pathPattern(path: string): RegExp {
  const source = path
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}

/**
 * Answers 405 with an Allow header when a documented path is asked with a method it does not
 * have. Mounted after every route, so only requests no route took reach it.
 */
function methodNotAllowed(document: OpenApiDocument): RequestHandler {
  const paths = Object.entries(document.paths).map(([path, item]) => {
    const methods = Object.keys(item).map((method) => method.toUpperCase());
    // Express answers HEAD from the GET route, and the CORS middleware answers OPTIONS.
    if (methods.includes('GET')) methods.push('HEAD');
    return { pattern: pathPattern(path), allow: [...methods, 'OPTIONS'].join(', ') };
  });
  return (req, res, next) => {
    const known = paths.find(({ pattern }) => pattern.test(req.path));
    if (!known) {
      next();
      return;
    }
    res.set('Allow', known.allow);
    sendError(res, new HttpError(405, `${req.method} is not allowed here; use ${known.allow}.`));
  };
}

/** GET /api/openapi.json, and 405 for documented paths asked with another method. */
export function openApiRoutes(limits: DocumentLimits): Router {
  const router = Router();
  const document = openApiDocument(limits);
  const body = JSON.stringify(document);
  router.get(OPENAPI_PATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.type('application/json; charset=utf-8').send(body);
  });
  router.use(methodNotAllowed(document));
  return router;
}
