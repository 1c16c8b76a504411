import { createHash, timingSafeEqual } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Router, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { ADMIN_TOKEN_MIN_LENGTH } from '../config';
import { sendUpload } from '../http/download';
import { HttpError, sendError } from '../http/errors';
import { ASSESSMENT_EXPORT_FORM, assessmentTable, parseAssessmentExportParams } from '../assessment/export';
import { UnknownCursorError } from '../db/errors';
import type { Store } from '../store';
import {
  exportStages,
  parseExportParams,
  startRows,
  submissionTable,
  type ExportFormat,
  type TableShape,
} from '../submissions/export';

/** Compares in constant time; hashing first makes the lengths equal too. */
function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function requireAdmin(token: string | undefined, tokenError: string | undefined): RequestHandler {
  return (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!token || token.length < ADMIN_TOKEN_MIN_LENGTH) {
      const reason =
        tokenError ??
        (token
          ? `ADMIN_TOKEN is shorter than ${ADMIN_TOKEN_MIN_LENGTH} characters`
          : 'the server has no ADMIN_TOKEN set');
      sendError(res, new HttpError(404, `The team export is disabled: ${reason.replace(/\.$/, '')}.`));
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
  readonly store: Store;
  readonly adminToken?: string;
  /** Why ADMIN_TOKEN was refused at start-up, if it was. */
  readonly adminTokenError?: string;
  readonly logger?: Logger;
  /** Applied before authentication (rate limiting of failed attempts). */
  readonly guards: readonly RequestHandler[];
}

/**
 * Answers an export from a store cursor. The first row is read before anything is sent, so a
 * store that is down (503) or an unknown `after` (400) still gets a proper error answer.
 */
async function sendStreamedExport<T>(
  res: Response,
  open: () => AsyncIterable<T>,
  format: ExportFormat,
  table: TableShape<T>,
  fileLabel: string,
  logger: Logger | undefined,
): Promise<void> {
  let rows: Awaited<ReturnType<typeof startRows<T>>>;
  try {
    rows = await startRows(open());
  } catch (error) {
    if (!(error instanceof UnknownCursorError)) throw error;
    sendError(res, new HttpError(400, 'Some filters are not valid.', { fields: { after: error.message } }));
    return;
  }
  if (format === 'csv') {
    res.attachment(`submissions-${fileLabel}-${new Date().toISOString().slice(0, 10)}.csv`);
    res.type('text/csv; charset=utf-8');
  } else {
    res.type('application/json; charset=utf-8');
  }
  try {
    await pipeline([...exportStages(rows, format, table), res]);
  } catch (error) {
    await rows.cancel();
    // Headers are gone: cutting the connection is the only way to tell the client it is incomplete.
    if (!res.destroyed) {
      logger?.error({ err: error }, 'export interrupted');
      res.destroy(error instanceof Error ? error : undefined);
    }
  }
}

/** The team export: submissions (and shared self-assessments) as JSON or CSV, and uploads as downloads. */
export function adminRoutes({ store, adminToken, adminTokenError, logger, guards }: AdminRoutesOptions): Router {
  const router = Router();
  const auth = requireAdmin(adminToken, adminTokenError);

  // Streams from a store cursor: JSON array or CSV written as rows arrive. `limit` caps the
  // rows; `after` (the id of the last row received) resumes where a previous export stopped.
  // form=assessment exports the shared self-assessments the same way.
  router.get('/api/admin/submissions', ...guards, auth, async (req, res) => {
    const query = req.query as Record<string, unknown>;
    const params = { since: query.since, format: query.format, limit: query.limit, after: query.after };
    if (query.form === ASSESSMENT_EXPORT_FORM) {
      const request = parseAssessmentExportParams(params);
      if (!request.ok) {
        sendError(res, new HttpError(400, 'Some filters are not valid.', { fields: request.fields }));
        return;
      }
      await sendStreamedExport(
        res,
        () => store.assessments.stream(request.query),
        request.format,
        assessmentTable,
        'assessment',
        logger,
      );
      return;
    }
    const request = parseExportParams({ form: query.form, ...params });
    if (!request.ok) {
      sendError(res, new HttpError(400, 'Some filters are not valid.', { fields: request.fields }));
      return;
    }
    const table = submissionTable(request.query.form);
    await sendStreamedExport(
      res,
      () => store.submissions.stream(request.query),
      request.format,
      table,
      request.query.form ?? 'all',
      logger,
    );
  });

  router.get('/api/admin/files/:id', ...guards, auth, async (req, res) => {
    const found = await store.files.open(String(req.params.id));
    if (!found) {
      sendError(res, new HttpError(404, 'No such file.'));
      return;
    }
    await sendUpload(res, found);
  });

  return router;
}
