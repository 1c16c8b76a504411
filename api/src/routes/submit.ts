import express, { Router, type RequestHandler } from 'express';
import { ENDPOINT_KINDS, endpointPath, type EndpointKind } from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import { bodyDeadline } from '../http/body-deadline';
import { cleanUploads } from '../http/cleanup';
import { HttpError, LINKS_HINT, sendError } from '../http/errors';
import { answerKeyReused, answerReplayed, idempotencyKeyOf } from '../http/idempotency';
import { answerOk } from '../http/answer-ok';
import { logOutcome } from '../logger';
import { feedbackUploads, uploadQuotas } from '../http/uploads';
import type { Store } from '../store';
import type { Notifications } from '../notify/worker';
import { clientKey } from '../http/rate-limit';
import { submitForm, type AfterStoredFrom, type SubmitOutcome } from '../submissions/submit';

export interface SubmitRoutesOptions {
  readonly store: Store;
  readonly config: ApiConfig;
  /** Applied to every submit endpoint (rate limiting). */
  readonly guards: readonly RequestHandler[];
  /** Unset when notifications are off (no SMTP_URL): nothing is queued. */
  readonly notifications?: Notifications;
  /** After a submission is stored (or repeated): its visitor's subscription from consent. */
  readonly afterStored?: AfterStoredFrom;
}

function submitHandler(
  kind: EndpointKind,
  store: Store,
  notifications: Notifications | undefined,
  afterStored: AfterStoredFrom | undefined,
): RequestHandler {
  const notification = notifications && ((receivedAt: Date) => notifications.newEntry(receivedAt));
  return async (req, res) => {
    // Only feedback takes multipart; the others refused any body but JSON already.
    const multipart = kind === 'feedback' && Boolean(req.is('multipart/form-data'));
    const files = Array.isArray(req.files) ? req.files : [];
    let outcome: SubmitOutcome;
    try {
      const idempotencyKey = idempotencyKeyOf(req);
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
        {
          notification,
          afterStored: afterStored && ((submission, repeat) => afterStored(submission, clientKey(req), repeat)),
        },
      );
    } finally {
      // Before answering, so the temporary files are gone by the time the client hears back.
      await cleanUploads(res);
    }
    switch (outcome.type) {
      case 'stored':
        logOutcome(res, { form: kind, submission: outcome.id, files: files.length }, 'submission stored');
        answerOk(res);
        // After the answer: sending never delays the visitor.
        notifications?.submitted(outcome.id);
        return;
      case 'replayed':
        // The first attempt was stored (perhaps after its answer was lost or timed out).
        logOutcome(res, { form: kind, submission: outcome.id }, 'repeated submission answered, nothing new stored');
        answerReplayed(res);
        return;
      case 'keyReused':
        answerKeyReused(res, 'submission');
        return;
      case 'dropped':
        // Same answer as a real success so a bot learns nothing.
        logOutcome(res, { form: kind }, 'honeypot submission dropped');
        answerOk(res);
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
export function submitRoutes({ store, config, guards, notifications, afterStored }: SubmitRoutesOptions): Router {
  const router = Router();
  const json = express.json({ limit: config.jsonLimitBytes, type: 'application/json' });
  // A JSON body must arrive quickly; an upload may take longer (both documented in docs/configuration.md).
  const jsonDeadline = bodyDeadline(config.bodyTimeoutMs);
  const uploadDeadline = bodyDeadline(config.uploadTimeoutMs);
  const deadline: RequestHandler = (req, res, next) =>
    (req.is('multipart/form-data') ? uploadDeadline : jsonDeadline)(req, res, next);
  for (const kind of ENDPOINT_KINDS) {
    const path = endpointPath(kind);
    const handler = submitHandler(kind, store, notifications, afterStored);
    if (kind === 'feedback') {
      // The only route with multer; it also takes JSON when a visitor attaches no files.
      router.post(
        path,
        ...guards,
        requireContentType(['application/json', 'multipart/form-data']),
        deadline,
        json,
        ...feedbackUploads(config.uploads),
        uploadQuotas(store, config.uploads),
        handler,
      );
    } else {
      router.post(path, ...guards, requireContentType(['application/json']), jsonDeadline, json, handler);
    }
  }
  return router;
}
