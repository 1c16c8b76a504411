import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { ONE_CLICK_BODY, UPDATE_LISTS, UPDATES_API, UPDATES_PAGES, type UpdateListId } from '@wpc/shared/updates';
import { LINK_TOKEN } from '@wpc/shared/updates/schemas';
import { HttpError, sendError } from '../http/errors';
import type { Store } from '../store';
import { FEED_SOURCES, PRESS_RELEASES_FEED, UPDATES_FEED } from '@wpc/shared/updates/archive';
import type { ArchiveAnswer } from '@wpc/shared/updates/schemas';
import { archive, summaryOf } from './archive';
import { pressReleasesFeed, updatesFeed } from './feeds';
import { renderBody } from './render';
import type { Update } from './updates';
import {
  confirm,
  confirmationInfo,
  leave,
  LinkError,
  preferences,
  setPreferences,
  type SubscriberDeps,
} from './subscribers';

export interface UpdatesRoutesOptions {
  readonly deps: SubscriberDeps;
  readonly store: Pick<Store, 'updates' | 'contentEntries'>;
  readonly jsonLimitBytes: number;
  /** The site's public origin, for the feeds' absolute addresses. */
  readonly siteOrigin: string;
  readonly clock: () => Date;
}

/** A sent update as the archive lists it: public text only. */
const archivedView = (update: Update & { startedAt: Date }, path: string): ArchiveAnswer['updates'][number] => ({
  id: update.id,
  path,
  subject: update.subject,
  list: update.list,
  sentAt: update.startedAt.toISOString(),
  summary: summaryOf(update),
});

const LINK_STATUS = { invalid: 404, expired: 410, used: 409 } as const;
/**
 * A page's form posted without scripts (the edge passes /updates/confirm and /updates/preferences
 * posts here): answered with a page. A one-click unsubscribe is urlencoded too, but a mail
 * provider's machine sends it: it is answered in JSON like any other call.
 */
const isPagePost = (req: Request) =>
  !req.path.endsWith('/one-click') && Boolean(req.is('application/x-www-form-urlencoded'));

/** The token of a request: in the body (scripts), or in the address of the page that posted. */
function tokenOf(req: Request): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const token = typeof body.token === 'string' ? body.token : req.query.token;
  if (typeof token !== 'string' || !LINK_TOKEN.test(token)) throw new LinkError('invalid');
  return token;
}

function listsOf(value: unknown): UpdateListId[] | undefined {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (!values.every((item): item is UpdateListId => UPDATE_LISTS.includes(item as UpdateListId))) return undefined;
  return [...new Set(values)];
}

/** Answers a refused link: JSON with its message, or the page that explains it. */
function refuse(req: Request, res: Response, error: unknown): void {
  if (!(error instanceof LinkError)) throw error;
  if (isPagePost(req)) {
    res.redirect(303, `${UPDATES_PAGES.linkProblem}?problem=${error.problem}`);
    return;
  }
  sendError(res, new HttpError(LINK_STATUS[error.problem], error.message, { problem: error.problem }));
}

const handle =
  (work: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    work(req, res).catch((error: unknown) => {
      try {
        refuse(req, res, error);
      } catch (other) {
        next(other);
      }
    });
  };

/**
 * The public updates API: every call carries the token of an emailed link (no session, no cookie).
 * GETs change nothing (mail scanners follow links); POSTs take JSON from the pages' scripts, or a
 * form the page posted without scripts (answered with a redirect to a page).
 */
export function updatesRoutes({ deps, store, jsonLimitBytes, siteOrigin, clock }: UpdatesRoutesOptions): Router {
  const router = Router();
  const bodies = [
    express.json({ limit: jsonLimitBytes }),
    // The field limit cannot be reached within the size limit (a field takes 2 bytes at least), so
    // a form with extra fields is answered like any other refused one, not 413.
    express.urlencoded({ extended: false, limit: jsonLimitBytes, parameterLimit: Math.ceil(jsonLimitBytes / 2) + 1 }),
  ];

  router.get(
    `${UPDATES_API}/confirm`,
    handle(async (req, res) => {
      res.json(await confirmationInfo(deps, tokenOf(req)));
    }),
  );

  router.post(
    `${UPDATES_API}/confirm`,
    ...bodies,
    handle(async (req, res) => {
      const confirmed = await confirm(deps, tokenOf(req));
      if (isPagePost(req)) res.redirect(303, UPDATES_PAGES.confirmed);
      else res.json({ confirmed, alreadyConfirmed: false });
    }),
  );

  router.get(
    `${UPDATES_API}/preferences`,
    handle(async (req, res) => {
      res.json(await preferences(deps, tokenOf(req)));
    }),
  );

  router.post(
    `${UPDATES_API}/preferences`,
    ...bodies,
    handle(async (req, res) => {
      const token = tokenOf(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      // The page's "Leave every list" button sends leave=all, whatever boxes are ticked.
      const lists = body.leave === 'all' ? [] : listsOf(body.lists);
      if (!lists) {
        sendError(
          res,
          new HttpError(400, `Choose lists among: ${UPDATE_LISTS.join(', ')}.`, { fields: { lists: 'Unknown list.' } }),
        );
        return;
      }
      const answer = await setPreferences(deps, token, lists);
      if (isPagePost(req)) res.redirect(303, UPDATES_PAGES.saved);
      else res.json(answer);
    }),
  );

  // A mail client without one-click support opens the link: the preferences page, where nothing
  // happens until the visitor chooses.
  router.get(
    `${UPDATES_API}/one-click`,
    handle(async (req, res) => {
      res.redirect(303, `${UPDATES_PAGES.preferences}?token=${encodeURIComponent(tokenOf(req))}`);
    }),
  );

  // RFC 8058: a POST whose body is "List-Unsubscribe=One-Click" (urlencoded or multipart), no
  // cookie, no session; it takes effect at once and again is harmless.
  router.post(
    `${UPDATES_API}/one-click`,
    // Small, but room for a provider's extra fields: a body that is not a one-click is answered
    // 400 saying so. The field limit cannot be reached within the size limit (2 bytes a field).
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10_000 }),
    express.text({ type: 'multipart/form-data', limit: '16kb' }),
    handle(async (req, res) => {
      const body: unknown = req.body;
      const oneClick =
        typeof body === 'string'
          ? /name="List-Unsubscribe"\r?\n\r?\nOne-Click\r?\n/.test(body)
          : (body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] === 'One-Click';
      if (!oneClick) {
        sendError(res, new HttpError(400, `A one-click unsubscribe is a POST with the body "${ONE_CLICK_BODY}".`));
        return;
      }
      const list = req.query.list === undefined ? undefined : listsOf(req.query.list)?.[0];
      if (req.query.list !== undefined && !list) {
        sendError(res, new HttpError(400, `Unknown list: use one of ${UPDATE_LISTS.join(', ')}.`));
        return;
      }
      await leave(deps, tokenOf(req), list);
      res.json({ ok: true });
    }),
  );

  // The public archive (issue 38 item 2), read by the edge's pages: what was sent and not withdrawn.
  router.get(
    `${UPDATES_API}/archive`,
    handle(async (_req, res) => {
      const updates = await archive(store);
      res.set('Cache-Control', 'no-cache');
      res.json({ updates: updates.map(({ update, path }) => archivedView(update, path)) });
    }),
  );

  router.get(
    `${UPDATES_API}/archive/:id`,
    handle(async (req, res) => {
      const found = (await archive(store)).find(({ update }) => update.id === String(req.params.id));
      if (!found) {
        sendError(res, new HttpError(404, 'No such update: it may not have been sent, or it was withdrawn.'));
        return;
      }
      res.set('Cache-Control', 'no-cache');
      res.json({ ...archivedView(found.update, found.path), html: renderBody(found.update.body).html });
    }),
  );

  const feed = (path: string, write: typeof updatesFeed) =>
    router.get(
      path,
      handle(async (_req, res) => {
        const xml = await write(store, siteOrigin, clock());
        res.set('Cache-Control', 'no-cache').type('application/atom+xml; charset=utf-8').send(xml);
      }),
    );
  feed(FEED_SOURCES[UPDATES_FEED], updatesFeed);
  feed(FEED_SOURCES[PRESS_RELEASES_FEED], pressReleasesFeed);

  return router;
}
