import express, { type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { ONE_CLICK_BODY, UPDATE_LISTS, UPDATES_API, UPDATES_PAGES, type UpdateListId } from '@wpc/shared/updates';
import {
  archiveSchema,
  confirmAnswerSchema,
  confirmInfoSchema,
  confirmRequestSchema,
  LINK_TOKEN,
  preferencesRequestSchema,
  preferencesSchema,
  publicUpdateSchema,
  tokenQuerySchema,
} from '@wpc/shared/updates/schemas';
import { HttpError, sendError } from '../http/errors';
import { publicRoute, type PublicAnswer, type PublicRoute } from '../http/public-route';
import { okSchema } from '@wpc/shared/answers';
import type { Store } from '../store';
import { FEED_SOURCES, FEED_TITLES, PRESS_RELEASES_FEED, UPDATES_FEED } from '@wpc/shared/updates/archive';
import type { ArchiveAnswer } from '@wpc/shared/updates/schemas';
import { archive, summaryOf } from './archive';
import { pressReleasesFeed, updatesFeed } from './feeds';
import { renderBody } from './render';
import type { Update } from '../records/updates';
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

/** A call by an emailed link's token: never cached, and a refused link answered as refuse() says. */
const linkCall =
  (work: (req: Request, res: Response) => Promise<void>) =>
  async ({ req, res }: { req: Request; res: Response }) => {
    res.set('Cache-Control', 'no-store');
    await work(req, res).catch((error: unknown) => refuse(req, res, error));
  };

/** JSON from the page's script, or the page's own form posted without scripts. */
const pageBodies = ({ jsonLimitBytes }: UpdatesRoutesOptions): RequestHandler[] => [
  express.json({ limit: jsonLimitBytes }),
  // The field limit cannot be reached within the size limit (a field takes 2 bytes at least), so
  // a form with extra fields is answered like any other refused one, not 413.
  express.urlencoded({ extended: false, limit: jsonLimitBytes, parameterLimit: Math.ceil(jsonLimitBytes / 2) + 1 }),
];

const linkRefusedSchema = z.strictObject({
  error: z.string().describe('What went wrong and what to do, in words for a person.'),
  problem: z
    .enum(['invalid', 'expired', 'used'])
    .describe('Which problem: the page names it (/updates/link-problem?problem=...).'),
});
/** A refused link: each status names a different problem, and the message says what to do. */
const refused = (description: string): PublicAnswer => ({
  description,
  schema: { name: 'LinkRefused', schema: linkRefusedSchema },
});
const SERVER_ERRORS = { 500: 'InternalError', 503: 'ServiceUnavailable' } as const;
const LINK_ANSWERS = {
  404: refused('The link is not valid (incomplete, forged, or its address was erased).'),
  409: refused('The confirmation link was used already: nothing changed.'),
  410: refused('The confirmation link expired (7 days); sending the form again brings a new one.'),
  ...SERVER_ERRORS,
};
/** What a page's form posted without scripts is answered with. */
const pageRedirect = (to: string): PublicAnswer => ({
  description: `A form posted without scripts (application/x-www-form-urlencoded): the page that says ${to}.`,
  headers: { Location: 'The page.' },
  empty: true,
});
const POST_ANSWERS = {
  400: 'BadRequest',
  413: { description: 'The body is larger than the API takes (the JSON limit).' },
  ...LINK_ANSWERS,
} as const;
const TOKEN_QUERY = [{ query: tokenQuerySchema }];
/** The page's own form is checked too, but any problem is answered with a page (303), so its schema only names its fields. */
const formBody = (json: PublicAnswer['schema'] & object, form: z.ZodType, formName: string, formNote: string) => ({
  description: `JSON from the page's script, or ${formNote}`,
  content: { 'application/json': json, 'application/x-www-form-urlencoded': { name: formName, schema: form } },
});

const confirmInfo = publicRoute<UpdatesRoutesOptions>({
  method: 'GET',
  path: `${UPDATES_API}/confirm`,
  operationId: 'updatesConfirmInfo',
  summary: 'What a confirmation link would confirm; changes nothing (mail scanners follow links)',
  tags: ['updates'],
  parameters: TOKEN_QUERY,
  answers: {
    200: { description: 'The address and its lists.', schema: { name: 'ConfirmInfo', schema: confirmInfoSchema } },
    ...LINK_ANSWERS,
  },
  handler: ({ deps }) =>
    linkCall(async (req, res) => {
      res.json(await confirmationInfo(deps, tokenOf(req)));
    }),
});

const confirmLink = publicRoute<UpdatesRoutesOptions>({
  method: 'POST',
  path: `${UPDATES_API}/confirm`,
  operationId: 'updatesConfirm',
  summary: 'Confirm: the lists the address asked for start (double opt-in)',
  tags: ['updates'],
  body: formBody(
    { name: 'ConfirmRequest', schema: confirmRequestSchema },
    z
      .object({ token: z.string().optional() })
      .describe('The confirmation page’s form; the token may instead be in the address it posts to.'),
    'ConfirmForm',
    'the confirmation page’s form posted without scripts.',
  ),
  answers: {
    200: { description: 'Confirmed.', schema: { name: 'ConfirmAnswer', schema: confirmAnswerSchema } },
    303: pageRedirect('the subscription is confirmed, or what was wrong with the link'),
    ...POST_ANSWERS,
  },
  before: pageBodies,
  handler: ({ deps }) =>
    linkCall(async (req, res) => {
      const confirmed = await confirm(deps, tokenOf(req));
      if (isPagePost(req)) res.redirect(303, UPDATES_PAGES.confirmed);
      else res.json({ confirmed, alreadyConfirmed: false });
    }),
});

const preferencesOf = publicRoute<UpdatesRoutesOptions>({
  method: 'GET',
  path: `${UPDATES_API}/preferences`,
  operationId: 'updatesPreferences',
  summary: 'The lists of the address of a preferences link; changes nothing',
  tags: ['updates'],
  parameters: TOKEN_QUERY,
  answers: {
    200: { description: 'The address and each list.', schema: { name: 'Preferences', schema: preferencesSchema } },
    ...LINK_ANSWERS,
  },
  handler: ({ deps }) =>
    linkCall(async (req, res) => {
      res.json(await preferences(deps, tokenOf(req)));
    }),
});

const preferencesForm = z
  .object({
    token: z.string().optional(),
    lists: z.union([z.string(), z.array(z.string())]).optional(),
    leave: z.string().optional(),
  })
  .describe('The preferences page’s form: the ticked lists, or leave=all; the token may be in the address.');

const savePreferences = publicRoute<UpdatesRoutesOptions>({
  method: 'POST',
  path: `${UPDATES_API}/preferences`,
  operationId: 'updatesSavePreferences',
  summary: 'Keep exactly these lists (an empty list, or leave=all, leaves every list and suppresses the address)',
  tags: ['updates'],
  body: formBody(
    { name: 'PreferencesRequest', schema: preferencesRequestSchema },
    preferencesForm,
    'PreferencesForm',
    'the preferences page’s form posted without scripts (leave=all: leave every list).',
  ),
  answers: {
    200: { description: 'The lists as they are now.', schema: { name: 'Preferences', schema: preferencesSchema } },
    303: pageRedirect('the choice is saved, or what was wrong with the link or the choice'),
    ...POST_ANSWERS,
  },
  before: pageBodies,
  handler: ({ deps }) =>
    linkCall(async (req, res) => {
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
});

// A mail client without one-click support opens the link: the preferences page, where nothing
// happens until the visitor chooses.
const oneClickPage = publicRoute<UpdatesRoutesOptions>({
  method: 'GET',
  path: `${UPDATES_API}/one-click`,
  operationId: 'updatesOneClickPage',
  summary: 'List-Unsubscribe opened as a link: redirects to the preferences page; changes nothing',
  tags: ['updates'],
  parameters: TOKEN_QUERY,
  answers: { 303: pageRedirect('the address’s preferences'), ...LINK_ANSWERS },
  handler: () =>
    linkCall(async (req, res) => {
      res.redirect(303, `${UPDATES_PAGES.preferences}?token=${encodeURIComponent(tokenOf(req))}`);
    }),
});

/** RFC 8058's fixed body, sent as a form or as multipart. */
const oneClickBody = { name: 'OneClickBody', schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }) };

// RFC 8058: a POST whose body is "List-Unsubscribe=One-Click" (urlencoded or multipart), no
// cookie, no session; it takes effect at once and again is harmless.
const oneClick = publicRoute<UpdatesRoutesOptions>({
  method: 'POST',
  path: `${UPDATES_API}/one-click`,
  operationId: 'updatesOneClick',
  summary: `RFC 8058 one-click unsubscribe: body "${ONE_CLICK_BODY}", no session; at once, and again harmless`,
  tags: ['updates'],
  parameters: [
    {
      query: tokenQuerySchema.extend({
        list: z
          .enum(UPDATE_LISTS)
          .optional()
          .describe('Leave only this list (every update names its own); absent: every list.'),
      }),
    },
  ],
  body: { content: { 'application/x-www-form-urlencoded': oneClickBody, 'multipart/form-data': oneClickBody } },
  answers: {
    200: { description: 'The address left.', schema: { name: 'Ok', schema: okSchema } },
    400: { description: `The body is not "${ONE_CLICK_BODY}", or the list is unknown.` },
    413: { description: 'The body is far larger than a one-click unsubscribe (16 KB at most).' },
    ...LINK_ANSWERS,
  },
  // Small, but room for a provider's extra fields: a body that is not a one-click is answered
  // 400 saying so. The field limit cannot be reached within the size limit (2 bytes a field).
  before: () => [
    express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10_000 }),
    express.text({ type: 'multipart/form-data', limit: '16kb' }),
  ],
  handler: ({ deps }) =>
    linkCall(async (req, res) => {
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
});

// The public archive (issue 38 item 2), read by the edge's pages: what was sent and not withdrawn.
const archiveList = publicRoute<UpdatesRoutesOptions>({
  method: 'GET',
  path: `${UPDATES_API}/archive`,
  operationId: 'updatesArchive',
  summary: 'Every update sent and not withdrawn, newest first, with its page in the archive',
  tags: ['updates'],
  answers: {
    200: { description: 'The updates.', schema: { name: 'UpdatesArchive', schema: archiveSchema } },
    ...SERVER_ERRORS,
  },
  handler: ({ store }) =>
    linkCall(async (_req, res) => {
      const updates = await archive(store);
      res.set('Cache-Control', 'no-cache');
      res.json({ updates: updates.map(({ update, path }) => archivedView(update, path)) });
    }),
});

const webVersion = publicRoute<UpdatesRoutesOptions>({
  method: 'GET',
  path: `${UPDATES_API}/archive/:id`,
  operationId: 'updatesWebVersion',
  summary: 'The public web version of a sent update',
  tags: ['updates'],
  params: { id: { description: 'The update id (from the list of updates).', pattern: '^[A-Za-z0-9]{1,64}$' } },
  answers: {
    200: {
      description: 'The update as sent (sanitised HTML; no tracking).',
      schema: { name: 'PublicUpdate', schema: publicUpdateSchema },
    },
    404: { description: 'No such update, or it was not sent, or it was withdrawn.' },
    ...SERVER_ERRORS,
  },
  handler: ({ store }) =>
    linkCall(async (req, res) => {
      const found = (await archive(store)).find(({ update }) => update.id === String(req.params.id));
      if (!found) {
        sendError(res, new HttpError(404, 'No such update: it may not have been sent, or it was withdrawn.'));
        return;
      }
      res.set('Cache-Control', 'no-cache');
      res.json({ ...archivedView(found.update, found.path), html: renderBody(found.update.body).html });
    }),
});

const feed = (page: typeof UPDATES_FEED | typeof PRESS_RELEASES_FEED, write: typeof updatesFeed) =>
  publicRoute<UpdatesRoutesOptions>({
    method: 'GET',
    path: FEED_SOURCES[page],
    operationId: page === UPDATES_FEED ? 'updatesFeed' : 'pressReleasesFeed',
    summary: `${FEED_TITLES[page]}: an Atom feed (RFC 4287), served at ${page}`,
    tags: ['updates'],
    answers: { 200: { description: 'The feed.', media: ['application/atom+xml'] }, ...SERVER_ERRORS },
    handler: ({ store, siteOrigin, clock }) =>
      linkCall(async (_req, res) => {
        const xml = await write(store, siteOrigin, clock());
        res.set('Cache-Control', 'no-cache').type('application/atom+xml; charset=utf-8').send(xml);
      }),
  });

/**
 * The public updates API: every call carries the token of an emailed link (no session, no cookie).
 * GETs change nothing (mail scanners follow links); POSTs take JSON from the pages' scripts, or a
 * form the page posted without scripts (answered with a redirect to a page).
 */
export const UPDATES_ROUTES: readonly PublicRoute<UpdatesRoutesOptions>[] = [
  confirmInfo,
  confirmLink,
  preferencesOf,
  savePreferences,
  oneClickPage,
  oneClick,
  archiveList,
  webVersion,
  feed(UPDATES_FEED, updatesFeed),
  feed(PRESS_RELEASES_FEED, pressReleasesFeed),
];
