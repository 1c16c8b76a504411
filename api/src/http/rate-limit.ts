import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { RateLimitConfig } from '../config';
import type { RateCount, RateCountRepository } from '../records/rate-counts';
import { HttpError, sendError } from './errors';

export interface LimiterOptions {
  /** Names this limiter's counts apart from another limiter's for the same address. */
  readonly name: string;
  /** The 429 answer's message. */
  readonly message: string;
  /** Count only failed requests (a wrong admin token), not successful ones. */
  readonly skipSuccessfulRequests?: boolean;
}

/** express-rate-limit's store interface over the rate-count record. */
interface WaitingHit {
  readonly amount: number;
  readonly resolve: (count: RateCount) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * `counter.hit`, where the hits of one key made while its last one is on its way to the store go
 * as one call with their sum, and each caller gets the count it would have had in turn: a burst
 * from one client costs the store a write per round trip, not one per request (the submit bench
 * on FerretDB, 50 at once from one address: api/src/updates/README.md). A lone hit goes at once.
 */
export function coalescedHits(counter: Pick<RateCountRepository, 'hit'>): RateCountRepository['hit'] {
  const waiting = new Map<string, WaitingHit[]>();
  const sending = new Set<string>();
  const send = (key: string, windowMs: number): void => {
    const batch = waiting.get(key) ?? [];
    waiting.delete(key);
    if (batch.length === 0) {
      sending.delete(key);
      return;
    }
    const total = batch.reduce((sum, hit) => sum + hit.amount, 0);
    counter
      .hit(key, windowMs, total)
      .then(
        ({ count, resetAt }) => {
          let counted = count - total;
          for (const hit of batch) {
            counted += hit.amount;
            hit.resolve({ count: counted, resetAt });
          }
        },
        (error: unknown) => batch.forEach((hit) => hit.reject(error)),
      )
      .finally(() => send(key, windowMs));
  };
  return (key, windowMs, amount = 1) =>
    new Promise<RateCount>((resolve, reject) => {
      const batch = waiting.get(key);
      if (batch) batch.push({ amount, resolve, reject });
      else waiting.set(key, [{ amount, resolve, reject }]);
      if (sending.has(key)) return;
      sending.add(key);
      send(key, windowMs);
    });
}

function sharedStore(counter: RateCountRepository, name: string, windowMs: number): Store {
  const id = (key: string) => `${name}:${key}`;
  const hit = coalescedHits(counter);
  return {
    // The counts live in the rate-count record, named apart per limiter: the library's
    // double-count check must not assume a second limiter with this store counts the same requests.
    localKeys: false,
    prefix: `${name}:`,
    increment: async (key) => {
      const { count, resetAt } = await hit(id(key), windowMs);
      return { totalHits: count, resetTime: resetAt };
    },
    // Runs after the answer was sent (possibly while the API shuts down): a lost take-back only
    // leaves one request counted until the window ends.
    decrement: (key) => counter.unhit(id(key), windowMs).catch(() => undefined),
    resetKey: (key) => counter.reset(id(key)),
  };
}

/** An address's key as the limiter counts it by default: the IP, an IPv6 address's /56. */
export const addressKey = (address: string): string => ipKeyGenerator(address, 56);
/** The client's key as the limiter counts it by default. */
export const clientKey = (req: Request): string => addressKey(req.ip ?? 'unknown');

/** Clients whose policy header is kept; past this many the cache starts again. */
const POLICIES_KEPT = 10_000;

/**
 * The IETF draft-8 headers express-rate-limit writes with `standardHeaders: 'draft-8'` (RateLimit,
 * RateLimit-Policy, and Retry-After on a 429), written from the count it leaves on the request.
 * The library hashes the client's key (SHA-256, for the policy's partition key) and builds the
 * policy's name on every request, 2 % of a submission's time under load; here each client's
 * policy header is worked out once. The partition key is derived as the library does.
 */
function draft8Headers(name: string, windowMs: number) {
  const windowSeconds = Math.ceil(windowMs / 1000);
  const policies = new Map<string, string>();
  const policyOf = ({ key, limit }: RateLimitInfo): string => {
    let policy = policies.get(key);
    if (policy === undefined) {
      const partition = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
      policy = `"${name}"; q=${limit}; w=${windowSeconds}; pk=:${partition}:`;
      if (policies.size >= POLICIES_KEPT) policies.clear();
      policies.set(key, policy);
    }
    return policy;
  };
  return (req: Request, res: Response, limited: boolean): void => {
    const info = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit;
    if (!info || res.headersSent) return;
    const reset = info.resetTime
      ? Math.max(0, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
      : windowSeconds;
    res.setHeader('RateLimit', `"${name}"; r=${info.remaining}; t=${reset}`);
    res.setHeader('RateLimit-Policy', policyOf(info));
    if (limited) res.setHeader('Retry-After', String(reset));
  };
}

/**
 * Requests per client address per window, counted by the rate-count record: on MongoDB shared
 * by every replica, in the embedded store in this process's memory (it owns DATA_DIR). A store that
 * cannot count answers the request 503 (the error handler's StoreUnavailableError), like any
 * other request that needs the store.
 */
export function limiter(
  config: RateLimitConfig,
  counter: RateCountRepository,
  { name, message, skipSuccessfulRequests = false }: LimiterOptions,
): RequestHandler[] {
  if (config.max === 0) return [];
  const headers = draft8Headers(name, config.windowMs);
  const limit = rateLimit({
    windowMs: config.windowMs,
    limit: config.max,
    // Written by draft8Headers instead.
    standardHeaders: false,
    legacyHeaders: false,
    skipSuccessfulRequests,
    store: sharedStore(counter, name, config.windowMs),
    handler: (req, res) => {
      headers(req, res, true);
      sendError(res, new HttpError(429, message));
    },
  });
  return [
    (req, res, next) =>
      limit(req, res, (error?: unknown) => {
        if (error === undefined) headers(req, res, false);
        next(error);
      }),
  ];
}
