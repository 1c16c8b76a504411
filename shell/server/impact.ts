// Counting at the page edge (issue 40): after a page or the scorecard's zip is served, one call to
// the API, made once the answer is sent, never awaited by it, so a slow or absent API costs the
// visitor nothing. The API reads the visitor's headers as forwarded here and keeps none of them.
// Behind nginx (docker/nginx/edge.conf) nginx counts instead, by mirroring the request to the
// API: IMPACT_EDGE_COUNTING=off there, so a page is not counted twice.
import type { NextFunction, Request, Response } from 'express';

/** The visitor's headers the API reads (user agent for bots and device, Referer, the opt-outs). */
const FORWARDED = ['user-agent', 'referer', 'sec-gpc', 'dnt'] as const;
/** A call that has not answered by then is given up (the count is lost, nothing waits). */
const CALL_TIMEOUT_MS = 2000;

export interface EdgeCounting {
  /** Counts a page once it was answered (200, or 304 to a browser that has it already). */
  readonly pages: (req: Request, res: Response, next: NextFunction) => void;
  /** Counts the scorecard's zip once it was served. */
  readonly downloads: (req: Request, res: Response, next: NextFunction) => void;
}

export function edgeCounting(apiOrigin: string, enabled = process.env.IMPACT_EDGE_COUNTING !== 'off'): EdgeCounting {
  const call = (path: string, req: Request, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extra };
    for (const name of FORWARDED) {
      const value = req.get(name);
      if (value) headers[name] = value;
    }
    // As the /api/ proxy does (xfwd): the API believes the hops it trusts (TRUST_PROXY).
    const before = req.get('x-forwarded-for');
    const address = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = before ? `${before}, ${address}` : address;
    fetch(`${apiOrigin}${path}`, { method: 'POST', headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
      .then((answer) => answer.body?.cancel())
      .catch(() => undefined);
  };
  const after =
    (statuses: readonly number[], count: (req: Request) => void) =>
    (req: Request, res: Response, next: NextFunction) => {
      if (enabled && req.method === 'GET') res.once('finish', () => statuses.includes(res.statusCode) && count(req));
      next();
    };
  return {
    pages: after([200, 304], (req) => call('/api/impact/view', req, { 'x-impact-page': req.originalUrl })),
    // A range request (206) is part of a download already counted.
    downloads: after([200], (req) => {
      if (req.path.endsWith('.zip')) call('/api/impact/download', req);
    }),
  };
}
