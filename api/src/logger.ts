import type { RequestHandler, Response } from 'express';
import pino, { type Level, type Logger } from 'pino';

/**
 * JSON lines on stdout, gathered into writes of up to 4 KB or whatever came within 100 ms. Pino's
 * default stream already writes asynchronously, but as one write (a trip through the thread pool)
 * per line: under load about 4 % of a submission's time, taken from the same two cores. Pino
 * flushes what is gathered when the process exits; a kill -9 can lose at most the last 100 ms of
 * lines (never a submission: those are in the data file before they are answered).
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { service: 'wpc-api' } },
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }),
  );
}

function levelOf(status: number): Level {
  // 503 is an outage the store wrapper has already logged once, with its cause.
  return status >= 500 && status !== 503 ? 'error' : status >= 400 ? 'warn' : 'info';
}

const outcomes = new WeakMap<Response, { fields: Record<string, unknown>; msg: string }>();

/**
 * What a request did, told on its request line (fields and message) rather than a line of its
 * own: one write per request. Nothing personal may go in `fields`.
 */
export function logOutcome(res: Response, fields: Record<string, unknown>, msg: string): void {
  outcomes.set(res, { fields, msg });
}

/**
 * One line per request when its answer is finished (or its connection closed first): method,
 * path (no query string), status and time in ms, under the same keys as pino-http's lines, plus
 * what logOutcome() added.
 * No bodies, headers, cookies or client addresses, so nothing personal reaches the logs.
 * Written directly rather than with pino-http, which made two child loggers (each serialising
 * its bindings) per request: a tenth of the submit endpoint's time (api/src/submissions/README.md).
 */
export function requestLogger(logger: Logger): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    const started = Date.now();
    lastId = (lastId + 1) & 0x7fffffff;
    const id = lastId;
    // 'close' follows 'finish' on every response, and comes alone when the client left first:
    // one listener covers both.
    res.once('close', () => {
      const status = res.statusCode;
      const level = levelOf(status);
      if (!logger.isLevelEnabled(level)) return;
      const line: Record<string, unknown> = {
        req: { id, method: req.method, path: req.originalUrl.split('?', 1)[0] },
        res: { statusCode: status },
        responseTime: Date.now() - started,
      };
      const outcome = outcomes.get(res);
      if (status >= 500 && status !== 503) {
        line.err = new Error(`failed with status code ${status}`);
        logger[level](line, 'request errored');
      } else if (outcome) {
        logger[level](Object.assign(line, outcome.fields), outcome.msg);
      } else {
        logger[level](line, 'request completed');
      }
    });
    next();
  };
}
