import { pipeline } from 'node:stream/promises';
import {
  eraseRequestSchema,
  INBOX_PAGE_SIZE,
  inboxQuerySchema,
  reviewRequestSchema,
  teamExportQuerySchema,
  type FilterQuery,
  type InboxRow,
  type TeamSubmission,
} from '@wpc/shared/team/schemas';
import { withDeadline } from '../db/guard';
import { sendUpload } from '../http/download';
import { HttpError, sendError } from '../http/errors';
import { exportStages, startRows } from '../submissions/export';
import type { ConsoleRoutes } from './console-routes';
import type { ConsoleContext } from './context';
import { erasePerson } from './erase';
import { reviewedTable, writeWorkbook } from './export';
import { parse } from './requests';
import type { InboxFilter, ReviewedSubmission } from './reviews';

/** The store's filter from a checked query: `to` is a whole day, so it ends at the next midnight (UTC). */
function inboxFilter(query: FilterQuery): InboxFilter {
  const dayStart = (value: string) => new Date(`${value}T00:00:00Z`);
  const nextDay = (value: string) => new Date(dayStart(value).getTime() + 24 * 60 * 60 * 1000);
  return {
    form: query.form,
    status: query.status,
    from: query.from === undefined ? undefined : dayStart(query.from),
    to: query.to === undefined ? undefined : nextDay(query.to),
    search: query.q?.trim() || undefined,
  };
}

/**
 * What the audit says of an export's filter: the kind, status and days as chosen, and only that
 * a search was made (its words may be a visitor's name).
 */
function filterDetail(format: string, query: FilterQuery): string {
  const parts = [
    query.form && `kind ${query.form}`,
    query.status && `status ${query.status}`,
    query.from && `from ${query.from}`,
    query.to && `until ${query.to}`,
    query.q?.trim() && 'a search',
  ].filter(Boolean);
  return `${format}, ${parts.length > 0 ? `filtered by ${parts.join(', ')}` : 'every submission'}`;
}

/** What the inbox shows of a row. */
function inboxRow(row: ReviewedSubmission): InboxRow {
  const text = (name: string) => {
    const value = row.fields[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    id: row.id,
    form: row.form,
    receivedAt: row.receivedAt.toISOString(),
    name: [text('firstName'), text('lastName')].filter(Boolean).join(' '),
    organization: text('organization'),
    email: text('email'),
    status: row.review.status,
    files: row.files.length,
  };
}

function submissionBody(row: ReviewedSubmission): TeamSubmission {
  return {
    id: row.id,
    form: row.form,
    variant: row.variant,
    receivedAt: row.receivedAt.toISOString(),
    page: row.page,
    // Stored fields never hold undefined (JSON has no such value).
    fields: row.fields as TeamSubmission['fields'],
    files: row.files.map((file) => ({ id: file.id, name: file.name, contentType: file.contentType, size: file.size })),
    review: {
      status: row.review.status,
      note: row.review.note,
      history: row.review.history.map((change) => ({ ...change, at: change.at.toISOString() })),
    },
  };
}

/** The inbox: submissions, one submission, its review and files, the export and erasure (role `inbox`). */
export function inboxRoutes(
  routes: ConsoleRoutes,
  { store, config, logger, clock, audit, notifications }: ConsoleContext,
): void {
  /** The outbox as /api/health reports it (cached a few seconds by the worker); undefined when off or slow. */
  const mailState = async () => {
    if (!notifications) return undefined;
    const stats = await withDeadline(notifications.stats(), config.storeTimeoutMs, 'outbox stats').catch(
      () => undefined,
    );
    const nextAttemptAt = notifications.nextAttemptAt();
    return (
      stats && {
        pending: stats.pending,
        failed: stats.failed,
        ...(nextAttemptAt && { nextAttemptAt: nextAttemptAt.toISOString() }),
      }
    );
  };

  routes.get('/submissions', 'inbox', async (req, res) => {
    const query = parse(inboxQuerySchema, req.query, res, 'Some filters are not valid.');
    if (!query) return;
    const page = Number(query.page ?? '1');
    const [result, mail] = await Promise.all([
      store.reviews.inbox({ ...inboxFilter(query), offset: (page - 1) * INBOX_PAGE_SIZE, limit: INBOX_PAGE_SIZE }),
      mailState(),
    ]);
    res.json({
      rows: result.rows.map(inboxRow),
      total: result.total,
      page,
      pageSize: INBOX_PAGE_SIZE,
      counts: result.counts,
      ...(mail && { mail }),
    });
  });

  routes.get('/submissions/:submissionId', 'inbox', async (req, res) => {
    const row = await store.reviews.get(String(req.params.submissionId));
    if (!row) {
      sendError(res, new HttpError(404, 'No such submission: it may have been erased.'));
      return;
    }
    res.json(submissionBody(row));
  });

  routes.post('/submissions/:submissionId/review', 'inbox', async (req, res, { email }) => {
    const body = parse(reviewRequestSchema, req.body, res, 'The change is not valid.');
    if (!body) return;
    const row = await store.reviews.update(String(req.params.submissionId), body, email, clock());
    if (!row) {
      sendError(res, new HttpError(404, 'No such submission: it may have been erased.'));
      return;
    }
    res.json(submissionBody(row));
  });

  routes.get('/submissions/:submissionId/files/:fileId', 'inbox', async (req, res, { email }) => {
    const submissionId = String(req.params.submissionId);
    const fileId = String(req.params.fileId);
    const row = await store.reviews.get(submissionId);
    // Only the files of this submission: an id from elsewhere is not found here.
    const found = row?.files.some((file) => file.id === fileId) ? await store.files.open(fileId) : null;
    if (!found) {
      sendError(res, new HttpError(404, 'No such file.'));
      return;
    }
    await audit.record(email, 'file-download', { target: `submission ${submissionId}, file ${fileId}` });
    await sendUpload(res, found);
  });

  routes.get(
    '/export',
    'inbox',
    async (req, res, { email }) => {
      const query = parse(teamExportQuerySchema, req.query, res, 'Some filters are not valid.');
      if (!query) return;
      const filter = inboxFilter(query);
      const table = reviewedTable(filter.form);
      await audit.record(email, 'export', { detail: filterDetail(query.format, query) });
      const rows = await startRows(store.reviews.stream(filter));
      const name = `submissions-${filter.form ?? 'all'}-${clock().toISOString().slice(0, 10)}.${query.format}`;
      res.attachment(name);
      res.set('X-Content-Type-Options', 'nosniff');
      try {
        if (query.format === 'csv') {
          res.type('text/csv; charset=utf-8');
          await pipeline([...exportStages(rows, 'csv', table), res]);
        } else {
          res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
          await writeWorkbook(rows, table, res);
        }
      } catch (error) {
        await rows.cancel();
        if (!res.destroyed) {
          logger.error({ err: error }, 'team export interrupted');
          res.destroy(error instanceof Error ? error : undefined);
        }
      }
    },
    { fresh: true },
  );

  routes.post(
    '/erase',
    'inbox',
    async (req, res, { email }) => {
      const body = parse(eraseRequestSchema, req.body, res, 'Enter the email address to erase.');
      if (!body) return;
      const counts = await erasePerson(store, body.email, clock());
      // The audit entry says who; neither it nor the log line says whose.
      await audit.record(email, 'erase', { counts });
      logger.info(counts, 'person erased');
      res.json(counts);
    },
    { fresh: true },
  );
}
