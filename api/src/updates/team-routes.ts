import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import type { AuditAction } from '@wpc/shared/team';
import { LIST_NAMES, UPDATE_LISTS } from '@wpc/shared/updates';
import {
  draftRequestSchema,
  fromReleaseRequestSchema,
  previewRequestSchema,
  sendRequestSchema,
  subscriberQuerySchema,
  type SubscriberRow,
} from '@wpc/shared/updates/schemas';
import { TEAM_EXPORT_FORMATS } from '@wpc/shared/team/schemas';
import { HttpError, sendError } from '../http/errors';
import { csvCell, csvWriter, type TableShape } from '../submissions/export';
import type { ConsoleHandler, ConsoleRoutes, Signed } from '../team/console-routes';
import type { ConsoleContext } from '../team/context';
import { writeWorkbook } from '../team/export';
import { parse } from '../team/requests';
import * as compose from './compose';
import { draftFromRelease, releaseChoices } from './releases';
import type { Subscriber, SubscriberSummary } from './subscriptions';

const SEARCH_ROWS = 50;

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

const subscriberRow = (subscriber: SubscriberSummary): SubscriberRow => ({
  email: subscriber.email,
  lists: UPDATE_LISTS.flatMap((id) => {
    const entry = subscriber.lists[id];
    return entry ? [{ id, state: entry.state }] : [];
  }),
  createdAt: subscriber.createdAt.toISOString(),
});

/** A console action; a refusal of the use-case is answered with its status, message and fields. */
const act =
  (work: (req: Request, res: Response, signed: Signed) => Promise<void>): ConsoleHandler =>
  async (req, res, signed) => {
    try {
      await work(req, res, signed);
    } catch (error) {
      if (!(error instanceof compose.UpdateRefused)) throw error;
      sendError(res, new HttpError(error.status, error.message, error.fields ? { fields: error.fields } : {}));
    }
  };

/**
 * The console's Updates (compose, preview, test, send or schedule, pause, resume, cancel) and
 * Subscribers (counts, search, export) under /api/team, each route needing the `updates` role;
 * every test send, send, schedule, pause, resume, cancel and export is audited before its answer.
 * `poke` starts what was sent or resumed at once, rather than at the update sender's next round.
 */
export function updatesTeamRoutes(
  routes: ConsoleRoutes,
  { store, config, logger, mailer, clock, audit }: ConsoleContext,
  poke: () => void,
): void {
  const settings = config;
  const record = (by: string, action: AuditAction, update: string) => audit.record(by, action, { target: update });

  routes.get(
    '/updates',
    'updates',
    act(async (_req, res) => {
      const updates = await store.updates.list();
      res.json({ updates: await Promise.all(updates.map((update) => compose.updateView(store, update))) });
    }),
  );

  routes.post(
    '/updates',
    'updates',
    act(async (req, res, { email }) => {
      const draft = parse(draftRequestSchema, req.body, res, 'The update cannot be saved.');
      if (!draft) return;
      const update = await compose.createDraft(store, draft, email, clock());
      res.status(201).json(await compose.updateView(store, update));
    }),
  );

  // The published press releases, and a draft started from one (not under /updates/, as below).
  routes.get(
    '/update-releases',
    'updates',
    act(async (_req, res) => {
      res.json({ releases: await releaseChoices(store) });
    }),
  );

  routes.post(
    '/update-releases',
    'updates',
    act(async (req, res, { email }) => {
      const choice = parse(fromReleaseRequestSchema, req.body, res, 'The update cannot be started.');
      if (!choice) return;
      const draft = await draftFromRelease(store, choice.slug, choice.list, settings.siteOrigin);
      if (!draft)
        throw new compose.UpdateRefused(404, 'No published press release has this slug: choose one from the list.', {
          slug: 'Not a published press release.',
        });
      const update = await compose.createDraft(store, draft, email, clock());
      res.status(201).json(await compose.updateView(store, update));
    }),
  );

  // Not under /updates/: /updates/:updateId would answer it too, and OPTIONS would list a GET.
  routes.post(
    '/update-preview',
    'updates',
    act(async (req, res) => {
      const draft = parse(previewRequestSchema, req.body, res, 'The update cannot be previewed.');
      if (!draft) return;
      res.json(compose.preview(draft, settings));
    }),
  );

  routes.get(
    '/updates/:updateId',
    'updates',
    act(async (req, res) => {
      const update = await store.updates.get(String(req.params.updateId));
      if (!update) throw new compose.UpdateRefused(404, 'No such update.');
      res.json(await compose.updateView(store, update));
    }),
  );

  routes.post(
    '/updates/:updateId',
    'updates',
    act(async (req, res) => {
      const draft = parse(draftRequestSchema, req.body, res, 'The update cannot be saved.');
      if (!draft) return;
      const update = await compose.editDraft(store, String(req.params.updateId), draft);
      res.json(await compose.updateView(store, update));
    }),
  );

  routes.post(
    '/updates/:updateId/test',
    'updates',
    act(async (req, res, { email }) => {
      const id = String(req.params.updateId);
      await compose.sendTest(store, id, email, mailer, settings);
      await record(email, 'update-test', id);
      res.json({ sentTo: email });
    }),
  );

  routes.post(
    '/updates/:updateId/send',
    'updates',
    act(async (req, res, { email }) => {
      const body = parse(sendRequestSchema, req.body, res, 'The update cannot be sent.');
      if (!body) return;
      const id = String(req.params.updateId);
      const at = body.at === undefined ? undefined : new Date(body.at);
      const update = await compose.send(store, id, at, clock());
      await record(email, at ? 'update-schedule' : 'update-send', id);
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
    routes.post(
      `/updates/:updateId/${action}`,
      'updates',
      act(async (req, res, { email }) => {
        const id = String(req.params.updateId);
        const update = await run(id);
        await record(email, `update-${action}`, id);
        logger.info({ update: id }, `update ${action}`);
        poke();
        res.json(await compose.updateView(store, update));
      }),
    );
  }

  subscriberRoutes(routes, { store, clock, audit });
}

/** Subscribers: the counts per list, a search by address, and the export (audited before it starts). */
function subscriberRoutes(
  routes: ConsoleRoutes,
  { store, clock, audit }: Pick<ConsoleContext, 'store' | 'clock' | 'audit'>,
): void {
  routes.get(
    '/subscribers',
    'updates',
    act(async (req, res) => {
      const query = parse(subscriberQuerySchema, req.query, res, 'The search is not valid.');
      if (!query) return;
      // Addresses only for a search: listing everyone would read every subscriber on each visit.
      const q = query.q?.trim();
      const [counts, suppressed, rows] = await Promise.all([
        store.subscriptions.counts(),
        store.suppressions.count(),
        q ? store.subscriptions.search({ q, list: query.list, limit: SEARCH_ROWS }) : [],
      ]);
      res.json({ counts, suppressed, rows: rows.map(subscriberRow) });
    }),
  );

  routes.get(
    '/subscribers/export',
    'updates',
    act(async (req, res, { email }) => {
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
      await audit.record(email, 'export', { detail: `${String(format)}, every subscriber` });
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
}
