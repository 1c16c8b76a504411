import type { Response } from 'express';

const OK_BODY = Buffer.from(JSON.stringify({ ok: true }));
const OK_LENGTH = String(OK_BODY.length);

/**
 * 200 {"ok":true}, the answer to every accepted submission, written as prepared bytes: what
 * res.json() sends minus its per-request JSON.stringify and ETag hash (a POST's answer is
 * never revalidated).
 */
export function answerOk(res: Response): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', OK_LENGTH);
  res.end(OK_BODY);
}
