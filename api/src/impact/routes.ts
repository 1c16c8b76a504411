/**
 * The Impact API's public calls (issue 40): the beacon the shell sends for navigations inside
 * the site and for what only the browser sees, the edges' calls for the pages and the zip they
 * serve, and the public reach line. Every one answers 204 (or the reach) whether or not it was
 * counted: a forger learns nothing, a bot and a flood add nothing.
 */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import {
  BEACON_MAX_BYTES,
  beaconSchema,
  PUBLIC_REACH_PATH,
  REACH_MIN_COUNT,
  type Beacon,
  type PublicReach,
} from '@wpc/shared/team/impact-schemas';
import { HttpError, sendError } from '../http/errors';
import { clientKey } from '../http/rate-limit';
import { TOTAL_DAY, type ImpactRepository } from '../records/impact';
import type { ImpactCounter, Visit } from './counter';
import { beaconLimit } from './limit';

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

/** Sec-GPC: 1 or DNT: 1. */
const optedOut = (req: Request) => req.get('sec-gpc') === '1' || req.get('dnt') === '1';

function visitOf(req: Request, path: string, query: URLSearchParams, referrer: string | undefined): Visit {
  const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
  return {
    path,
    referrer,
    utm: { source: utm('source'), medium: utm('medium'), campaign: utm('campaign') },
    ip: req.ip ?? '',
    userAgent: req.get('user-agent') ?? '',
    optedOut: optedOut(req),
  };
}

function parseBeacon(body: unknown): Beacon | HttpError {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
  } catch {
    return new HttpError(400, 'Send the beacon as JSON.');
  }
  const parsed = beaconSchema.safeParse(json);
  return parsed.success ? parsed.data : new HttpError(400, 'The beacon is not one the site sends.');
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
    await counter.view(visitOf(req, beacon.route, query, beacon.referrer));
  } else if (!counter.isBot(req.get('user-agent'))) {
    counter.outcome(beacon.outcome, { form: beacon.form });
  }
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

export function impactRoutes({ counter, store, clock = Date.now }: ImpactRoutesOptions): Router {
  const router = Router();
  const limit = beaconLimit(clock);
  const body = express.raw({ type: () => true, limit: BEACON_MAX_BYTES });
  const tooLarge = (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if ((error as { type?: string }).type === 'entity.too.large')
      sendError(res, new HttpError(413, `A beacon is at most ${BEACON_MAX_BYTES} bytes.`));
    else next(error);
  };
  /** Counts unless the client is past its limit; answers 204 either way. */
  const counted = (work: (req: Request) => Promise<void>) => async (req: Request, res: Response) => {
    if (limit.allow(clientKey(req))) await work(req);
    res.status(204).end();
  };

  router.post(BEACON_PATH, body, tooLarge, async (req: Request, res: Response) => {
    const beacon = parseBeacon(req.body);
    if (beacon instanceof HttpError) return sendError(res, beacon);
    await counted((request) => countBeacon(request, beacon, counter))(req, res);
  });
  const countPage = counted(async (req) => {
    const page = new URL(req.get(EDGE_PAGE_HEADER)!, 'http://page.invalid');
    await counter.view(visitOf(req, page.pathname, page.searchParams, req.get('referer')));
  });
  router.post(EDGE_VIEW_PATH, async (req: Request, res: Response) => {
    // The edges always name the page; a call without it is not theirs.
    if (!req.get(EDGE_PAGE_HEADER)?.startsWith('/')) {
      return sendError(
        res,
        new HttpError(400, `Name the page served in the ${EDGE_PAGE_HEADER} header, e.g. /scorecard.`),
      );
    }
    await countPage(req, res);
  });
  router.post(
    EDGE_DOWNLOAD_PATH,
    counted(async (req) => {
      if (!counter.isBot(req.get('user-agent'))) counter.outcome('scorecard-download');
    }),
  );
  router.get(PUBLIC_REACH_PATH, async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.json(await publicReach(store, new Date(clock())));
  });
  return router;
}
