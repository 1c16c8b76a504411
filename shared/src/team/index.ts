/**
 * The team console's wire contract, the part without zod (so the browser's console pays nothing
 * for it): where its API lives, the CSRF header, and the review statuses. The schemas of every
 * request and answer are in ./schemas (@wpc/shared/team/schemas).
 */

/** Every console endpoint is under this path (and the session cookie goes to it alone). */
export const TEAM_API = '/api/team';
/** Every change carries the session's CSRF token in this header. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** Where the team is with a submission; a submission nobody has touched yet is new. */
export const REVIEW_STATUSES = ['new', 'in-progress', 'done'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a note change did (the history never repeats a note's text). */
export const NOTE_CHANGES = ['added', 'changed', 'removed'] as const;
export type NoteChange = (typeof NOTE_CHANGES)[number];

export * from './access';
// The Impact page's constants (issue 40); its wire schemas are in ./impact-schemas.
export * from './impact';

/**
 * The editor's live Markdown preview takes the first this many characters: within the API's 100 KB
 * JSON limit however they are encoded (6 bytes for an escaped character).
 */
export const MARKDOWN_PREVIEW_MAX = 15_000;

/**
 * What the audit log records: every console action, by the team member who did it (never a
 * visitor's data). The other console features (publishing, updates) record theirs the same way.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-refused',
  'sign-out',
  'sign-out-everywhere',
  'export',
  'file-download',
  'erase',
  'member-add',
  'member-change',
  'member-remove',
  'publish',
  'schedule',
  'unschedule',
  'unpublish',
  'restore',
  'update-test',
  'update-send',
  'update-schedule',
  'update-pause',
  'update-resume',
  'update-cancel',
  'update-withdraw',
  'uploads-retention',
  'content-images-sweep',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
