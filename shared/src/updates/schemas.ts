/**
 * Updates' requests and answers as zod schemas, written once: the API checks requests and builds
 * its OpenAPI document from them, the pages and the console take their types from them.
 */
import { z } from 'zod';
import { EMAIL_MAX } from '../schemas/definitions';
import { DELIVERY_COUNTS, UPDATE_LISTS } from '.';

/** A link's token: the record's id, a dot, 32 random bytes in base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9]{1,64}\.[A-Za-z0-9_-]{43}$/;
const LINK_PROBLEM = 'This link is not complete. Open it again from the email, or copy the whole address.';
export const linkToken = z.string({ error: LINK_PROBLEM }).regex(LINK_TOKEN, LINK_PROBLEM);
const listChoice = z.enum(UPDATE_LISTS, { error: `Use one of: ${UPDATE_LISTS.join(', ')}.` });

export const SUBJECT_MAX = 200;
export const BODY_MAX = 100_000;

// Public (by the token of an emailed link)

export const tokenQuerySchema = z.object({ token: linkToken.describe('The token of the emailed link.') });
export const confirmRequestSchema = z.object({ token: linkToken.describe('The token of the confirmation link.') });

export const confirmInfoSchema = z.object({
  email: z.string(),
  lists: z.array(listChoice).describe('The lists the address asked for that Confirm turns on.'),
  state: z.enum(['pending', 'confirmed']).describe('confirmed: this link was used already (nothing left to do).'),
  expiresAt: z.string().describe('When the link stops working (ISO 8601).'),
});
export type ConfirmInfo = z.infer<typeof confirmInfoSchema>;

export const confirmAnswerSchema = z.object({
  confirmed: z.array(listChoice),
  alreadyConfirmed: z.boolean().describe('True when this link had been used before: nothing changed.'),
});

export const LIST_STATES = ['pending', 'confirmed', 'left'] as const;
export const preferencesSchema = z.object({
  email: z.string(),
  lists: z.array(z.object({ id: listChoice, state: z.enum([...LIST_STATES, 'none']), subscribed: z.boolean() })),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Lists to stay on (or join again, confirmed); the others are left. An empty list leaves all. */
export const preferencesRequestSchema = z.object({
  token: linkToken.describe('The token of the preferences link.'),
  lists: z.array(listChoice).max(UPDATE_LISTS.length).describe('The lists to receive; every other list is left.'),
});

// The console (/api/team/updates, /api/team/subscribers)

// The length is checked before trimming, as the OpenAPI document's maxLength says: the contract
// fuzzer found a subject of 201 characters with a leading vertical tab accepted.
const subject = z
  .string({ error: 'Write a subject.' })
  .max(SUBJECT_MAX, `Keep the subject to ${SUBJECT_MAX} characters.`)
  .trim()
  .min(1, 'Write a subject.')
  .refine((value) => !/[\r\n]/.test(value), 'Keep the subject on one line.');
const body = z
  .string({ error: 'Write the update.' })
  .max(BODY_MAX, `Keep the update to ${BODY_MAX.toLocaleString('en')} characters.`)
  .trim()
  .min(1, 'Write the update.');

export const draftRequestSchema = z.strictObject({
  subject: subject.describe('One line, at most 200 characters.'),
  body: body.describe('Markdown; no HTML scripts, event handlers or javascript: links.'),
  list: listChoice.describe('Who receives it: the confirmed subscribers of this list.'),
  fromRelease: z.string().max(200).optional().describe('The press release it started from (its slug), if any.'),
});
export type DraftRequest = z.infer<typeof draftRequestSchema>;

/** A published press release an update can start from (the console's "Start from a press release"). */
export const releaseChoiceSchema = z.object({
  slug: z.string().describe('The release’s slug: its page is /scorecard/news/<slug>.'),
  title: z.string(),
  date: z.string().describe('The release date (YYYY-MM-DD).'),
  summary: z.string(),
});
export type ReleaseChoice = z.infer<typeof releaseChoiceSchema>;
export const releasesAnswerSchema = z.object({
  releases: z.array(releaseChoiceSchema).describe('The published press releases, newest first.'),
});
export type ReleasesAnswer = z.infer<typeof releasesAnswerSchema>;
export const fromReleaseRequestSchema = z.strictObject({
  slug: z
    .string({ error: 'Choose a press release.' })
    .min(1, 'Choose a press release.')
    .max(200)
    .describe('The published release to start from.'),
  list: listChoice.describe('Who will receive it once sent.'),
});
export type FromReleaseRequest = z.infer<typeof fromReleaseRequestSchema>;

export const previewRequestSchema = z.strictObject({ subject, body, list: listChoice });

export const sendRequestSchema = z.strictObject({
  at: z.iso
    .datetime({ offset: true, error: 'Use a date and time such as 2026-12-01T09:00:00Z.' })
    .optional()
    .describe('When to send (ISO 8601); absent: now.'),
});

export const UPDATE_STATES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

export const updateSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  list: listChoice,
  state: z.enum(UPDATE_STATES),
  createdAt: z.string(),
  createdBy: z.string(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  fromRelease: z.string().nullable(),
  counts: z.object(
    Object.fromEntries(DELIVERY_COUNTS.map((name) => [name, z.number()])) as {
      [K in (typeof DELIVERY_COUNTS)[number]]: z.ZodNumber;
    },
  ),
  withdrawnAt: z.string().nullable().describe('When the team took it out of the public archive.'),
  webVersion: z.string().nullable().describe('Its page in the public archive, once sending started, until withdrawn.'),
});
export type UpdateView = z.infer<typeof updateSchema>;
export const updatesAnswerSchema = z.object({
  updates: z.array(updateSchema),
  /** Set while the site's hourly ceiling of confirmation emails is reached: none are sent until `until`. */
  confirmationsPaused: z.object({ ceiling: z.number().int(), until: z.string().datetime() }).optional(),
});
export type UpdatesAnswer = z.infer<typeof updatesAnswerSchema>;
/** A test send's answer: the signed-in address it went to. */
export const testSentSchema = z.object({ sentTo: z.string() });
export type TestSent = z.infer<typeof testSentSchema>;

export const previewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type UpdatePreview = z.infer<typeof previewSchema>;

export const subscriberQuerySchema = z.object({
  q: z
    .string()
    .max(EMAIL_MAX, 'Search for at most 254 characters.')
    .optional()
    .describe('A whole address, or part of one.'),
  list: listChoice.optional(),
});

export const subscriberRowSchema = z.object({
  email: z.string(),
  lists: z.array(z.object({ id: listChoice, state: z.enum(LIST_STATES) })),
  createdAt: z.string(),
});
export type SubscriberRow = z.infer<typeof subscriberRowSchema>;

export const subscribersAnswerSchema = z.object({
  counts: z.array(z.object({ list: listChoice, confirmed: z.number(), pending: z.number(), left: z.number() })),
  suppressed: z.number(),
  rows: z
    .array(subscriberRowSchema)
    .describe('At most 50 addresses matching the search (q): a whole address finds only itself; none without q.'),
});
export type SubscribersAnswer = z.infer<typeof subscribersAnswerSchema>;

// The public archive

export const publicUpdateSchema = z.object({
  id: z.string(),
  /** Its page in the archive: /updates/<date>-<slug>. */
  path: z.string(),
  subject: z.string(),
  list: listChoice,
  sentAt: z.string(),
  /** The first words of its text, for the list, the page's description and the feed. */
  summary: z.string(),
  html: z.string(),
});
export type PublicUpdate = z.infer<typeof publicUpdateSchema>;
export const archiveSchema = z.object({
  updates: z.array(publicUpdateSchema.omit({ html: true })),
});
export type ArchiveAnswer = z.infer<typeof archiveSchema>;
