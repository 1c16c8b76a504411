import type { ErrorRequestHandler, Response } from 'express';
import multer from 'multer';
import type { Logger } from 'pino';
import { StoreUnavailableError } from '../db/errors';
import { cleanUploads } from './cleanup';

/** An error whose status and JSON body are meant for the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const LINKS_HINT = 'Please share larger or other files as links in the Links box instead.';

function multerError(error: multer.MulterError, maxFiles: number, maxFileMb: number): HttpError {
  // multer 2 has codes its type definitions do not list yet (a part without a usable name).
  switch (error.code as multer.ErrorCode | 'INVALID_FIELD_NAME' | 'LIMIT_FIELD_NESTING' | 'LIMIT_FIELD_ARRAY_INDEX') {
    case 'LIMIT_FILE_SIZE':
      return new HttpError(413, `Each file may be at most ${maxFileMb} MB. ${LINKS_HINT}`, { file: error.field });
    case 'LIMIT_FILE_COUNT':
      return new HttpError(413, `At most ${maxFiles} files can be uploaded at once. ${LINKS_HINT}`);
    case 'LIMIT_UNEXPECTED_FILE':
      return error.field === 'files'
        ? new HttpError(413, `At most ${maxFiles} files can be uploaded at once. ${LINKS_HINT}`)
        : new HttpError(400, 'Files must be sent in the "files" field.', { field: error.field });
    case 'MISSING_FIELD_NAME':
    case 'INVALID_FIELD_NAME':
    case 'LIMIT_FIELD_NESTING':
    case 'LIMIT_FIELD_ARRAY_INDEX':
      // A malformed part name is a broken request, not a large one.
      return new HttpError(400, 'Every part of the form needs a plain field name.', { field: error.field });
    default:
      // Too many fields or parts, an over-long field or field name.
      return new HttpError(413, 'The form is too large.', { field: error.field });
  }
}

/** Body-parser errors carry a status and a type; their own messages are not for visitors. */
function parserError(error: { status: number; type?: string }, jsonLimitKb: number): HttpError {
  switch (error.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new HttpError(413, `The request body is too large (at most ${jsonLimitKb} KB).`);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new HttpError(415, 'Send the form as UTF-8 JSON.');
    default:
      return new HttpError(error.status, 'The request could not be read.');
  }
}

function hasClientStatus(error: unknown): error is { status: number; type?: string } {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function sendError(res: Response, error: HttpError): void {
  res.status(error.status).json({ error: error.message, ...error.extra });
}

export interface ErrorHandlerOptions {
  readonly logger: Logger;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly jsonLimitBytes: number;
}

/** Every error ends as JSON: 4xx naming the problem, 503 for the store, 500 otherwise. */
export function errorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  const maxFileMb = Math.round(options.maxFileBytes / (1024 * 1024));
  const jsonLimitKb = Math.round(options.jsonLimitBytes / 1024);
  return async (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    await cleanUploads(res);
    if (error instanceof HttpError) {
      sendError(res, error);
    } else if (error instanceof multer.MulterError) {
      sendError(res, multerError(error, options.maxFiles, maxFileMb));
    } else if (error instanceof StoreUnavailableError) {
      // The store wrapper logs each outage once with its cause; a line per request adds nothing.
      res.set('Retry-After', '5');
      sendError(res, new HttpError(503, 'The service is briefly unavailable. Please try again in a moment.'));
    } else if (hasClientStatus(error)) {
      sendError(res, parserError(error, jsonLimitKb));
    } else {
      options.logger.error({ err: error }, 'request failed');
      sendError(res, new HttpError(500, 'Something went wrong on our side. Please try again later.'));
    }
  };
}
