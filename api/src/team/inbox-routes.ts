import { pipeline } from 'node:stream/promises';
import {
  eraseRequestSchema,
  erasureSchema,
  INBOX_PAGE_SIZE,
  inboxQuerySchema,
  inboxSchema,
  reviewRequestSchema,
  teamExportQuerySchema,
  teamSubmissionSchema,
  type FilterQuery,
} from '@wpc/shared/team/schemas';
import { withDeadline } from '../db/guard';
import { sendUpload } from '../http/download';
import { HttpError, sendError } from '../http/errors';
import { exportStages, startRows } from '../submissions/export';
import { consoleRoute } from './console-route';
import type { ConsoleContext } from './context';
import { erasePerson } from './erase';
import { reviewedTable, writeWorkbook } from './export';
import type { InboxFilter } from '../records/reviews';
import { toInboxRow, toWire } from '../records/reviews/wire';

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

/** The outbox as /api/health reports it (cached a few seconds by the worker); undefined when off or slow. */
async function mailState({ notifications, config }: Pick<ConsoleContext, 'notifications' | 'config'>) {
  if (!notifications) return undefined;
  const stats = await withDeadline(notifications.stats(), config.storeTimeoutMs, 'outbox stats').catch(() => undefined);
  const nextAttemptAt = notifications.nextAttemptAt();
  return (
    stats && {
      pending: stats.pending,
      failed: stats.failed,
      ...(nextAttemptAt && { nextAttemptAt: nextAttemptAt.toISOString() }),
    }
  );
}

const submission = { name: 'TeamSubmission', schema: teamSubmissionSchema };
const submissionId = { submissionId: 'The submission id (from the inbox).' };
const NO_SUCH_SUBMISSION = 'No such submission: it may have been erased.';

/** The inbox: submissions, one submission, its review and files, the export and erasure (role `inbox`). */
export const inboxRoutes = [
  consoleRoute({
    method: 'GET',
    path: '/submissions',
    permission: 'inbox',
    operationId: 'teamInbox',
    summary: 'The inbox: submissions newest first, a page at a time, with counts per kind',
    query: inboxQuerySchema,
    invalid: 'Some filters are not valid.',
    answers: { 200: { description: 'One page.', schema: { name: 'TeamInbox', schema: inboxSchema } } },
    handler:
      (context) =>
      async ({ res, query }) => {
        const page = Number(query.page ?? '1');
        const [result, mail] = await Promise.all([
          context.store.reviews.inbox({
            ...inboxFilter(query),
            offset: (page - 1) * INBOX_PAGE_SIZE,
            limit: INBOX_PAGE_SIZE,
          }),
          mailState(context),
        ]);
        res.json({
          rows: result.rows.map(toInboxRow),
          total: result.total,
          page,
          pageSize: INBOX_PAGE_SIZE,
          counts: result.counts,
          ...(mail && { mail }),
        });
      },
  }),

  consoleRoute({
    method: 'GET',
    path: '/submissions/:submissionId',
    permission: 'inbox',
    operationId: 'teamSubmission',
    summary: 'One submission with its files and review',
    params: submissionId,
    answers: {
      200: { description: 'The submission.', schema: submission },
      404: { description: 'No such submission.' },
    },
    handler:
      ({ store }) =>
      async ({ req, res }) => {
        const row = await store.reviews.get(String(req.params.submissionId));
        if (!row) {
          sendError(res, new HttpError(404, NO_SUCH_SUBMISSION));
          return;
        }
        res.json(toWire(row));
      },
  }),

  consoleRoute({
    method: 'POST',
    path: '/submissions/:submissionId/review',
    permission: 'inbox',
    operationId: 'teamReview',
    summary: 'Change the status or the private note; the change joins the history',
    params: submissionId,
    body: {
      name: 'TeamReviewRequest',
      schema: reviewRequestSchema,
      examples: [{ status: 'in-progress', note: 'Called back on Monday.' }],
    },
    invalid: 'The change is not valid.',
    answers: {
      200: { description: 'The submission as it is now.', schema: submission },
      404: { description: 'No such submission.' },
    },
    handler:
      ({ store, clock }) =>
      async ({ req, res, body, signed: { email } }) => {
        const row = await store.reviews.update(String(req.params.submissionId), body, email, clock());
        if (!row) {
          sendError(res, new HttpError(404, NO_SUCH_SUBMISSION));
          return;
        }
        res.json(toWire(row));
      },
  }),

  consoleRoute({
    method: 'GET',
    path: '/submissions/:submissionId/files/:fileId',
    permission: 'inbox',
    operationId: 'teamDownloadFile',
    summary: 'A file of the submission, as an attachment',
    params: { ...submissionId, fileId: 'The file id (from the submission).' },
    answers: {
      200: {
        description: 'The file as uploaded, never rendered by the browser (nosniff, sandboxing CSP).',
        attachment: ['application/octet-stream', '*/*'],
      },
      404: { description: 'No such file in this submission.' },
    },
    audit: ['file-download'],
    handler:
      ({ store, audit }) =>
      async ({ req, res, signed: { email } }) => {
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
      },
  }),

  consoleRoute({
    method: 'GET',
    path: '/export',
    permission: 'inbox',
    fresh: true,
    operationId: 'teamExport',
    summary: 'The submissions of a filter as CSV or an Excel workbook',
    description:
      'Newest first. CSV: every cell quoted, no cell starts a formula whichever list separator is used. ' +
      'xlsx: every cell is a text cell, never a formula.',
    query: teamExportQuerySchema,
    invalid: 'Some filters are not valid.',
    answers: {
      200: {
        description: 'The file, as an attachment.',
        attachment: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    audit: ['export'],
    handler:
      ({ store, logger, clock, audit }) =>
      async ({ res, query, signed: { email } }) => {
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
  }),

  consoleRoute({
    method: 'POST',
    path: '/erase',
    permission: 'inbox',
    fresh: true,
    operationId: 'teamErase',
    summary: 'Erase a person: every submission and file sent with one email address',
    description:
      'Shared self-assessments are anonymous (they hold no address), so none can be attributed. An audit entry records ' +
      'who erased how many records and when, without the address.',
    body: { name: 'TeamEraseRequest', schema: eraseRequestSchema, examples: [{ email: 'someone.else@example.org' }] },
    invalid: 'Enter the email address to erase.',
    answers: { 200: { description: 'What was deleted.', schema: { name: 'TeamErasure', schema: erasureSchema } } },
    audit: ['erase'],
    handler:
      ({ store, logger, clock, audit }) =>
      async ({ res, body, signed: { email } }) => {
        const counts = await erasePerson(store, body.email, clock());
        // The audit entry says who; neither it nor the log line says whose.
        await audit.record(email, 'erase', { counts });
        logger.info(counts, 'person erased');
        res.json(counts);
      },
  }),
];
