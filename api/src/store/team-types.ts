import type { EndpointKind } from '@wpc/shared/schemas';
import type { StoredSubmission } from './types';

/** Where the team is with a submission; a submission nobody has touched yet is new. */
export const REVIEW_STATUSES = ['new', 'in-progress', 'done'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** One change of a submission's status or note: who, when, and what (a note's text is not repeated). */
export interface ReviewChange {
  readonly at: Date;
  /** The team member's sign-in address. */
  readonly by: string;
  readonly status?: { readonly from: ReviewStatus; readonly to: ReviewStatus };
  readonly note?: 'added' | 'changed' | 'removed';
}

export interface SubmissionReview {
  readonly status: ReviewStatus;
  /** Private to the team; never sent to the visitor. */
  readonly note: string;
  /** Oldest first. */
  readonly history: readonly ReviewChange[];
}

export const NEW_REVIEW: SubmissionReview = { status: 'new', note: '', history: [] };

export interface ReviewedSubmission extends StoredSubmission {
  readonly review: SubmissionReview;
}

/** The inbox's filters; every one optional. */
export interface InboxFilter {
  readonly form?: EndpointKind;
  readonly status?: ReviewStatus;
  /** Received at or after. */
  readonly from?: Date;
  /** Received before. */
  readonly to?: Date;
  /** Words that must each appear in the name, email or organisation, any case. */
  readonly search?: string;
}

export interface InboxPageQuery extends InboxFilter {
  readonly offset: number;
  readonly limit: number;
}

export interface InboxPage {
  /** Newest first. */
  readonly rows: readonly ReviewedSubmission[];
  /** Rows matching the whole filter. */
  readonly total: number;
  /** Rows matching the filter apart from its form kind, per kind. */
  readonly counts: Readonly<Record<EndpointKind, number>>;
}

export interface ReviewUpdate {
  readonly status?: ReviewStatus;
  readonly note?: string;
}

/** A one-time sign-in link; only the hash of its token is kept. */
export interface SignInToken {
  readonly tokenHash: string;
  readonly email: string;
  readonly expiresAt: Date;
}

/** A signed-in team member's session; the cookie holds the token, the store its hash. */
export interface TeamSession {
  readonly tokenHash: string;
  readonly email: string;
  /** Sent back with every change (X-CSRF-Token), so another site cannot make one. */
  readonly csrfToken: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
}

export interface ErasureCounts {
  readonly submissions: number;
  readonly files: number;
  readonly assessments: number;
}

/** An audit entry: who did what, how many records, when - never whose data. */
export interface AuditEntry {
  readonly id: string;
  readonly at: Date;
  readonly by: string;
  readonly action: 'erase';
  readonly counts: ErasureCounts;
}

/** The team console's storage, beside the submissions in the same store. */
export interface TeamStore {
  inbox(query: InboxPageQuery): Promise<InboxPage>;
  /** Every matching row, newest first, one at a time (the console's export). */
  streamInbox(filter: InboxFilter): AsyncIterable<ReviewedSubmission>;
  /** null for an unknown or malformed id. */
  getSubmission(id: string): Promise<ReviewedSubmission | null>;
  /** Applies the change and records it in the history; null for an unknown id. */
  updateReview(id: string, update: ReviewUpdate, by: string, at: Date): Promise<ReviewedSubmission | null>;
  /**
   * Deletes every submission (with its files and review) sent with this email address (any
   * case) and records an audit entry without the address.
   */
  eraseEmail(email: string, by: string, at: Date): Promise<ErasureCounts>;
  listAudit(): Promise<AuditEntry[]>;
  saveSignInToken(token: SignInToken): Promise<void>;
  /** Removes the token and answers its address if it was stored and not expired at `now`; one caller at most wins. */
  takeSignInToken(tokenHash: string, now: Date): Promise<string | null>;
  saveSession(session: TeamSession): Promise<void>;
  findSession(tokenHash: string): Promise<TeamSession | null>;
  touchSession(tokenHash: string, lastSeenAt: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Forgets sessions idle since before `idleSince` and tokens expired by `now`. */
  sweep(idleSince: Date, now: Date): Promise<void>;
}

/** The fields the inbox searches and shows. */
export const SEARCH_FIELDS = ['firstName', 'lastName', 'email', 'organization'] as const;

/** The search as words: each must appear in one of SEARCH_FIELDS (any case). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** What the inbox filters read of a stored submission. */
export interface InboxFields {
  readonly form: string;
  readonly receivedAt: Date;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Whether a submission matches the filter (apart from status, which lives in the review). */
export function matchesInbox(submission: InboxFields, filter: InboxFilter, ignoreForm = false): boolean {
  if (!ignoreForm && filter.form && submission.form !== filter.form) return false;
  const time = submission.receivedAt.getTime();
  if (filter.from && time < filter.from.getTime()) return false;
  if (filter.to && time >= filter.to.getTime()) return false;
  const values = SEARCH_FIELDS.map((name) => {
    const value = submission.fields[name];
    return typeof value === 'string' ? value.toLowerCase() : '';
  });
  return searchWords(filter.search).every((word) => values.some((value) => value.includes(word)));
}

/** The review after a change, with the change in its history; the same object when nothing changes. */
export function applyReviewUpdate(
  review: SubmissionReview,
  update: ReviewUpdate,
  by: string,
  at: Date,
): SubmissionReview {
  const status = update.status !== undefined && update.status !== review.status ? update.status : undefined;
  const note = update.note !== undefined && update.note !== review.note ? update.note : undefined;
  if (status === undefined && note === undefined) return review;
  const change: ReviewChange = {
    at,
    by,
    ...(status !== undefined && { status: { from: review.status, to: status } }),
    ...(note !== undefined && { note: note === '' ? 'removed' : review.note === '' ? 'added' : 'changed' }),
  };
  return {
    status: status ?? review.status,
    note: note ?? review.note,
    history: [...review.history, change],
  };
}

export function emptyCounts(): Record<EndpointKind, number> {
  return { download: 0, notifyme: 0, sponsor: 0, collab: 0, subscribe: 0, feedback: 0, contact: 0, support: 0 };
}
