import { createHash, timingSafeEqual } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Router, type RequestHandler } from 'express';
import { HttpError, sendError } from '../http/errors';
import type { SubmissionStore } from '../store';
import { exportSubmissions, toCsv } from '../submissions/export';
import { ASSESSMENT_EXPORT_FORM } from '../assessment/export';
import { sendAssessmentExport } from './assessment';

/** Compares in constant time; hashing first makes the lengths equal too. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function requireAdmin(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!token) {
      sendError(res, new HttpError(404, 'The team export is disabled: the server has no ADMIN_TOKEN set.'));
      return;
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match?.[1] || !sameToken(match[1], token)) {
      res.set('WWW-Authenticate', 'Bearer realm="wpc-admin"');
      sendError(res, new HttpError(401, 'A valid admin token is required (Authorization: Bearer <token>).'));
      return;
    }
    next();
  };
}

export interface AdminRoutesOptions {
  readonly store: SubmissionStore;
  readonly adminToken?: string;
  /** Applied before authentication (rate limiting of failed attempts). */
  readonly guards: readonly RequestHandler[];
}

/** The team export: submissions as JSON or CSV, and uploads as downloads. */
export function adminRoutes({ store, adminToken, guards }: AdminRoutesOptions): Router {
  const router = Router();
  const auth = requireAdmin(adminToken);

  router.get('/api/admin/submissions', ...guards, auth, async (req, res) => {
    const query = req.query as Record<string, unknown>;
    if (query.form === ASSESSMENT_EXPORT_FORM) {
      await sendAssessmentExport(res, store, query);
      return;
    }
    const result = await exportSubmissions(store, { form: query.form, since: query.since, format: query.format });
    if (!result.ok) {
      sendError(res, new HttpError(400, 'Some filters are not valid.', { fields: result.fields }));
      return;
    }
    if (result.format === 'csv') {
      const day = new Date().toISOString().slice(0, 10);
      res.attachment(`submissions-${typeof query.form === 'string' ? query.form : 'all'}-${day}.csv`);
      res.type('text/csv; charset=utf-8').send(toCsv(result.submissions));
      return;
    }
    res.json(result.submissions);
  });

  router.get('/api/admin/files/:id', ...guards, auth, async (req, res) => {
    const found = await store.openFile(String(req.params.id));
    if (!found) {
      sendError(res, new HttpError(404, 'No such file.'));
      return;
    }
    // Uploaded content is untrusted: always a download, never rendered by the browser.
    res.attachment(found.file.name);
    res.set({
      'Content-Type': found.file.contentType,
      'Content-Length': String(found.file.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
    try {
      await pipeline(found.stream, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      res.destroy(error instanceof Error ? error : undefined);
    }
  });

  return router;
}
