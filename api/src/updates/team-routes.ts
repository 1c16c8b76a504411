import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { TEAM_API } from '@wpc/shared/team';
import { LIST_NAMES, UPDATE_LISTS } from '@wpc/shared/updates';
import {
  draftRequestSchema,
  previewRequestSchema,
  sendRequestSchema,
  subscriberQuerySchema,
  type SubscriberRow,
} from '@wpc/shared/updates/schemas';
import { TEAM_EXPORT_FORMATS } from '@wpc/shared/team/schemas';
import { HttpError, sendError } from '../http/errors';
import type { Mailer } from '../mail/transport';
import { csvWriter } from '../submissions/export';
import type { Store } from '../store';
import { requireCsrf, requireSession, type SessionLocals } from '../team/session';
import type { UpdateAuditAction } from '../team/audit';
import { writeWorkbook } from '../team/export';
import type { TableShape } from '../submissions/export';
import { csvCell } from '../submissions/export';
import * as compose from './compose';
import type { MessageSettings } from './messages';
import type { Subscriber } from './subscriptions';

export interface UpdatesTeamRoutesOptions {
  readonly store: Store;
  readonly settings: MessageSettings;
  readonly jsonLimitBytes: number;
  readonly logger: Logger;
  readonly mailer?: Mailer;
  /** Starts what was sent or resumed at once, rather than at the sender's next round. */
  readonly poke: () => void;
  readonly clock?: () => Date;
}

const SEARCH_ROWS = 50;
const UPDATES = `${TEAM_API}/updates`;
const SUBSCRIBERS = `${TEAM_API}/subscribers`;

function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
}

function parse<S extends z.ZodType>(schema: S, value: unknown, res: Response, what: string): z.infer<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  sendError(res, new HttpError(400, what, { fields: fieldErrors(result.error) }));
  return undefined;
}

const requireJson: RequestHandler = (req, res, next) => {
  if (req.is('application/json') !== 'application/json') {
    sendError(res, new HttpError(415, 'Send the request as application/json.'));
    return;
  }
  next();
};

/** The export's columns: the address, each list's state, then every consent record (all text). */
const SUBSCRIBER_TABLE: TableShape<Subscriber> = {
  columns: [
    'email',
    'createdAt',
    ...UPDATE_LISTS.flatMap((list) => [`${list}State`, `${list}Since`, `${list}ConfirmedAt`]),
    'consents',
  ],
  toCells: (row) => [
    row.email,
    row.createdAt.toISOString(),
    ...UPDATE_LISTS.flatMap((list) => {
      const entry = row.lists[list];
      return [entry?.state ?? '', entry?.since.toISOString() ?? '', entry?.confirmedAt?.toISOString() ?? ''];
    }),
    row.consents
      .map(
        (consent) =>
          `${consent.at.toISOString()} | ${consent.form}/${consent.variant} | page ${consent.page ?? '-'} | ` +
          `lists ${consent.lists.map((list) => LIST_NAMES[list]).join(' + ')} | "${consent.wording}" | ` +
          `wording ${consent.wordingVersion || '-'} | privacy notice ${consent.privacyNoticeVersion || '-'} | ` +
          `confirmed ${consent.confirmedAt?.toISOString() ?? 'not yet'}`,
      )
      .join('\n'),
  ],
};

const subscriberRow = (subscriber: Subscriber): SubscriberRow => ({
  email: subscriber.email,
  lists: UPDATE_LISTS.flatMap((id) => {
    const entry = subscriber.lists[id];
    return entry ? [{ id, state: entry.state }] : [];
  }),
  createdAt: subscriber.createdAt.toISOString(),
});

/**
 * The console's Updates (compose, preview, test, send or schedule, pause, resume, cancel; each
 * change audited) and Subscribers (counts, search, export) under /api/team.
 */
export function updatesTeamRoutes({
  store,
  settings,
  jsonLimitBytes,
  logger,
  mailer,
  poke,
  clock = () => new Date(),
}: UpdatesTeamRoutesOptions): Router {
  const router = Router();
  const json = express.json({ limit: jsonLimitBytes, type: 'application/json' });
  const session = requireSession(store, clock);
  const change = [session, requireCsrf, requireJson, json];
  const by = (res: Response) => (res.locals as SessionLocals).session.email;
  const audit = (res: Response, action: UpdateAuditAction, update: string) =>
    store.audit.add({ at: clock(), by: by(res), action, update });

  /** Runs a console action; a refusal is answered with its status, message and fields. */
  const act =
    (work: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next) => {
      work(req, res).catch((error: unknown) => {
        if (error instanceof compose.UpdateRefused) {
          sendError(res, new HttpError(error.status, error.message, error.fields ? { fields: error.fields } : {}));
        } else next(error);
      });
    };

  router.get(
    UPDATES,
    session,
    act(async (_req, res) => {
      const updates = await store.updates.list();
      res.json({ updates: await Promise.all(updates.map((update) => compose.updateView(store, update))) });
    }),
  );

  router.post(
    UPDATES,
    ...change,
    act(async (req, res) => {
      const draft = parse(draftRequestSchema, req.body, res, 'The update cannot be saved.');
      if (!draft) return;
      const update = await compose.createDraft(store, draft, by(res), clock());
      res.status(201).json(await compose.updateView(store, update));
    }),
  );

  router.post(
    `${UPDATES}/preview`,
    ...change,
    act(async (req, res) => {
      const draft = parse(previewRequestSchema, req.body, res, 'The update cannot be previewed.');
      if (!draft) return;
      res.json(compose.preview(draft, settings));
    }),
  );

  router.get(
    `${UPDATES}/:updateId`,
    session,
    act(async (req, res) => {
      const update = await store.updates.get(String(req.params.updateId));
      if (!update) throw new compose.UpdateRefused(404, 'No such update.');
      res.json(await compose.updateView(store, update));
    }),
  );

  router.post(
    `${UPDATES}/:updateId`,
    ...change,
    act(async (req, res) => {
      const draft = parse(draftRequestSchema, req.body, res, 'The update cannot be saved.');
      if (!draft) return;
      const update = await compose.editDraft(store, String(req.params.updateId), draft);
      res.json(await compose.updateView(store, update));
    }),
  );

  router.post(
    `${UPDATES}/:updateId/test`,
    ...change,
    act(async (req, res) => {
      const id = String(req.params.updateId);
      await compose.sendTest(store, id, by(res), mailer, settings);
      await audit(res, 'update-test', id);
      res.json({ sentTo: by(res) });
    }),
  );

  router.post(
    `${UPDATES}/:updateId/send`,
    ...change,
    act(async (req, res) => {
      const body = parse(sendRequestSchema, req.body, res, 'The update cannot be sent.');
      if (!body) return;
      const id = String(req.params.updateId);
      const at = body.at === undefined ? undefined : new Date(body.at);
      const update = await compose.send(store, id, at, clock());
      await audit(res, at ? 'update-schedule' : 'update-send', id);
      logger.info(
        { update: id, list: update.list, scheduledAt: update.scheduledAt },
        at ? 'update scheduled' : 'update sending',
      );
      poke();
      res.json(await compose.updateView(store, update));
    }),
  );

  for (const [action, run] of [
    ['pause', (id: string) => compose.pause(store, id)],
    ['resume', (id: string) => compose.resume(store, id)],
    ['cancel', (id: string) => compose.cancel(store, id, clock())],
  ] as const) {
    router.post(
      `${UPDATES}/:updateId/${action}`,
      ...change,
      act(async (req, res) => {
        const id = String(req.params.updateId);
        const update = await run(id);
        await audit(res, `update-${action}`, id);
        logger.info({ update: id }, `update ${action}`);
        poke();
        res.json(await compose.updateView(store, update));
      }),
    );
  }

  router.get(
    SUBSCRIBERS,
    session,
    act(async (req, res) => {
      const query = parse(subscriberQuerySchema, req.query, res, 'The search is not valid.');
      if (!query) return;
      const [counts, suppressed, rows] = await Promise.all([
        store.subscriptions.counts(),
        store.suppressions.count(),
        store.subscriptions.search({ q: query.q, list: query.list, limit: SEARCH_ROWS }),
      ]);
      res.json({ counts, suppressed, rows: rows.map(subscriberRow) });
    }),
  );

  router.get(
    `${SUBSCRIBERS}/export`,
    session,
    act(async (req, res) => {
      const format = req.query.format;
      if (!TEAM_EXPORT_FORMATS.includes(format as (typeof TEAM_EXPORT_FORMATS)[number])) {
        sendError(
          res,
          new HttpError(400, `Choose a format: ${TEAM_EXPORT_FORMATS.join(' or ')}.`, {
            fields: { format: 'Unknown format.' },
          }),
        );
        return;
      }
      const rows = await store.subscriptions.all();
      res.attachment(`subscribers-${clock().toISOString().slice(0, 10)}.${String(format)}`);
      res.set('X-Content-Type-Options', 'nosniff');
      if (format === 'csv') {
        res.type('text/csv; charset=utf-8');
        const records = rows.map((row) => {
          const cells = SUBSCRIBER_TABLE.toCells(row);
          return Object.fromEntries(SUBSCRIBER_TABLE.columns.map((column, index) => [column, csvCell(cells[index])]));
        });
        await pipeline(Readable.from(records), csvWriter(SUBSCRIBER_TABLE.columns), res);
      } else {
        res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        await writeWorkbook(Readable.from(rows), SUBSCRIBER_TABLE, res);
      }
    }),
  );

  return router;
}
