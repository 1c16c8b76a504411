// A form the browser sent itself: the page's scripts had not run (a slow phone) or are off. The
// edge takes the post on the form's own page (shell/server/form-pages.ts), passes it on here as
// it came (urlencoded, or multipart for feedback) and answers the visitor with a page made from
// this answer. Validation, files, storage and idempotency are the submit use-case's, as for JSON.
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { FORMS, HONEYPOT_FIELD, type FormDefinition, type FormId } from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import { answerOk } from '../http/answer-ok';
import { publicRoute, type PublicRoute } from '../http/public-route';
import { schemaName } from './form-shape-names';
import { keyReusedSchema } from '@wpc/shared/answers';
import { storedAnswer } from './answers';
import { bodyDeadline } from '../http/body-deadline';
import { cleanUploads } from '../http/cleanup';
import { HttpError, LINKS_HINT, sendError } from '../http/errors';
import { answerKeyReused, answerReplayed, fingerprint } from '../http/idempotency';
import { feedbackUploads } from '../http/uploads';
import { logOutcome } from '../logger';
import type { Notifications } from '../notify/worker';
import type { Store } from '../store';
import { clientKey } from '../http/rate-limit';
import { submitForm, type AfterStoredFrom, type SubmitOutcome } from '../submissions/submit';

export const FORM_POSTS_PATH = '/api/form-posts';

export interface FormPostRoutesOptions {
  readonly store: Store;
  readonly config: ApiConfig;
  /** The submit endpoints' guards (one rate limit for every submission). */
  readonly guards: readonly RequestHandler[];
  readonly notifications?: Notifications;
  /** After a post is stored (or repeated): its visitor's subscription from consent, as for JSON. */
  readonly afterStored?: AfterStoredFrom;
}

/** What a visitor typed and ticked, as the form page shows it again: the form's own fields only. */
export type TypedValues = Record<string, string | boolean>;

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

const isFormId = (value: string): value is FormId => Object.hasOwn(FORMS, value);

/** The fields a post of this form may carry: its own, and what the page adds (scorecard, honeypot). */
function postedFields(definition: FormDefinition): string[] {
  const names = definition.fields.filter((field) => field.type !== 'files').map((field) => field.name);
  return [...names, ...(definition.scorecardAware ? ['scorecardForm'] : []), HONEYPOT_FIELD];
}

function isFlag(definition: FormDefinition, name: string): boolean {
  return (
    name === 'scorecardForm' || definition.fields.some((field) => field.name === name && field.type === 'checkbox')
  );
}

/**
 * The body as the submit use-case takes a multipart one, with the form's own fields only. A ticked
 * box sends its value ("true", as the site's forms set it) and an unticked one nothing, so an
 * absent flag is "false"; anything else is left for the schema to refuse.
 */
function submission(definition: FormDefinition, body: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of postedFields(definition)) {
    const value = body[name];
    if (value !== undefined) result[name] = value;
    else if (isFlag(definition, name) && name !== 'scorecardForm') result[name] = 'false';
  }
  return result;
}

/** The typed values, for the page that shows the form again (strings only; flags as booleans). */
function typedValues(definition: FormDefinition, body: Record<string, unknown>): TypedValues {
  const values: TypedValues = {};
  for (const [name, value] of Object.entries(submission(definition, body))) {
    if (name === HONEYPOT_FIELD) continue;
    if (isFlag(definition, name)) values[name] = value === 'true';
    else if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/**
 * A post is refused when the browser says it came from another site: a plain form post needs no
 * preflight, so without this any page could send forms in its visitors' names.
 */
const sameOriginOnly: RequestHandler = (req, res, next) => {
  const site = req.get('sec-fetch-site');
  if (site === undefined || site === 'same-origin' || site === 'none') return next();
  sendError(res, new HttpError(403, 'Forms are accepted only from the site itself.'));
};

const knownForm: RequestHandler = (req, res, next) => {
  if (isFormId(String(req.params.form))) return next();
  sendError(res, new HttpError(404, 'There is no such form.'));
};

/** Every form as urlencoded; a form with files (feedback) also as multipart. */
const requireType: RequestHandler = (req, res, next) => {
  const types = FORMS[req.params.form as FormId].multipart ? [URLENCODED, MULTIPART] : [URLENCODED];
  if (req.is(types)) return next();
  sendError(res, new HttpError(415, `Send the form as ${types.join(' or ')}.`));
};

/** The checks and parsers before the handler. Each parser passes over a body of the other type; multer only ever sees feedback's uploads. */
function formPostChecks({ config, guards }: FormPostRoutesOptions): RequestHandler[] {
  const urlencoded = express.urlencoded({ extended: false, limit: config.jsonLimitBytes, type: URLENCODED });
  const textDeadline = bodyDeadline(config.bodyTimeoutMs);
  const uploadDeadline = bodyDeadline(config.uploadTimeoutMs);
  const deadline: RequestHandler = (req, res, next) =>
    (req.is(MULTIPART) ? uploadDeadline : textDeadline)(req, res, next);
  return [knownForm, sameOriginOnly, ...guards, requireType, deadline, urlencoded, ...feedbackUploads(config.uploads)];
}

/** Stores a post through the submit use-case; a refusal carries what was typed. */
const formPostHandler =
  ({ store, notifications, afterStored }: FormPostRoutesOptions) =>
  async ({ req, res }: { req: Parameters<RequestHandler>[0]; res: Parameters<RequestHandler>[1] }) => {
    const notification = notifications && ((receivedAt: Date) => notifications.newEntry(receivedAt));
    const form = req.params.form as FormId;
    const definition = FORMS[form];
    const body = (req.body ?? {}) as Record<string, unknown>;
    const files = Array.isArray(req.files) ? req.files : [];
    const data = submission(definition, body);
    let outcome: SubmitOutcome;
    try {
      outcome = await submitForm(
        {
          kind: definition.endpoint,
          body: data,
          multipart: true,
          files: files.map((file) => ({ path: file.path, originalName: file.originalname })),
          referer: req.get('referer'),
          // A browser's post carries no key. The same content on the same day is one submission:
          // a double press, or the form sent again from the history, is not stored twice.
          idempotencyKey: `form-post:${fingerprint([
            form,
            data,
            files.map((file) => [file.originalname, file.size]),
            new Date().toISOString().slice(0, 10),
          ])}`,
        },
        store,
        {
          notification,
          afterStored: afterStored && ((submission, repeat) => afterStored(submission, clientKey(req), repeat)),
        },
      );
    } finally {
      await cleanUploads(res);
    }
    const values = typedValues(definition, body);
    switch (outcome.type) {
      case 'stored':
        logOutcome(res, { form: definition.endpoint, submission: outcome.id, files: files.length }, 'form post stored');
        answerOk(res);
        notifications?.submitted(outcome.id);
        return;
      case 'replayed':
        logOutcome(
          res,
          { form: definition.endpoint, submission: outcome.id },
          'repeated form post, nothing new stored',
        );
        answerReplayed(res);
        return;
      case 'dropped':
        logOutcome(res, { form: definition.endpoint }, 'honeypot form post dropped');
        answerOk(res);
        return;
      case 'keyReused':
        answerKeyReused(res, 'submission');
        return;
      case 'invalid':
        sendError(res, new HttpError(400, 'Some fields need attention.', { fields: outcome.fields, values }));
        return;
      case 'badFile':
        sendError(res, new HttpError(415, `${outcome.reason} ${LINKS_HINT}`, { file: outcome.file, values }));
        return;
    }
  };

const message = z.string().describe('What went wrong, in words for a person.');
const typedValuesSchema = z
  .record(z.string(), z.union([z.string(), z.boolean()]))
  .describe("What was typed and ticked, the form's own fields only, for the page that shows the form again.");
const refusedSchema = z
  .strictObject({
    error: message,
    fields: z.record(z.string(), z.string()).optional().describe('Each refused field and what is wrong with it.'),
    field: z.string().optional().describe('A multipart part sent under a name the form does not have.'),
    values: typedValuesSchema.optional(),
  })
  .describe('400: the form needs changes; nothing was stored.');
const refusedFileSchema = z
  .strictObject({
    error: message,
    file: z.string().optional().describe('The refused file (its name, made safe).'),
    values: typedValuesSchema.optional(),
  })
  .describe('415: not an accepted media type, or a file of a refused type; nothing was stored.');

const FORM_IDS = Object.keys(FORMS) as FormId[];

/** POST /api/form-posts/<form id>: one route for every form kind. */
export const FORM_POST_ROUTE: PublicRoute<FormPostRoutesOptions> = publicRoute<FormPostRoutesOptions>({
  method: 'POST',
  path: `${FORM_POSTS_PATH}/:form`,
  operationId: 'postFormWithoutScripts',
  summary: 'A form sent by the browser itself, without the page\u2019s scripts',
  description:
    'What the edge passes on when a visitor sends a form before (or without) the page\u2019s scripts: the ' +
    'form named in the path, as the browser encoded it. Flags: a ticked box sends "true", an unticked one ' +
    'nothing (false). Validated, stored and emailed as the JSON endpoints do; the same content sent again ' +
    'on the same day is answered 200 with Idempotent-Replayed and stored once. Refused from other sites ' +
    '(Sec-Fetch-Site). A refusal carries the typed values, so the edge can show the form again.',
  tags: ['forms'],
  params: { form: { description: 'The form (a form id of the site).', enum: FORM_IDS } },
  body: {
    content: {
      [URLENCODED]: { anyOf: FORM_IDS.map((id) => ({ $ref: `#/components/schemas/${schemaName(id, 'Post')}` })) },
      // Feedback's files; any other form answers 415 to multipart.
      [MULTIPART]: { $ref: '#/components/schemas/FeedbackFormMultipart' },
    },
  },
  answers: {
    200: {
      ...storedAnswer('post'),
      description: 'Stored (or a honeypot post dropped, or the same content already stored today).',
    },
    400: {
      description: 'The form needs changes; nothing was stored.',
      schema: { name: 'FormPostRefused', schema: refusedSchema },
    },
    403: { description: 'Sent from another site; nothing was stored.' },
    404: { description: 'There is no such form.' },
    408: 'RequestTimeout',
    413: 'PayloadTooLarge',
    415: {
      description: 'Not urlencoded (or multipart, for feedback), or a file of a refused type.',
      schema: { name: 'FormPostRefusedFile', schema: refusedFileSchema },
    },
    422: {
      description: 'The key made from the content was stored with other content (a hash collision).',
      schema: { name: 'IdempotencyKeyReused', schema: keyReusedSchema },
    },
    429: 'TooManyRequests',
    500: 'InternalError',
    503: 'ServiceUnavailable',
  },
  before: formPostChecks,
  handler: formPostHandler,
});
