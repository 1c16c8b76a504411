import { IDEMPOTENCY_HEADER } from '../http/idempotency';
import type { Answer, SharedAnswer } from '../http/route';
import { keyReusedSchema, okSchema } from '@wpc/shared/answers';

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const RATE_LIMIT_HEADERS = { RateLimit: header('RateLimit'), 'RateLimit-Policy': header('RateLimitPolicy') };

/** The 200 of a stored form submission or shared result. */
export const storedAnswer = (what: string): Answer => ({
  description: `Stored (or a honeypot ${what} dropped, or a repeat of a stored one).`,
  headers: { 'Idempotent-Replayed': header('IdempotentReplayed'), ...RATE_LIMIT_HEADERS },
  schema: { name: 'Ok', schema: okSchema },
});

export const KEY_REUSED: Answer = {
  description: `The ${IDEMPOTENCY_HEADER} was already used for different content; send it with a new key.`,
  schema: { name: 'IdempotencyKeyReused', schema: keyReusedSchema },
};

/** What storing may answer besides the stored answer. */
export const STORE_ERRORS: Readonly<Record<number, SharedAnswer>> = {
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};
