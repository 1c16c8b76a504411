import { pipeline } from 'node:stream/promises';
import express, { Router, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { TEAM_API } from '@wpc/shared/team';
import {
  eraseRequestSchema,
  INBOX_PAGE_SIZE,
  inboxQuerySchema,
  reviewRequestSchema,
  sessionRequestSchema,
  signInRequestSchema,
  teamExportQuerySchema,
  type FilterQuery,
  type InboxRow,
  type TeamSubmission,
} from '@wpc/shared/team/schemas';
import type { ApiConfig } from '../config';
import { sendUpload } from '../http/download';
import { HttpError, sendError } from '../http/errors';
import { limiter } from '../http/rate-limit';
import { mailErrorReason, type Mailer } from '../mail/transport';
import type { Store } from '../store';
import { exportStages, startRows } from '../submissions/export';
import { erasePerson } from './erase';
import { reviewedTable, writeWorkbook } from './export';
import type { InboxFilter, ReviewedSubmission } from './reviews';
import {
  clearSessionCookie,
  currentSession,
  newToken,
  requireCsrf,
  requireSession,
  SESSION_IDLE_MS,
  setSessionCookie,
  tokenHash,
  type SessionLocals,
} from './session';
import { signInLinks } from './sign-in';

/** Sign-in requests per client address per window (listed or not, the answer is the same). */
export const SIGN_IN_RATE = { max: 10, windowMs: 15 * 60 * 1000 };

export interface TeamRoutesOptions {
  readonly store: Store;
  readonly config: ApiConfig;
  readonly logger: Logger;
  readonly mailer?: Mailer;
  readonly clock?: () => Date;
}

const requireJson: RequestHandler = (req, res, next) => {
  // JSON only: a cross-site HTML form cannot send it without a CORS preflight, which is refused.
  if (req.is('application/json') !== 'application/json') {
    sendError(res, new HttpError(415, 'Send the request as application/json.'));
    return;
  }
  next();
};

/** Each refused field or parameter, with what is wrong with it. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
}

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

function parse<S extends z.ZodType>(schema: S, value: unknown, res: Response, what: string): z.infer<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  sendError(res, new HttpError(400, what, { fields: fieldErrors(result.error) }));
  return undefined;
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

/** The team console's API: sign-in by emailed link, the inbox, a submission, its review, export and erasure. */
export function teamRoutes({ store, config, logger, mailer, clock = () => new Date() }: TeamRoutesOptions): Router {
  const router = Router();
  const json = express.json({ limit: config.jsonLimitBytes, type: 'application/json' });
  const cookie = { secure: config.nodeEnv === 'production' };
  const session = requireSession(store, clock);
  const links = signInLinks({
    store,
    teamEmails: config.teamEmails,
    siteOrigin: config.siteOrigin,
    production: config.nodeEnv === 'production',
    mailer,
    logger,
    clock,
  });
  const signInGuard = limiter(SIGN_IN_RATE, store.rateCounts, {
    name: 'team-sign-in',
    message: 'Too many sign-in requests from your address. Please wait a few minutes and try again.',
  });
  let nextSweep = 0;
  const sweep = () => {
    const now = clock();
    if (now.getTime() < nextSweep) return;
    nextSweep = now.getTime() + 60 * 60 * 1000;
    void store.sessions
      .sweep(new Date(now.getTime() - SESSION_IDLE_MS), now)
      .catch((error: unknown) => logger.warn({ err: error }, 'team session sweep failed'));
  };

  router.use(TEAM_API, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    res.set('X-Robots-Tag', 'noindex, nofollow');
    next();
  });

  router.post(`${TEAM_API}/sign-in`, ...signInGuard, requireJson, json, (req, res) => {
    const body = parse(signInRequestSchema, req.body, res, 'Enter your email address.');
    if (!body) return;
    // Answered before anything is looked up or sent, so listed and unlisted addresses take the same time.
    res.status(202).json({
      message: 'If this address belongs to the team, a sign-in link is on its way. It works once, for 15 minutes.',
    });
    links.request(body.email).catch((error: unknown) =>
      // The SMTP server's answer may echo the recipient: addresses are masked, so no address reaches the log.
      logger.error(
        { reason: mailErrorReason(error).replace(/[^\s<>"]+@[^\s<>"]+/g, '<address>') },
        'sign-in link not sent',
      ),
    );
  });

  // Not rate-limited: a token is 256 random bits, so guessing one is hopeless however fast.
  router.post(`${TEAM_API}/session`, requireJson, json, async (req, res) => {
    const body = parse(sessionRequestSchema, req.body, res, 'This sign-in link is not complete.');
    if (!body) return;
    const now = clock();
    const email = await store.sessions.takeSignInToken(tokenHash(body.token), now);
    if (!email || !config.teamEmails.includes(email)) {
      sendError(res, new HttpError(401, 'This sign-in link has expired or was already used. Ask for a new one.'));
      return;
    }
    const token = newToken();
    const csrfToken = newToken();
    await store.sessions.save({ tokenHash: tokenHash(token), email, csrfToken, createdAt: now, lastSeenAt: now });
    setSessionCookie(res, token, cookie);
    sweep();
    res.status(201).json({ signedIn: true, email, csrfToken });
  });

  // Answers 200 either way: a signed-out visitor of the console is normal, not an error in the browser's console.
  router.get(`${TEAM_API}/session`, async (req, res) => {
    const current = await currentSession(req, store, clock());
    res.json(current ? { signedIn: true, email: current.email, csrfToken: current.csrfToken } : { signedIn: false });
  });

  router.post(`${TEAM_API}/sign-out`, session, requireCsrf, async (_req, res) => {
    await store.sessions.delete((res.locals as SessionLocals).session.tokenHash);
    clearSessionCookie(res, cookie);
    res.json({ ok: true });
  });

  router.get(`${TEAM_API}/submissions`, session, async (req, res) => {
    const query = parse(inboxQuerySchema, req.query, res, 'Some filters are not valid.');
    if (!query) return;
    const page = Number(query.page ?? '1');
    const result = await store.reviews.inbox({
      ...inboxFilter(query),
      offset: (page - 1) * INBOX_PAGE_SIZE,
      limit: INBOX_PAGE_SIZE,
    });
    res.json({
      rows: result.rows.map(inboxRow),
      total: result.total,
      page,
      pageSize: INBOX_PAGE_SIZE,
      counts: result.counts,
    });
  });

  router.get(`${TEAM_API}/submissions/:submissionId`, session, async (req, res) => {
    const row = await store.reviews.get(String(req.params.submissionId));
    if (!row) {
      sendError(res, new HttpError(404, 'No such submission: it may have been erased.'));
      return;
    }
    res.json(submissionBody(row));
  });

  router.post(
    `${TEAM_API}/submissions/:submissionId/review`,
    session,
    requireCsrf,
    requireJson,
    json,
    async (req, res) => {
      const body = parse(reviewRequestSchema, req.body, res, 'The change is not valid.');
      if (!body) return;
      const { email } = (res.locals as SessionLocals).session;
      const row = await store.reviews.update(String(req.params.submissionId), body, email, clock());
      if (!row) {
        sendError(res, new HttpError(404, 'No such submission: it may have been erased.'));
        return;
      }
      res.json(submissionBody(row));
    },
  );

  router.get(`${TEAM_API}/submissions/:submissionId/files/:fileId`, session, async (req, res) => {
    const row = await store.reviews.get(String(req.params.submissionId));
    const fileId = String(req.params.fileId);
    // Only the files of this submission: an id from elsewhere is not found here.
    const found = row?.files.some((file) => file.id === fileId) ? await store.files.open(fileId) : null;
    if (!found) {
      sendError(res, new HttpError(404, 'No such file.'));
      return;
    }
    await sendUpload(res, found);
  });

  router.get(`${TEAM_API}/export`, session, async (req, res) => {
    const query = parse(teamExportQuerySchema, req.query, res, 'Some filters are not valid.');
    if (!query) return;
    const filter = inboxFilter(query);
    const table = reviewedTable(filter.form);
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
  });

  router.post(`${TEAM_API}/erase`, session, requireCsrf, requireJson, json, async (req, res) => {
    const body = parse(eraseRequestSchema, req.body, res, 'Enter the email address to erase.');
    if (!body) return;
    const { email } = (res.locals as SessionLocals).session;
    const counts = await erasePerson(store, body.email, email, clock());
    // The audit entry (in the store) says who; the log line only how many, never whose.
    logger.info(counts, 'person erased');
    res.json(counts);
  });

  return router;
}
