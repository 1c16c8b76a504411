/**
 * The Impact API's public calls (issue 40): the beacon the shell sends for navigations inside
 * the site and for what only the browser sees, the edges' calls for the pages and the zip they
 * serve (nginx's one per page, the node edge's batch a second), and the public reach line. Every
 * one answers 204 (or the reach) whether or not it was counted: a forger learns nothing, a bot and
 * a flood add nothing.
 */
import type { z } from 'zod';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  BEACON_MAX_BYTES,
  beaconSchema,
  EDGE_BATCH_MAX_BYTES,
  EDGE_BATCH_MAX_RECORDS,
  EDGE_BATCH_PATH,
  edgeBatchSchema,
  PUBLIC_REACH_PATH,
  publicReachSchema,
  REACH_MIN_COUNT,
  type Beacon,
  type EdgeRecord,
  type PublicReach,
} from '@wpc/shared/team/impact-schemas';
import { HttpError, sendError } from '../http/errors';
import { publicRoute, type PublicRoute } from '../http/public-route';
import { addressKey, clientKey } from '../http/rate-limit';
import { TOTAL_DAY, type ImpactRepository } from '../records/impact';
import type { ImpactCounter, Visit } from './counter';
import { beaconLimit, BEACONS_PER_DAY, BEACONS_PER_MINUTE } from './limit';

export const BEACON_PATH = '/api/impact/beacon';
/** The edges' call after serving a page; the page's path and query in EDGE_PAGE_HEADER. */
export const EDGE_VIEW_PATH = '/api/impact/view';
export const EDGE_PAGE_HEADER = 'x-impact-page';
/** The edges' call after serving the scorecard's zip. */
export const EDGE_DOWNLOAD_PATH = '/api/impact/download';
export { PUBLIC_REACH_PATH };

export interface ImpactRoutesOptions {
  readonly counter: ImpactCounter;
  readonly store: { readonly impact: ImpactRepository };
  readonly clock?: () => number;
}

/** The routes' dependencies: one per-address limit for every counting call of the app. */
export interface ImpactDeps extends ImpactRoutesOptions {
  readonly clock: () => number;
  readonly limit: ReturnType<typeof beaconLimit>;
}

export const impactDeps = ({ clock = Date.now, ...options }: ImpactRoutesOptions): ImpactDeps => ({
  ...options,
  clock,
  limit: beaconLimit(clock),
});

/** Who a view came from: hashed for the day's uniques, never kept. */
interface Visitor {
  readonly ip: string;
  readonly userAgent: string;
  /** Sec-GPC: 1 or DNT: 1. */
  readonly optedOut: boolean;
}

const visitorOf = (req: Request): Visitor => ({
  ip: req.ip ?? '',
  userAgent: req.get('user-agent') ?? '',
  optedOut: req.get('sec-gpc') === '1' || req.get('dnt') === '1',
});

function visitOf(visitor: Visitor, path: string, query: URLSearchParams, referrer: string | undefined): Visit {
  const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
  return {
    ...visitor,
    path,
    referrer,
    utm: { source: utm('source'), medium: utm('medium'), campaign: utm('campaign') },
  };
}

/** The body as JSON checked against `schema`; a 400 that says what is wrong otherwise. */
function parseBody<T>(body: unknown, schema: z.ZodType<T>, what: string, wrong: string): T | HttpError {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
  } catch {
    return new HttpError(400, `Send the ${what} as JSON.`);
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : new HttpError(400, wrong);
}

async function countBeacon(req: Request, beacon: Beacon, counter: ImpactCounter): Promise<void> {
  if (beacon.type === 'view') {
    const query = new URLSearchParams();
    for (const [name, value] of [
      ['utm_source', beacon.utmSource],
      ['utm_medium', beacon.utmMedium],
      ['utm_campaign', beacon.utmCampaign],
    ] as const)
      if (value) query.set(name, value);
    await counter.view(visitOf(visitorOf(req), beacon.route, query, beacon.referrer));
  } else if (!counter.isBot(req.get('user-agent'))) {
    counter.outcome(beacon.outcome, { form: beacon.form });
  }
}

type Trust = (address: string, hop: number) => boolean;
const trustOf = (req: Request) => req.app.get('trust proxy fn') as Trust;

/**
 * A batch names its visitors' addresses itself, so it is taken only from a caller this API already
 * believes when it names them (a proxy of TRUST_PROXY: the edge, whose X-Forwarded-For the view
 * call believes), and only when it calls directly: a request the edges relay under /api/ carries
 * X-Forwarded-For, so a visitor cannot send one through them.
 */
function fromTrustedEdge(req: Request): boolean {
  if (req.get('x-forwarded-for') !== undefined || req.get('forwarded') !== undefined) return false;
  return trustOf(req)(req.socket.remoteAddress ?? '', 0);
}

/** The visitor's address in a record's hops, picked as Express picks req.ip from X-Forwarded-For. */
function visitorAddress(trust: Trust, edge: string, forwardedFor: readonly string[]): string {
  const hops = [edge, ...[...forwardedFor].reverse()];
  let hop = 0;
  while (hop < hops.length - 1 && trust(hops[hop]!, hop)) hop += 1;
  return hops[hop]!;
}

/**
 * At most this many of a batch's records wait on the store at once (a new visitor's hash is one
 * call): a batch of 500 would otherwise take every one of the store's slots (STORE_MAX_IN_FLIGHT,
 * 8) and hold the forms back behind it.
 */
const BATCH_LANES = 4;

/** Runs `work` on each item, `lanes` at a time; every item is tried, then the first failure is thrown. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}

const PAGE_BASE = 'http://page.invalid';

/**
 * A served page's path and query, or undefined when it names no path of the site: the URL parser
 * drops tabs and newlines and reads "//x" or "/\\x" as a host (and "//" as no URL at all), so a
 * request line an edge passed on can parse to another host, or fail to parse.
 */
function servedPage(page: string): URL | undefined {
  if (!URL.canParse(page, PAGE_BASE)) return undefined;
  const url = new URL(page, PAGE_BASE);
  return url.origin === PAGE_BASE ? url : undefined;
}

async function countEdgeRecord(record: EdgeRecord, ip: string, counter: ImpactCounter): Promise<void> {
  if (record.type === 'download') {
    if (!counter.isBot(record.userAgent)) counter.outcome('scorecard-download');
    return;
  }
  const page = servedPage(record.page);
  if (!page) return;
  const visitor = { ip, userAgent: record.userAgent, optedOut: record.optedOut };
  await counter.view(visitOf(visitor, page.pathname, page.searchParams, record.referrer));
}

/** Every store day's total of reach:download by state and province, as the public line counts it. */
async function publicReach(store: { readonly impact: ImpactRepository }, now: Date): Promise<PublicReach> {
  const totals = await store.impact.counts(TOTAL_DAY, TOTAL_DAY);
  const shown = (level: string) =>
    totals.filter((count) => count.metric === 'reach:download' && count.dim === level && count.n >= REACH_MIN_COUNT)
      .length;
  const states = shown('state');
  const provinces = shown('province');
  return { regions: states + provinces, states, provinces, updatedAt: now.toISOString() };
}

/** The body as bytes up to `limit`, and the 413 that answers a larger one. */
function rawBody(what: string, limit: number) {
  const tooLarge = (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { type?: string }).type === 'entity.too.large')
      sendError(res, new HttpError(413, `A ${what} is at most ${limit} bytes.`));
    else next(error);
  };
  return [express.raw({ type: () => true, limit }), tooLarge] as const;
}

const LIMIT_TEXT =
  `Each address adds at most ${BEACONS_PER_MINUTE} a minute and ${BEACONS_PER_DAY} a day per API process; ` +
  'past that, and for a bot, the call is answered the same and counts nothing.';
const RECEIVED = { 204: { description: 'Received (counted or not).', empty: true } } as const;

/** Counts unless the client is past its limit; answers 204 either way. */
const counted =
  ({ limit }: ImpactDeps, work: (req: Request) => Promise<void>) =>
  async ({ req, res }: { req: Request; res: Response }) => {
    if (limit.allow(clientKey(req))) await work(req);
    res.status(204).end();
  };

const beacon = publicRoute<ImpactDeps>({
  method: 'POST',
  path: BEACON_PATH,
  operationId: 'impactBeacon',
  summary: 'A navigation inside the site, or something only the browser sees (navigator.sendBeacon)',
  description: `JSON of at most ${BEACON_MAX_BYTES} bytes, any content type. No cookie is read or set. ${LIMIT_TEXT}`,
  tags: ['impact'],
  // navigator.sendBeacon sends a string as text/plain; the body is JSON whatever its type says.
  body: { content: { 'text/plain': { name: 'ImpactBeacon', schema: beaconSchema } } },
  answers: { ...RECEIVED, 400: 'BadRequest', 413: 'PayloadTooLarge' },
  before: () => rawBody('beacon', BEACON_MAX_BYTES),
  handler: (deps) => async (input) => {
    const sent = parseBody(input.req.body, beaconSchema, 'beacon', 'The beacon is not one the site sends.');
    if (sent instanceof HttpError) return sendError(input.res, sent);
    await counted(deps, (request) => countBeacon(request, sent, deps.counter))(input);
  },
});

const edgeView = publicRoute<ImpactDeps>({
  method: 'POST',
  path: EDGE_VIEW_PATH,
  operationId: 'impactEdgeView',
  summary: 'A page the edge served: its path and query in the X-Impact-Page header',
  description: `The visitor's User-Agent, Referer, Sec-GPC and DNT headers and address are read, never kept. ${LIMIT_TEXT}`,
  tags: ['impact'],
  parameters: [{ header: EDGE_PAGE_HEADER, description: 'The page, e.g. /scorecard?utm_source=x', pattern: '^/' }],
  answers: { ...RECEIVED, 400: 'BadRequest' },
  handler: (deps) => {
    const countPage = counted(deps, async (req) => {
      const page = servedPage(req.get(EDGE_PAGE_HEADER)!);
      if (!page) return;
      await deps.counter.view(visitOf(visitorOf(req), page.pathname, page.searchParams, req.get('referer')));
    });
    return async (input) => {
      // The edges always name the page; a call without it is not theirs.
      if (!input.req.get(EDGE_PAGE_HEADER)?.startsWith('/')) {
        return sendError(
          input.res,
          new HttpError(400, `Name the page served in the ${EDGE_PAGE_HEADER} header, e.g. /scorecard.`),
        );
      }
      await countPage(input);
    };
  },
});

const download = publicRoute<ImpactDeps>({
  method: 'POST',
  path: EDGE_DOWNLOAD_PATH,
  operationId: 'impactDownload',
  summary: "The scorecard's zip was served (the edge's call)",
  description: LIMIT_TEXT,
  tags: ['impact'],
  answers: RECEIVED,
  handler: (deps) =>
    counted(deps, async (req) => {
      if (!deps.counter.isBot(req.get('user-agent'))) deps.counter.outcome('scorecard-download');
    }),
});

const edgeOnly = (req: Request, res: Response, next: NextFunction) =>
  fromTrustedEdge(req)
    ? next()
    : sendError(res, new HttpError(403, 'Only the page edge sends batches, from inside the site.'));

const edgeBatch = publicRoute<ImpactDeps>({
  method: 'POST',
  path: EDGE_BATCH_PATH,
  operationId: 'impactEdgeBatch',
  summary: 'The pages and zips the node edge served in the last second (internal)',
  description:
    `At most ${EDGE_BATCH_MAX_RECORDS} records and ${EDGE_BATCH_MAX_BYTES} bytes. Taken only straight from a ` +
    'caller the API trusts as a proxy (TRUST_PROXY), never relayed: each record names its hops as ' +
    `X-Forwarded-For would, and is counted as a call from its visitor would be. ${LIMIT_TEXT}`,
  tags: ['impact'],
  body: { content: { 'application/json': { name: 'ImpactEdgeBatch', schema: edgeBatchSchema } } },
  answers: {
    ...RECEIVED,
    400: 'BadRequest',
    403: { description: 'Not from the edge; nothing was counted.' },
    413: 'PayloadTooLarge',
  },
  before: () => [edgeOnly, ...rawBody('batch', EDGE_BATCH_MAX_BYTES)],
  handler:
    ({ limit, counter }) =>
    async ({ req, res }) => {
      const batch = parseBody(req.body, edgeBatchSchema, 'batch', 'The batch is not one the edge sends.');
      if (batch instanceof HttpError) return sendError(res, batch);
      const trust = trustOf(req);
      const edge = req.socket.remoteAddress ?? '';
      // Each record within its visitor's limit, as if it had come as a call of its own; a store that
      // fails a visitor's check answers 503, the rest of the batch counted (the edge never resends).
      await inLanes(batch.records, BATCH_LANES, async (record) => {
        const ip = visitorAddress(trust, edge, record.forwardedFor);
        if (limit.allow(addressKey(ip))) await countEdgeRecord(record, ip, counter);
      });
      res.status(204).end();
    },
});

const reach = publicRoute<ImpactDeps>({
  method: 'GET',
  path: PUBLIC_REACH_PATH,
  operationId: 'impactReach',
  summary: 'How many states and provinces hold 5 or more scorecard downloads (the public reach line)',
  tags: ['impact'],
  answers: {
    200: {
      description: 'The count, from the same aggregates as the report.',
      headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } },
      schema: { name: 'ImpactReach', schema: publicReachSchema },
    },
    503: 'ServiceUnavailable',
  },
  handler:
    ({ store, clock }) =>
    async ({ res }) => {
      res.set('Cache-Control', 'public, max-age=300');
      res.json(await publicReach(store, new Date(clock())));
    },
});

export const IMPACT_ROUTES: readonly PublicRoute<ImpactDeps>[] = [beacon, edgeView, download, edgeBatch, reach];
