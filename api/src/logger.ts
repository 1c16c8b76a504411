import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'wpc-api' } });
}

/**
 * Request logs carry method, path (no query string) and status only: no bodies, headers,
 * cookies or client addresses, so nothing personal reaches the logs.
 */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    serializers: {
      // pino-http hands these its standard serialisation of the request and response.
      req: (req: { id?: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url?.split('?')[0],
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    // 503 is an outage the store wrapper has already logged once, with its cause.
    // pino-http attaches a made-up "failed with status code" error (a stack) to every 5xx line;
    // for a 503 that is noise repeated per request during an outage, so it is left out.
    customErrorObject: (_req, res, _error, value: Record<string, unknown>) =>
      res.statusCode === 503 ? { res: value.res, responseTime: value.responseTime } : value,
    customLogLevel: (_req, res, error) =>
      error || (res.statusCode >= 500 && res.statusCode !== 503) ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  });
}
