import express, { type RequestHandler } from 'express';
import {
  ENDPOINT_FORMS,
  ENDPOINT_KINDS,
  endpointPath,
  FEEDBACK_FILE_EXTENSIONS,
  FORMS,
  type EndpointKind,
} from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import { bodyDeadline } from '../http/body-deadline';
import { cleanUploads } from '../http/cleanup';
import { HttpError, LINKS_HINT, sendError } from '../http/errors';
import { answerKeyReused, answerReplayed, idempotencyKeyOf } from '../http/idempotency';
import { answerOk } from '../http/answer-ok';
import { publicRoute, type PublicRoute } from '../http/public-route';
import type { LimitTexts } from '../http/route';
import { endpointBodySchema, schemaName } from './form-shape-names';
import { UPLOAD_CONTENT_TYPES } from '../uploads/files';
import { KEY_REUSED, STORE_ERRORS, storedAnswer } from './answers';
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
) {
  const notification = notifications && ((receivedAt: Date) => notifications.newEntry(receivedAt));
  return async ({ req, res }: { req: Parameters<RequestHandler>[0]; res: Parameters<RequestHandler>[1] }) => {
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

/** The checks and parsers before the handler: one rate limit, the media type, the body's deadline and size. */
function submitChecks(kind: EndpointKind, { store, config, guards }: SubmitRoutesOptions): RequestHandler[] {
  const json = express.json({ limit: config.jsonLimitBytes, type: 'application/json' });
  // A JSON body must arrive quickly; an upload may take longer (both documented in docs/configuration.md).
  const jsonDeadline = bodyDeadline(config.bodyTimeoutMs);
  if (kind !== 'feedback') return [...guards, requireContentType(['application/json']), jsonDeadline, json];
  const uploadDeadline = bodyDeadline(config.uploadTimeoutMs);
  const deadline: RequestHandler = (req, res, next) =>
    (req.is('multipart/form-data') ? uploadDeadline : jsonDeadline)(req, res, next);
  // The only route with multer; it also takes JSON when a visitor attaches no files.
  return [
    ...guards,
    requireContentType(['application/json', 'multipart/form-data']),
    deadline,
    json,
    ...feedbackUploads(config.uploads),
    uploadQuotas(store, config.uploads),
  ];
}

/** What the document says of an endpoint: its shapes, and for feedback its files. */
function submitDescription(kind: EndpointKind, { jsonKb, fileMb, maxFiles }: LimitTexts): string {
  const variants = ENDPOINT_FORMS[kind];
  let description = `Stores one ${FORMS[variants[0]!].title} submission. Unknown fields are dropped. JSON bodies up to ${jsonKb} KB.`;
  if (variants.length > 1) {
    description += ` Two shapes: ${variants.map((id) => `${schemaName(id)}`).join(' and ')}; a body with a zip key is read as the second.`;
  }
  if (!FORMS[variants[0]!].multipart) return description;
  return (
    description +
    ` Or multipart/form-data with files in the files field: at most ${maxFiles} files of at most ${fileMb} MB each,` +
    ` extensions ${FEEDBACK_FILE_EXTENSIONS.join(', ')}; each file's bytes must match its extension (else 415), whatever Content-Type its part` +
    ` names. A file is stored as ${[...new Set(Object.values(UPLOAD_CONTENT_TYPES))].join(', ')}.` +
    ` Flags are sent as "true"/"false".`
  );
}

const submitRoute = (kind: EndpointKind) => {
  const first = ENDPOINT_FORMS[kind][0]!;
  return publicRoute<SubmitRoutesOptions>({
    method: 'POST',
    path: endpointPath(kind),
    operationId: `submit${kind[0]!.toUpperCase()}${kind.slice(1)}Form`,
    summary: `Send the ${FORMS[first].title} form`,
    description: (limits) => submitDescription(kind, limits),
    tags: ['forms'],
    parameters: [{ shared: 'IdempotencyKey' }],
    body: {
      content: {
        'application/json': endpointBodySchema(kind),
        // No per-part encoding: the API reads no part's Content-Type, it sniffs the bytes.
        ...(FORMS[first].multipart && {
          'multipart/form-data': { $ref: `#/components/schemas/${schemaName(first, 'Multipart')}` },
        }),
      },
    },
    answers: {
      200: storedAnswer('submission'),
      400: 'BadRequest',
      408: 'RequestTimeout',
      413: 'PayloadTooLarge',
      415: 'UnsupportedMediaType',
      422: KEY_REUSED,
      ...STORE_ERRORS,
    },
    before: (options) => submitChecks(kind, options),
    handler: ({ store, notifications, afterStored }) => submitHandler(kind, store, notifications, afterStored),
  });
};

/** The eight POST /api/submit-<kind>-form endpoints. */
export const SUBMIT_ROUTES: readonly PublicRoute<SubmitRoutesOptions>[] = ENDPOINT_KINDS.map(submitRoute);
