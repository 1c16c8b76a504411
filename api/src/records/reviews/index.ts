import type { EndpointKind } from '@wpc/shared/schemas';
import type { NoteChange, ReviewStatus } from '@wpc/shared/team';
import type { StoredSubmission } from '../submissions';

/** One change of a submission's status or note: who, when, and what (a note's text is not repeated). */
export interface ReviewChange {
  readonly at: Date;
  /** The team member's sign-in address. */
  readonly by: string;
  readonly status?: { readonly from: ReviewStatus; readonly to: ReviewStatus };
  readonly note?: NoteChange;
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

/**
 * The team's reviews (status, private note, history), kept apart from the submissions under the
 * submission's id, and the submissions as the console reads them: with their review.
 */
export interface ReviewRepository {
  inbox(query: InboxPageQuery): Promise<InboxPage>;
  /** Every matching row, newest first, a batch at a time (the console's export). */
  stream(filter: InboxFilter): AsyncIterable<ReviewedSubmission>;
  /** null for an unknown or malformed id. */
  get(id: string): Promise<ReviewedSubmission | null>;
  /** Applies the change and records it in the history; null for an unknown id. */
  update(id: string, update: ReviewUpdate, by: string, at: Date): Promise<ReviewedSubmission | null>;
  /** Forgets the reviews of these submissions (erasure). */
  remove(submissionIds: readonly string[]): Promise<void>;
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
