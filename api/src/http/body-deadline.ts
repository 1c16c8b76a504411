import type { RequestHandler } from 'express';
import { HttpError, sendError } from './errors';

/**
 * Cuts off a request whose body has not fully arrived `ms` after it started (a client that
 * trickles its body one byte at a time would otherwise hold a connection and a parser for as
 * long as Node's server-wide requestTimeout). Answers 408 and closes the connection.
 */
export function bodyDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    if (req.complete) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (!res.headersSent) {
        res.set('Connection', 'close');
        sendError(
          res,
          new HttpError(408, 'The request took too long to arrive. Please check your connection and send it again.'),
        );
      }
      // Stop the request: end our side once the 408 is out, and cut the connection soon after
      // even if the client keeps sending (destroying at once could reset it before the 408 arrives).
      res.once('finish', () => {
        req.socket.end();
        setTimeout(() => req.socket.destroy(), 1000).unref();
      });
    }, ms);
    timer.unref();
    // One listener: the response closes after the body has arrived or the client has gone (the
    // timer finding the body complete does nothing), and every request costs two fewer.
    res.once('close', () => clearTimeout(timer));
    next();
  };
}
