import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { answerOk } from './answer-ok';
import { HttpError, sendError } from './errors';

/** Names one attempt of a form (or a shared result), the same on each of its retries. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A UUID is what the site sends; any 8 to 128 visible ASCII characters are accepted. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

/** The request's Idempotency-Key, undefined when none was sent; 400 when it is malformed. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(
      400,
      `The ${IDEMPOTENCY_HEADER} header must be 8 to 128 visible ASCII characters, e.g. a UUID.`,
      {
        header: IDEMPOTENCY_HEADER,
      },
    );
  }
  return key;
}

/** What a retry must repeat to count as the same attempt; equal content serialises equally. */
export function fingerprint(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** A retry of an attempt already stored: the same success answer, marked as replayed. */
export function answerReplayed(res: Response): void {
  res.setHeader('Idempotent-Replayed', 'true');
  answerOk(res);
}

/** The key came with other content before: the client must not reuse it. */
export function answerKeyReused(res: Response, what: string): void {
  sendError(
    res,
    new HttpError(422, `This ${IDEMPOTENCY_HEADER} was already used for a different ${what}; send it with a new key.`, {
      header: IDEMPOTENCY_HEADER,
    }),
  );
}
