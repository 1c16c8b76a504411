/**
 * The team console's requests and answers as zod schemas, written once: the API checks requests
 * and builds its OpenAPI document from them, the browser's console takes its types from them.
 */
import { z } from 'zod';
import {
  EMAIL_MAX,
  ENDPOINT_KINDS,
  FORMS,
  LONG_TEXT_MAX,
  type EndpointKind,
  type FormId,
} from '../schemas/definitions';
import { AUDIT_ACTIONS, NOTE_CHANGES, REVIEW_STATUSES, ROLES } from '.';

const MAX_PAGE = 100_000;
export const SEARCH_MAX = 200;
/** A plain address: something@something, one line, no spaces. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;
const DAY = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
/** A token the API issued: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Ids of both stores: the embedded store's 16 alphanumerics, MongoDB's 24 hex digits. */
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
const pageNumber = (perPage: string) =>
  z
    .string({ error: 'Use a page number, 1 or more.' })
    .regex(/^[1-9]\d{0,5}$/, 'Use a page number, 1 or more.')
    .refine((value) => Number(value) <= MAX_PAGE, 'Use a page number, 1 or more.')
    .optional()
    .describe(`Page number, from 1 (${perPage} a page).`);
const statusChoice = () => z.enum(REVIEW_STATUSES, { error: `Use one of: ${REVIEW_STATUSES.join(', ')}.` });

// Requests

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
  status: statusChoice().optional().describe('Only submissions with this status.'),
  from: day('Received on or after this day (UTC).'),
  to: day('Received on or before this day (UTC).'),
  q: z
    .string({ error: 'Search for text.' })
    .max(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters.`)
    .optional()
    .describe('Words that must each appear in the name, email or organisation (any case).'),
});

/** Rows per inbox page. */
export const INBOX_PAGE_SIZE = 25;

export const inboxQuerySchema = filterQuerySchema.extend({
  page: pageNumber(`${INBOX_PAGE_SIZE} rows`),
});

export const TEAM_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const teamExportQuerySchema = filterQuerySchema.extend({
  format: z
    .enum(TEAM_EXPORT_FORMATS, { error: 'Use csv or xlsx.' })
    .describe('csv, or xlsx (an Excel workbook; every cell is text).'),
});

export const reviewRequestSchema = z
  .strictObject({
    status: statusChoice().optional().describe('The new status.'),
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

const role = z.enum(ROLES, { error: `Use roles from: ${ROLES.join(', ')}.` });

export const memberRequestSchema = z.strictObject({
  email: email.describe('The member’s sign-in address (any case; kept lower-cased).'),
  roles: z
    .array(role, { error: 'Choose the member’s roles.' })
    .min(1, 'Choose at least one role.')
    .max(ROLES.length, 'Choose each role once.')
    .refine((roles) => new Set(roles).size === roles.length, 'Choose each role once.')
    .describe('What the member may do: the inbox, updates, and content of one or more areas.'),
});

export const memberRemovalSchema = z.strictObject({
  email: email.describe('The member to remove; their sessions end at once.'),
});

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  action: z
    .enum(AUDIT_ACTIONS, { error: `Use one of: ${AUDIT_ACTIONS.join(', ')}.` })
    .optional()
    .describe('Only entries of this action.'),
  page: pageNumber(`${AUDIT_PAGE_SIZE} entries`),
});

// Answers

const message = z.string();
const timestamp = z.iso.datetime();
const status = z.enum(REVIEW_STATUSES);

export const signInAcceptedSchema = z.strictObject({ message });
const roles = z.array(z.enum(ROLES));
export const sessionSchema = z.strictObject({
  signedIn: z.literal(true),
  email: z.string(),
  csrfToken: z.string(),
  /** An admin (TEAM_EMAILS) may do everything; a member what their roles allow. */
  admin: z.boolean(),
  roles,
  /** Until when erasure and exports of personal data need no fresh sign-in link (15 minutes after the link was used). */
  freshUntil: timestamp,
});
export const currentSessionSchema = z.union([sessionSchema, z.strictObject({ signedIn: z.literal(false) })]);
export const inboxRowSchema = z.strictObject({
  id: z.string(),
  form: z.enum(ENDPOINT_KINDS),
  receivedAt: timestamp,
  name: z.string(),
  organization: z.string(),
  email: z.string(),
  status,
  files: z.int().min(0),
});
export const inboxSchema = z.strictObject({
  rows: z.array(inboxRowSchema),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
  counts: z.strictObject(
    Object.fromEntries(ENDPOINT_KINDS.map((kind) => [kind, z.int().min(0)])) as Record<EndpointKind, z.ZodInt>,
  ),
  /**
   * The team's emails of submissions (the outbox): absent when notifications are off or the
   * outbox could not be read in time.
   */
  mail: z
    .strictObject({
      pending: z.int().min(0).describe('Notifications not yet delivered (waiting, being sent or retried).'),
      failed: z.int().min(0).describe('Notifications given up: refused for good, or failing for 24 h.'),
      nextAttemptAt: timestamp
        .optional()
        .describe('Only while the SMTP server cannot be reached: when sending is tried next.'),
    })
    .optional(),
});
export const reviewChangeSchema = z.strictObject({
  at: timestamp,
  by: z.string(),
  status: z.strictObject({ from: status, to: status }).optional(),
  note: z.enum(NOTE_CHANGES).optional(),
});
export const teamSubmissionSchema = z.strictObject({
  id: z.string(),
  form: z.enum(ENDPOINT_KINDS),
  variant: z.enum(Object.keys(FORMS) as FormId[]),
  receivedAt: timestamp,
  page: z.string().nullable(),
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
  files: z.array(z.strictObject({ id: z.string(), name: z.string(), contentType: z.string(), size: z.int().min(0) })),
  review: z.strictObject({ status, note: z.string(), history: z.array(reviewChangeSchema) }),
});
export const erasureSchema = z.strictObject({
  submissions: z.int().min(0),
  files: z.int().min(0),
  assessments: z.int().min(0),
});
export const signedOutSchema = z.strictObject({ ok: z.literal(true) });
export const teamMemberSchema = z.strictObject({
  email: z.string(),
  roles,
  addedAt: timestamp,
  addedBy: z.string(),
  changedAt: timestamp,
  changedBy: z.string(),
});
export const membersSchema = z.strictObject({
  /** TEAM_EMAILS: changed in the deployment's settings, not in the console. */
  admins: z.array(z.string()),
  members: z.array(teamMemberSchema),
});
export const auditEntrySchema = z.strictObject({
  id: z.string(),
  at: timestamp,
  by: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string().optional(),
  detail: z.string().optional(),
  counts: z.record(z.string(), z.int().min(0)).optional(),
});
export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
  /** Entries older than this many days are deleted (AUDIT_RETENTION_DAYS). */
  retentionDays: z.int().min(1),
});

export type SignInRequest = z.infer<typeof signInRequestSchema>;
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;
export type FilterQuery = z.infer<typeof filterQuerySchema>;
export type TeamSession = z.infer<typeof sessionSchema>;
export type CurrentSession = z.infer<typeof currentSessionSchema>;
export type InboxRow = z.infer<typeof inboxRowSchema>;
export type InboxPage = z.infer<typeof inboxSchema>;
export type ReviewChange = z.infer<typeof reviewChangeSchema>;
export type TeamSubmission = z.infer<typeof teamSubmissionSchema>;
export type Erasure = z.infer<typeof erasureSchema>;
export type MemberRequest = z.infer<typeof memberRequestSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type Members = z.infer<typeof membersSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
