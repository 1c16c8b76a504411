import express, { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ENDPOINT_KINDS, endpointPath, type EndpointKind } from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import { bodyDeadline } from '../http/body-deadline';
import { cleanUploads } from '../http/cleanup';
import { HttpError, LINKS_HINT, sendError } from '../http/errors';
import { feedbackUploads } from '../http/uploads';
import type { SubmissionStore } from '../store';
import { submitForm, type SubmitOutcome } from '../submissions/submit';

export interface SubmitRoutesOptions {
  readonly store: SubmissionStore;
  readonly config: ApiConfig;
  readonly logger: Logger;
  /** Applied to every submit endpoint (rate limiting). */
  readonly guards: readonly RequestHandler[];
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A UUID is what the site's forms send; any 8 to 128 visible ASCII characters are accepted. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

function submitHandler(kind: EndpointKind, store: SubmissionStore, logger: Logger): RequestHandler {
  return async (req, res) => {
    const multipart = Boolean(req.is('multipart/form-data'));
    const files = Array.isArray(req.files) ? req.files : [];
    const idempotencyKey = req.get(IDEMPOTENCY_HEADER);
    let outcome: SubmitOutcome;
    try {
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new HttpError(
          400,
          `The ${IDEMPOTENCY_HEADER} header must be 8 to 128 visible ASCII characters, e.g. a UUID.`,
          {
            header: IDEMPOTENCY_HEADER,
          },
        );
      }
      outcome = await submitForm(
        {
          kind,
          body: req.body,
          multipart,
          files: files.map((file) => ({ path: file.path, originalName: file.originalname })),
          referer: req.get('referer'),
          idempotencyKey,
        },
        store,
      );
    } finally {
      // Before answering, so the temporary files are gone by the time the client hears back.
      await cleanUploads(res);
    }
    switch (outcome.type) {
      case 'stored':
        logger.info({ form: kind, submission: outcome.id, files: files.length }, 'submission stored');
        res.json({ ok: true });
        return;
      case 'replayed':
        // The first attempt was stored (perhaps after its answer was lost or timed out).
        logger.info({ form: kind, submission: outcome.id }, 'repeated submission answered, nothing new stored');
        res.set('Idempotent-Replayed', 'true').json({ ok: true });
        return;
      case 'keyReused':
        sendError(
          res,
          new HttpError(
            422,
            `This ${IDEMPOTENCY_HEADER} was already used for a different submission; send the form with a new key.`,
            {
              header: IDEMPOTENCY_HEADER,
            },
          ),
        );
        return;
      case 'dropped':
        // Same answer as a real success so a bot learns nothing.
        logger.info({ form: kind }, 'honeypot submission dropped');
        res.json({ ok: true });
        return;
      case 'invalid':
        sendError(res, new HttpError(400, 'Some fields need attention.', { fields: outcome.fields }));
        return;
      case 'badFile':
        sendError(res, new HttpError(415, `${outcome.reason} ${LINKS_HINT}`, { file: outcome.file }));
        return;
    }
  };
}

/** Answers 415 when the body is neither JSON nor (where allowed) multipart. */
function requireContentType(types: string[]): RequestHandler {
  return (req, res, next) => {
    if (req.is(types) === false) {
      sendError(res, new HttpError(415, `Send the form as ${types.join(' or ')}.`));
      return;
    }
    next();
  };
}

/** The eight POST /api/submit-<kind>-form endpoints. */
export function submitRoutes({ store, config, logger, guards }: SubmitRoutesOptions): Router {
  const router = Router();
  const json = express.json({ limit: config.jsonLimitBytes, type: 'application/json' });
  // A JSON body must arrive quickly; an upload may take longer (both documented in the README).
  const jsonDeadline = bodyDeadline(config.bodyTimeoutMs);
  const uploadDeadline = bodyDeadline(config.uploadTimeoutMs);
  const deadline: RequestHandler = (req, res, next) =>
    (req.is('multipart/form-data') ? uploadDeadline : jsonDeadline)(req, res, next);
  for (const kind of ENDPOINT_KINDS) {
    const path = endpointPath(kind);
    const handler = submitHandler(kind, store, logger);
    if (kind === 'feedback') {
      // The only route with multer; it also takes JSON when a visitor attaches no files.
      router.post(
        path,
        ...guards,
        requireContentType(['application/json', 'multipart/form-data']),
        deadline,
        json,
        ...feedbackUploads(config.uploads),
        handler,
      );
    } else {
      router.post(path, ...guards, requireContentType(['application/json']), jsonDeadline, json, handler);
    }
  }
  return router;
}
