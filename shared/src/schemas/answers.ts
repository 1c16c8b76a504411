/**
 * The API's answers on the wire (forms, errors, health, the comparison, the export's rows) as zod
 * schemas: the OpenAPI document describes them (api/src/openapi/), and its tests hold the API's
 * real answers to them on both stores.
 */
import { z } from 'zod';
import { COMMUNITY_TYPE_IDS, type BenchmarksResponse } from '../scorecard/sharing';
import { ENDPOINT_KINDS, FORMS, type FormId } from './index';

export const okSchema = z.strictObject({ ok: z.literal(true) });

/** Every error answer: `error` in words for a person, and what it is about when there is one thing. */
const message = z.string().describe('What went wrong, in words for a person.');
export const errorSchema = z.strictObject({ error: message });

export const badRequestSchema = z
  .strictObject({
    error: message,
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Each refused field (or query parameter) and what is wrong with it; a score is named scores.<id>.'),
    header: z.string().optional().describe('The refused request header (Idempotency-Key).'),
    field: z.string().optional().describe('A multipart part sent under a name the form does not have.'),
  })
  .describe('400: the request was refused as it is; nothing was stored.');

export const tooLargeSchema = z
  .strictObject({
    error: message,
    file: z.string().optional().describe('The field of the file that is too large.'),
    field: z.string().optional().describe('The multipart field that is too large.'),
  })
  .describe('413: the body, a file, or the number of files is over its limit.');

export const unsupportedTypeSchema = z
  .strictObject({
    error: message,
    file: z.string().optional().describe('The refused file (its name, made safe).'),
  })
  .describe('415: the body is not of an accepted media type or charset, or a file is not of an accepted type.');

export const keyReusedSchema = z
  .strictObject({ error: message, header: z.literal('Idempotency-Key') })
  .describe('422: the Idempotency-Key was already used for different content.');

const storeKind = z.enum(['mongodb', 'embedded']);
const notificationsMode = z
  .enum(['on', 'off'])
  .describe('Whether each submission is emailed to the team (SMTP_URL set), through the outbox.');
const outboxSchema = z
  .strictObject({
    pending: z.int().min(0).describe('Notifications not yet delivered (waiting, being sent or retried).'),
    oldestPendingSeconds: z
      .int()
      .min(0)
      .nullable()
      .describe(
        'How long ago the oldest pending notification’s submission arrived, in seconds; null when none is pending.',
      ),
    failed: z.int().min(0).describe('Notifications given up: refused for good, or failing for 24 h.'),
    nextAttemptAt: z.iso
      .datetime()
      .optional()
      .describe(
        'Only while the SMTP server cannot be reached: when sending is tried next. Everything that waited for the server is sent once it answers.',
      ),
  })
  .describe('The notification outbox; absent when notifications are off or it could not be read in time.');
export const healthSchema = z.strictObject({
  status: z.literal('ok'),
  store: storeKind,
  notifications: notificationsMode,
  outbox: outboxSchema.optional(),
  storage: z
    .strictObject({ uploadsBytes: z.int().min(0).describe('Bytes of every stored upload together.') })
    .optional()
    .describe('What the uploads take (UPLOADS_MAX_TOTAL_MB is the quota); absent when it could not be read in time.'),
});
export const healthUnavailableSchema = z.strictObject({
  status: z.literal('unavailable'),
  store: storeKind,
  notifications: notificationsMode,
});

const percent = z.number().min(0).max(100);
const quartiles = { q1: percent, median: percent, q3: percent };
export const benchmarksSchema: z.ZodType<BenchmarksResponse> = z.union([
  z.strictObject({
    available: z.literal(false),
    count: z.int().min(0),
    minimum: z.int().min(1),
    message: z.string(),
  }),
  z.strictObject({
    available: z.literal(true),
    count: z.int().min(0),
    minimum: z.int().min(1),
    computedAt: z.iso.datetime(),
    essentials: z.array(z.strictObject({ essential: z.string(), number: z.int(), ...quartiles })),
    overall: z.strictObject(quartiles),
  }),
]);

const timestamp = z.iso.datetime();

export const submissionRowSchema = z.strictObject({
  id: z.string(),
  form: z.enum(ENDPOINT_KINDS),
  variant: z.enum(Object.keys(FORMS) as FormId[]),
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
  files: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      contentType: z.string(),
      size: z.int().min(0),
      uploadedAt: timestamp,
    }),
  ),
  page: z.string().nullable(),
  receivedAt: timestamp,
});

export const assessmentRowSchema = z.strictObject({
  id: z.string(),
  communityType: z.enum(COMMUNITY_TYPE_IDS),
  country: z.string(),
  zip: z.string().nullable(),
  scores: z.record(z.string(), z.int()),
  scorecardVersion: z.string(),
  receivedAt: timestamp,
});
