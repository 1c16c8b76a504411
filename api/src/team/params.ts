/**
 * What the team console's requests may carry, as zod schemas: the routes check requests with
 * them and the OpenAPI document describes the requests from them.
 */
import { z } from 'zod';
import { ENDPOINT_KINDS, LONG_TEXT_MAX } from '@wpc/shared/schemas';
import { REVIEW_STATUSES, type InboxFilter } from '../store';

/** Rows per inbox page. */
export const INBOX_PAGE_SIZE = 25;
const MAX_PAGE = 100_000;
export const SEARCH_MAX = 200;
export const EMAIL_MAX = 254;
/** A plain address: something@something, one line, no spaces. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;
const DAY = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
/** A token we issued: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Ids of both stores: NeDB's 16 alphanumerics, MongoDB's 24 hex digits. */
export const ID_PATTERN = '^[A-Za-z0-9]{1,64}$';

const DAY_CHOICE = 'Use a date such as 2025-01-31.';
const email = z
  .string({ error: 'Enter an email address.' })
  .max(EMAIL_MAX, 'Enter an email address.')
  .regex(EMAIL, 'Enter an email address.');
const day = (description: string) =>
  z
    .string({ error: DAY_CHOICE })
    .regex(DAY, DAY_CHOICE)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DAY_CHOICE)
    .optional()
    .describe(description);

export const signInRequestSchema = z.strictObject({
  email: email.describe('A team member’s address (TEAM_EMAILS); the answer is the same for any other.'),
});

export const sessionRequestSchema = z.strictObject({
  token: z
    .string({ error: 'This sign-in link is not complete.' })
    .regex(TOKEN, 'This sign-in link is not complete.')
    .describe('The token of the emailed sign-in link (the part after #token=).'),
});

export const filterQuerySchema = z.object({
  form: z
    .enum(ENDPOINT_KINDS, { error: `Use one of: ${ENDPOINT_KINDS.join(', ')}.` })
    .optional()
    .describe('Only this form kind.'),
  status: z
    .enum(REVIEW_STATUSES, { error: `Use one of: ${REVIEW_STATUSES.join(', ')}.` })
    .optional()
    .describe('Only submissions with this status.'),
  from: day('Received on or after this day (UTC).'),
  to: day('Received on or before this day (UTC).'),
  q: z
    .string({ error: 'Search for text.' })
    .max(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters.`)
    .optional()
    .describe('Words that must each appear in the name, email or organisation (any case).'),
});

export const inboxQuerySchema = filterQuerySchema.extend({
  page: z
    .string({ error: 'Use a page number, 1 or more.' })
    .regex(/^[1-9]\d{0,5}$/, 'Use a page number, 1 or more.')
    .refine((value) => Number(value) <= MAX_PAGE, 'Use a page number, 1 or more.')
    .optional()
    .describe(`Page number, from 1 (${INBOX_PAGE_SIZE} rows a page).`),
});

export const TEAM_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const teamExportQuerySchema = filterQuerySchema.extend({
  format: z
    .enum(TEAM_EXPORT_FORMATS, { error: 'Use csv or xlsx.' })
    .describe('csv, or xlsx (an Excel workbook; every cell is text).'),
});

export const reviewRequestSchema = z
  .strictObject({
    status: z
      .enum(REVIEW_STATUSES, { error: `Use one of: ${REVIEW_STATUSES.join(', ')}.` })
      .optional()
      .describe('The new status.'),
    note: z
      .string({ error: 'The note must be text.' })
      .max(LONG_TEXT_MAX, `The note may be at most ${LONG_TEXT_MAX} characters.`)
      .optional()
      .describe('The private note, replacing the previous one (empty removes it).'),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    message: 'Send a status, a note or both.',
    path: ['status'],
  });

export const eraseRequestSchema = z.strictObject({
  email: email.describe('Every submission and file sent with this address (any case) is deleted.'),
});

/** Each refused field or parameter, with what is wrong with it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
}

/** The store's filter from a checked query: `to` is a whole day, so it ends at the next midnight (UTC). */
export function inboxFilter(query: z.infer<typeof filterQuerySchema>): InboxFilter {
  const dayStart = (value: string) => new Date(`${value}T00:00:00Z`);
  const nextDay = (value: string) => new Date(dayStart(value).getTime() + 24 * 60 * 60 * 1000);
  return {
    form: query.form,
    status: query.status,
    from: query.from === undefined ? undefined : dayStart(query.from),
    to: query.to === undefined ? undefined : nextDay(query.to),
    search: query.q?.trim() || undefined,
  };
}
