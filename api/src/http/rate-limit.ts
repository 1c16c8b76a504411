import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { RateLimitConfig } from '../config';
import type { RateCounter } from '../store';
import { HttpError, sendError } from './errors';

export interface LimiterOptions {
  /** Names this limiter's counts apart from another limiter's for the same address. */
  readonly name: string;
  /** The 429 answer's message. */
  readonly message: string;
  /** Count only failed requests (a wrong admin token), not successful ones. */
  readonly skipSuccessfulRequests?: boolean;
}

/** express-rate-limit's store interface over the store's shared counts. */
function sharedStore(counter: RateCounter, name: string, windowMs: number): Store {
  const id = (key: string) => `${name}:${key}`;
  return {
    // The counts live in the database, not in this process: the library's double-count check
    // must not assume a second limiter with this store counts the same requests.
    localKeys: false,
    prefix: `${name}:`,
    increment: async (key) => {
      const { count, resetAt } = await counter.hit(id(key), windowMs);
      return { totalHits: count, resetTime: resetAt };
    },
    // Runs after the answer was sent (possibly while the API shuts down): a lost take-back only
    // leaves one request counted until the window ends.
    decrement: (key) => counter.unhit(id(key), windowMs).catch(() => undefined),
    resetKey: (key) => counter.reset(id(key)),
  };
}

/**
 * Requests per client address per window. With a store shared by every process (MongoDB) the
 * limit holds across API replicas; otherwise it counts in this process's memory. A store that
 * cannot count answers the request 503 (the error handler's StoreUnavailableError), like any
 * other request that needs the store.
 */
export function limiter(
  config: RateLimitConfig,
  counter: RateCounter | undefined,
  { name, message, skipSuccessfulRequests = false }: LimiterOptions,
): RequestHandler[] {
  if (config.max === 0) return [];
  return [
    rateLimit({
      windowMs: config.windowMs,
      limit: config.max,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      skipSuccessfulRequests,
      ...(counter && { store: sharedStore(counter, name, config.windowMs) }),
      handler: (_req, res) => sendError(res, new HttpError(429, message)),
    }),
  ];
}
