import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { LIST_NAMES, UPDATE_LISTS } from '@wpc/shared/updates';
import {
  draftRequestSchema,
  fromReleaseRequestSchema,
  previewRequestSchema,
  previewSchema,
  releasesAnswerSchema,
  sendRequestSchema,
  subscriberQuerySchema,
  subscribersAnswerSchema,
  testSentSchema,
  updateSchema,
  updatesAnswerSchema,
  type SubscriberRow,
} from '@wpc/shared/updates/schemas';
import { TEAM_EXPORT_FORMATS } from '@wpc/shared/team/schemas';
import { HttpError, sendError } from '../http/errors';
import { badRequestSchema } from '@wpc/shared/answers';
import { csvCell, csvWriter, type TableShape } from '../submissions/export';
import { consoleRoute, type Answer, type ConsoleRoute, type RouteHandler } from './console-route';
import { writeWorkbook } from './export';
import * as compose from '../updates/compose';
import { confirmationsPaused } from '../updates/confirmation-caps';
import { addresses } from '../updates/archive';
import { draftFromRelease, releaseChoices } from '../updates/releases';
import type { Subscriber, SubscriberSummary } from '../records/subscriptions';

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
  <Q, B, P>(work: RouteHandler<Q, B, P>): RouteHandler<Q, B, P> =>
  async (input) => {
    try {
      await work(input);
    } catch (error) {
      if (!(error instanceof compose.UpdateRefused)) throw error;
      const { res } = input;
      sendError(res, new HttpError(error.status, error.message, error.fields ? { fields: error.fields } : {}));
    }
  };

const update = { name: 'Update', schema: updateSchema };
const updateId = { updateId: 'The update id (from the list of updates).' };
const updateAnswer: Answer = { description: 'The update as it is now, with its delivery counts.', schema: update };
const noSuchUpdate: Answer = { description: 'No such update.' };
const draft = {
  name: 'UpdateDraft',
  schema: draftRequestSchema,
  examples: [{ subject: 'The 2027 Scorecard is out', body: 'Read what changed.', list: 'scorecard' as const }],
};
const title = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

/** Pause, resume and cancel: the same route but for the use-case it runs. */
const stateChange = (action: 'pause' | 'resume' | 'cancel') =>
  consoleRoute({
    method: 'POST',
    path: `/updates/:updateId/${action}`,
    permission: 'updates',
    emptyBody: true,
    operationId: `team${title(action)}Update`,
    summary: `${title(action)} the sending of an update (audited)`,
    params: updateId,
    answers: {
      200: updateAnswer,
      404: noSuchUpdate,
      409: { description: `This update cannot be ${action === 'pause' ? 'paused' : `${action}d`} in its state.` },
    },
    audit: [`update-${action}`],
    handler: ({ store, logger, clock, audit, pokeUpdates }) => {
      const run = {
        pause: (id: string) => compose.pause(store, id),
        resume: (id: string) => compose.resume(store, id),
        cancel: (id: string) => compose.cancel(store, id, clock()),
      }[action];
      return act(async ({ req, res, signed: { email } }) => {
        const id = String(req.params.updateId);
        const changed = await run(id);
        await audit.record(email, `update-${action}`, { target: id });
        logger.info({ update: id }, `update ${action}`);
        pokeUpdates();
        res.json(await compose.updateView(store, changed));
      });
    },
  });

/**
 * The console's Updates (compose, preview, test, send or schedule, pause, resume, cancel) and
 * Subscribers (counts, search, export) under /api/team, each route needing the `updates` role;
 * every test send, send, schedule, pause, resume, cancel, withdrawal and export is audited before its answer.
 * `pokeUpdates` starts what was sent or resumed at once, rather than at the update sender's next round.
 */
export const UPDATES_TEAM_ROUTES: readonly ConsoleRoute[] = [
  consoleRoute({
    method: 'GET',
    path: '/updates',
    permission: 'updates',
    operationId: 'teamUpdates',
    summary: 'Every update, newest first, with its delivery counts, and whether confirmation emails are paused',
    answers: { 200: { description: 'The updates.', schema: { name: 'Updates', schema: updatesAnswerSchema } } },
    handler: ({ store, config }) =>
      act(async ({ res }) => {
        const [updates, paths] = await Promise.all([store.updates.list(), addresses(store)]);
        const paused = await confirmationsPaused(store.rateCounts, config.confirmationCaps);
        res.json({
          updates: await Promise.all(updates.map((one) => compose.updateView(store, one, paths))),
          ...(paused && { confirmationsPaused: { ceiling: paused.ceiling, until: paused.until.toISOString() } }),
        });
      }),
  }),

  consoleRoute({
    method: 'POST',
    path: '/updates',
    permission: 'updates',
    operationId: 'teamCreateUpdate',
    summary: 'Write a draft update',
    body: draft,
    invalid: 'The update cannot be saved.',
    answers: { 201: { description: 'The draft.', schema: update } },
    handler: ({ store, clock }) =>
      act(async ({ res, body, signed: { email } }) => {
        const created = await compose.createDraft(store, body, email, clock());
        res.status(201).json(await compose.updateView(store, created));
      }),
  }),

  // The published press releases, and a draft started from one (not under /updates/, as below).
  consoleRoute({
    method: 'GET',
    path: '/update-releases',
    permission: 'updates',
    operationId: 'teamUpdateReleases',
    summary: 'The published press releases an update can start from, newest first',
    answers: {
      200: { description: 'The releases.', schema: { name: 'UpdateReleases', schema: releasesAnswerSchema } },
    },
    handler: ({ store }) =>
      act(async ({ res }) => {
        res.json({ releases: await releaseChoices(store) });
      }),
  }),

  consoleRoute({
    method: 'POST',
    path: '/update-releases',
    permission: 'updates',
    operationId: 'teamUpdateFromRelease',
    summary: 'A new draft from a published press release: its title, summary, text and a link to its page',
    body: {
      name: 'UpdateFromRelease',
      schema: fromReleaseRequestSchema,
      examples: [{ slug: 'community-wildfire-resilience-scorecard-launched', list: 'scorecard' }],
    },
    invalid: 'The update cannot be started.',
    answers: {
      201: { description: 'The new draft.', schema: update },
      404: {
        description: 'No published press release has this slug (`fields.slug` says so, for the choice in the form).',
        schema: { name: 'BadRequest', schema: badRequestSchema },
      },
    },
    handler: ({ store, config, clock }) =>
      act(async ({ res, body, signed: { email } }) => {
        const started = await draftFromRelease(store, body.slug, body.list, config.siteOrigin);
        if (!started)
          throw new compose.UpdateRefused(404, 'No published press release has this slug: choose one from the list.', {
            slug: 'Not a published press release.',
          });
        const created = await compose.createDraft(store, started, email, clock());
        res.status(201).json(await compose.updateView(store, created));
      }),
  }),

  // Not under /updates/: /updates/:updateId would answer it too, and OPTIONS would list a GET.
  consoleRoute({
    method: 'POST',
    path: '/update-preview',
    permission: 'updates',
    operationId: 'teamPreviewUpdate',
    summary: 'The email as a subscriber would receive it (HTML and text), with its footer',
    body: { name: 'UpdatePreviewRequest', schema: previewRequestSchema },
    invalid: 'The update cannot be previewed.',
    answers: { 200: { description: 'The email.', schema: { name: 'UpdatePreview', schema: previewSchema } } },
    handler: ({ config, clock }) =>
      act(({ res, body }) => {
        res.json(compose.preview(body, config, clock()));
      }),
  }),

  consoleRoute({
    method: 'GET',
    path: '/updates/:updateId',
    permission: 'updates',
    operationId: 'teamUpdate',
    summary: 'One update with its delivery counts',
    params: updateId,
    answers: { 200: updateAnswer, 404: noSuchUpdate },
    handler: ({ store }) =>
      act(async ({ req, res }) => {
        const found = await store.updates.get(String(req.params.updateId));
        if (!found) throw new compose.UpdateRefused(404, 'No such update.');
        res.json(await compose.updateView(store, found));
      }),
  }),

  consoleRoute({
    method: 'POST',
    path: '/updates/:updateId',
    permission: 'updates',
    operationId: 'teamEditUpdate',
    summary: 'Change a draft',
    params: updateId,
    body: draft,
    invalid: 'The update cannot be saved.',
    answers: { 200: updateAnswer, 404: noSuchUpdate, 409: { description: 'Only a draft can be changed.' } },
    handler: ({ store }) =>
      act(async ({ req, res, body }) => {
        const edited = await compose.editDraft(store, String(req.params.updateId), body);
        res.json(await compose.updateView(store, edited));
      }),
  }),

  consoleRoute({
    method: 'POST',
    path: '/updates/:updateId/test',
    permission: 'updates',
    emptyBody: true,
    operationId: 'teamTestUpdate',
    summary: 'Send the update to the signed-in person only (audited)',
    params: updateId,
    answers: {
      200: { description: 'Sent to this address.', schema: { name: 'UpdateTestSent', schema: testSentSchema } },
      404: noSuchUpdate,
      409: { description: 'Email is off on this server (no SMTP_URL).' },
    },
    audit: ['update-test'],
    handler: ({ store, config, mailer, audit, clock }) =>
      act(async ({ req, res, signed: { email } }) => {
        const id = String(req.params.updateId);
        await compose.sendTest(store, id, email, mailer, config, clock());
        await audit.record(email, 'update-test', { target: id });
        res.json({ sentTo: email });
      }),
  }),

  consoleRoute({
    method: 'POST',
    path: '/updates/:updateId/send',
    permission: 'updates',
    operationId: 'teamSendUpdate',
    summary: 'Send a draft now, or schedule it (audited); refused for a list with no confirmed subscriber',
    params: updateId,
    body: { name: 'UpdateSendRequest', schema: sendRequestSchema, examples: [{}, { at: '2026-12-01T09:00:00Z' }] },
    invalid: 'The update cannot be sent.',
    answers: { 200: updateAnswer, 404: noSuchUpdate, 409: { description: 'The update is not a draft.' } },
    audit: ['update-schedule', 'update-send'],
    handler: ({ store, logger, clock, audit, pokeUpdates }) =>
      act(async ({ req, res, body, signed: { email } }) => {
        const id = String(req.params.updateId);
        const at = body.at === undefined ? undefined : new Date(body.at);
        const sent = await compose.send(store, id, at, clock());
        await audit.record(email, at ? 'update-schedule' : 'update-send', { target: id });
        logger.info(
          { update: id, list: sent.list, scheduledAt: sent.scheduledAt },
          at ? 'update scheduled' : 'update sending',
        );
        pokeUpdates();
        res.json(await compose.updateView(store, sent));
      }),
  }),

  stateChange('pause'),
  stateChange('resume'),
  stateChange('cancel'),

  consoleRoute({
    method: 'POST',
    path: '/updates/:updateId/withdraw',
    permission: 'updates',
    emptyBody: true,
    operationId: 'teamWithdrawUpdate',
    summary: 'Take a sent update out of the public archive, its feed and the sitemap (audited)',
    params: updateId,
    answers: { 200: updateAnswer, 404: noSuchUpdate, 409: { description: 'The update has not been sent.' } },
    audit: ['update-withdraw'],
    handler: ({ store, logger, clock, audit }) =>
      act(async ({ req, res, signed: { email } }) => {
        const id = String(req.params.updateId);
        const withdrawn = await compose.withdraw(store, id, clock());
        await audit.record(email, 'update-withdraw', { target: id });
        logger.info({ update: id }, 'update withdrawn from the archive');
        res.json(await compose.updateView(store, withdrawn));
      }),
  }),

  consoleRoute({
    method: 'GET',
    path: '/subscribers',
    permission: 'updates',
    operationId: 'teamSubscribers',
    summary: 'Counts per list, the suppressed count, and a search by address',
    query: subscriberQuerySchema,
    invalid: 'The search is not valid.',
    answers: {
      200: {
        description: 'Counts and the matching addresses.',
        schema: { name: 'Subscribers', schema: subscribersAnswerSchema },
      },
    },
    handler: ({ store }) =>
      act(async ({ res, query }) => {
        // Addresses only for a search: listing everyone would read every subscriber on each visit.
        const q = query.q?.trim();
        const [counts, suppressed, rows] = await Promise.all([
          store.subscriptions.counts(),
          store.suppressions.count(),
          q ? store.subscriptions.search({ q, list: query.list, limit: SEARCH_ROWS }) : [],
        ]);
        res.json({ counts, suppressed, rows: rows.map(subscriberRow) });
      }),
  }),

  consoleRoute({
    method: 'GET',
    path: '/subscribers/export',
    permission: 'updates',
    operationId: 'teamExportSubscribers',
    summary: 'Every subscriber with its consent records, as CSV or Excel, all cells text (audited)',
    query: z.object({
      format: z.enum(TEAM_EXPORT_FORMATS, { error: 'Unknown format.' }).describe('csv or xlsx'),
    }),
    invalid: `Choose a format: ${TEAM_EXPORT_FORMATS.join(' or ')}.`,
    answers: {
      200: {
        description: 'The file, as an attachment.',
        attachment: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    audit: ['export'],
    handler: ({ store, clock, audit }) =>
      act(async ({ res, query: { format }, signed: { email } }) => {
        await audit.record(email, 'export', { detail: `${format}, every subscriber` });
        const rows = await store.subscriptions.all();
        res.attachment(`subscribers-${clock().toISOString().slice(0, 10)}.${format}`);
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
  }),
];
