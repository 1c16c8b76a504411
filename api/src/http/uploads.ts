import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { FEEDBACK_FILE_EXTENSIONS } from '@wpc/shared/schemas';
import type { UploadConfig } from '../config';
import type { Store } from '../store';
import { isAllowedExtension, sanitizeFileName } from '../uploads/files';
import { trackUploadDir } from './cleanup';
import { HttpError, LINKS_HINT } from './errors';

const FILES_FIELD = 'files';

/** Disk and OS failures (ENOSPC, EACCES...) are the server's problem, not the client's. */
function isSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

// Room for the feedback form's text fields plus a few unknown ones, which are dropped.
const MAX_FIELDS = 40;
const MAX_FIELD_BYTES = 100 * 1024;

/**
 * The feedback route's multipart parser. Files go to a fresh temporary folder per request
 * (streamed by multer's disk storage, never buffered whole), under random names; the folder
 * is removed before the response is sent and again, as a backstop, when it closes.
 */
export function feedbackUploads(config: UploadConfig): RequestHandler[] {
  const prepare: RequestHandler = async (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    try {
      await fs.mkdir(config.tmpDir, { recursive: true });
      const dir = await fs.mkdtemp(path.join(config.tmpDir, 'req-'));
      trackUploadDir(res, dir);
      res.locals.uploadDir = dir;
      next();
    } catch (error) {
      next(error);
    }
  };

  const parse = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, callback) => {
        const dir: unknown = _req.res?.locals.uploadDir;
        if (typeof dir === 'string') callback(null, dir);
        else callback(new Error('upload folder missing'), '');
      },
      filename: (_req, _file, callback) => callback(null, randomBytes(16).toString('hex')),
    }),
    limits: {
      fileSize: config.maxFileBytes,
      files: config.maxFiles,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: 100,
      parts: config.maxFiles + MAX_FIELDS,
    },
    // Reject by name before any byte is written; the bytes are sniffed after the upload.
    fileFilter: (_req, file, callback) => {
      if (isAllowedExtension(file.originalname)) callback(null, true);
      else {
        callback(
          new HttpError(415, `Accepted file types: ${FEEDBACK_FILE_EXTENSIONS.join(', ')}. ${LINKS_HINT}`, {
            file: sanitizeFileName(file.originalname),
          }),
        );
      }
    },
    // Browsers send UTF-8 file names; busboy's default latin1 would garble them.
    defParamCharset: 'utf8',
  }).array(FILES_FIELD, config.maxFiles);

  // busboy reports a malformed or truncated body as a plain Error: that is the client's fault.
  const parseBody: RequestHandler = (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (
        error === undefined ||
        error instanceof multer.MulterError ||
        error instanceof HttpError ||
        isSystemError(error)
      ) {
        next(error);
      } else {
        next(new HttpError(400, 'The form data could not be read; please send it again.'));
      }
    });

  return [prepare, parseBody];
}

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The uploads' quotas, checked once a request's files are on the scratch disk and before any is
 * stored (issue 31 item 8: 10 files of 20 MB per submission, 60 submissions a minute, kept
 * forever, was about 12 GB a minute from one address): what one client address may send a day,
 * counted in the store so replicas share it, and what all stored uploads may take together. A
 * refused request's files are deleted with its scratch folder, and its megabytes are not counted.
 */
export function uploadQuotas(
  store: Pick<Store, 'files' | 'rateCounts'>,
  limits: Pick<UploadConfig, 'maxTotalBytes' | 'perAddressDailyMb'>,
): RequestHandler {
  return async (req, res, next) => {
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    if (bytes === 0) {
      next();
      return;
    }
    try {
      const megabytes = Math.ceil(bytes / MB);
      const key = `uploads:${req.ip ?? 'unknown'}`;
      const { count } = await store.rateCounts.hit(key, DAY_MS, megabytes);
      if (count > limits.perAddressDailyMb) {
        await store.rateCounts.unhit(key, DAY_MS, megabytes);
        throw new HttpError(
          429,
          `Your address has sent as many files today as the site takes from one sender (${limits.perAddressDailyMb} MB a day). ${LINKS_HINT}`,
        );
      }
      if ((await store.files.totalBytes()) + bytes > limits.maxTotalBytes) {
        await store.rateCounts.unhit(key, DAY_MS, megabytes);
        throw new HttpError(
          413,
          `The site cannot take more files just now: its storage for uploads is full. ${LINKS_HINT}`,
        );
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
