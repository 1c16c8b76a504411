import { createHash, timingSafeEqual } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ADMIN_TOKEN_MIN_LENGTH } from '../config';
import { sendUpload } from '../http/download';
import { HttpError, sendError } from '../http/errors';
import { publicRoute, type PublicAnswer, type PublicRoute } from '../http/public-route';
import { UPLOAD_CONTENT_TYPES } from '../uploads/files';
import { RATE_LIMIT_HEADERS } from './answers';
import { ASSESSMENT_EXPORT_FORM, assessmentTable, parseAssessmentExportParams } from '../assessment/export';
import { UnknownCursorError } from '../db/errors';
import type { Store } from '../store';
import {
  exportQuerySchema,
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

/** What every admin-token route may answer instead of its data. */
const ADMIN_ERRORS: Readonly<Record<number, PublicAnswer | 'InternalError' | 'ServiceUnavailable'>> = {
  401: { description: 'No valid admin token.', headers: { 'WWW-Authenticate': 'Bearer realm="wpc-admin"' } },
  404: { description: 'The team export is disabled (ADMIN_TOKEN unset or too short), or the file does not exist.' },
  429: {
    description: ({ rateLimitText }) => `Too many failed attempts from this address. ${rateLimitText}`,
    headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' }, ...RATE_LIMIT_HEADERS },
  },
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const adminChecks = ({ guards, adminToken, adminTokenError }: AdminRoutesOptions) => [
  ...guards,
  requireAdmin(adminToken, adminTokenError),
];

const rowRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// Streams from a store cursor: JSON array or CSV written as rows arrive. `limit` caps the
// rows; `after` (the id of the last row received) resumes where a previous export stopped.
// form=assessment exports the shared self-assessments the same way.
const exportRows = publicRoute<AdminRoutesOptions>({
  method: 'GET',
  path: '/api/admin/submissions',
  operationId: 'exportSubmissions',
  summary: 'Team export of submissions or shared self-assessments',
  description:
    'Streamed oldest first (receivedAt, then id). Take a large export in pages with limit and after. ' +
    'A store failure after the first row cuts the connection (a truncated transfer).',
  tags: ['team'],
  security: ['adminToken'],
  parameters: [{ query: exportQuerySchema }],
  answers: {
    200: {
      description: 'The rows: a JSON array (one row per line), or CSV with a header row (every cell quoted, CRLF).',
      headers: { 'Content-Disposition': 'attachment (CSV only).' },
      json: { type: 'array', items: { anyOf: [rowRef('SubmissionRow'), rowRef('AssessmentRow')] } },
      media: ['text/csv'],
    },
    400: 'BadRequest',
    ...ADMIN_ERRORS,
  },
  before: adminChecks,
  handler:
    ({ store, logger }) =>
    async ({ req, res }) => {
      const query = req.query as Record<string, unknown>;
      const params = { since: query.since, format: query.format, limit: query.limit, after: query.after };
      if (query.form === ASSESSMENT_EXPORT_FORM) {
        const request = parseAssessmentExportParams(params);
        if (!request.ok) {
          sendError(res, new HttpError(400, 'Some filters are not valid.', { fields: request.fields }));
          return;
        }
        const rows = () => store.assessments.stream(request.query);
        await sendStreamedExport(res, rows, request.format, assessmentTable, 'assessment', logger);
        return;
      }
      const request = parseExportParams({ form: query.form, ...params });
      if (!request.ok) {
        sendError(res, new HttpError(400, 'Some filters are not valid.', { fields: request.fields }));
        return;
      }
      const table = submissionTable(request.query.form);
      const rows = () => store.submissions.stream(request.query);
      await sendStreamedExport(res, rows, request.format, table, request.query.form ?? 'all', logger);
    },
});

const downloadFile = publicRoute<AdminRoutesOptions>({
  method: 'GET',
  path: '/api/admin/files/:id',
  operationId: 'downloadFile',
  summary: 'One uploaded file, as an attachment',
  tags: ['team'],
  security: ['adminToken'],
  params: { id: { description: 'The file id from the files column of the export.' } },
  answers: {
    200: {
      description: 'The file as uploaded, never rendered by the browser (nosniff, sandboxing CSP).',
      attachment: [...new Set([...Object.values(UPLOAD_CONTENT_TYPES), 'application/octet-stream'])],
    },
    ...ADMIN_ERRORS,
  },
  before: adminChecks,
  handler:
    ({ store }) =>
    async ({ req, res }) => {
      const found = await store.files.open(String(req.params.id));
      if (!found) {
        sendError(res, new HttpError(404, 'No such file.'));
        return;
      }
      await sendUpload(res, found);
    },
});

/** The team export: submissions (and shared self-assessments) as JSON or CSV, and uploads as downloads. */
export const ADMIN_ROUTES: readonly PublicRoute<AdminRoutesOptions>[] = [exportRows, downloadFile];
