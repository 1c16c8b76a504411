import type { Response } from 'express';

const OK_BODY = JSON.stringify({ ok: true });
const OK_LENGTH = String(Buffer.byteLength(OK_BODY));

/**
 * 200 {"ok":true}, the answer to every accepted submission, from a prepared string: what
 * res.json() sends minus its per-request JSON.stringify and ETag hash (a POST's answer is
 * never revalidated). A string, not a Buffer: Node joins a string body to the headers in one chunk.
 */
export function answerOk(res: Response): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', OK_LENGTH);
  res.end(OK_BODY);
}
