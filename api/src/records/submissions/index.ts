import type { EndpointKind, FormId, Submission } from '@wpc/shared/schemas';
import type { StoredFile } from '../files';

export interface NewSubmission {
  /** The endpoint it came through: download, notifyme, sponsor, ... */
  readonly form: EndpointKind;
  /** Which of the endpoint's shapes it matched, e.g. subscribePage for the scorecard page. */
  readonly variant: FormId;
  /** The validated fields, unknown ones already dropped. */
  readonly fields: Submission;
  readonly files: readonly StoredFile[];
  /** The site page it was sent from, when known (pageName or the Referer path). */
  readonly page: string | null;
  readonly receivedAt: Date;
}

export interface StoredSubmission extends NewSubmission {
  readonly id: string;
}

export interface SubmissionQuery {
  readonly form?: EndpointKind;
  /** Only submissions received at or after this instant. */
  readonly since?: Date;
}

/**
 * A streamed read in export order: oldest first by receivedAt, ties broken by id. `after` is
 * the id of the last row a previous read returned; `limit` caps the rows of this read.
 */
export interface SubmissionStreamQuery extends SubmissionQuery {
  readonly after?: string;
  readonly limit?: number;
}

/**
 * The team inbox's filter on the submissions (the reviews' record joins its own status in as ids,
 * records/reviews/record.ts); every part optional.
 */
export interface InboxSubmissionFilter {
  readonly form?: EndpointKind;
  /** Received at or after. */
  readonly from?: Date;
  /** Received before. */
  readonly to?: Date;
  /** Words that must each appear in the name, email or organisation, any case (inbox.ts). */
  readonly search?: string;
  /** Only the submissions with these ids. */
  readonly only?: readonly string[];
  /** None of the submissions with these ids. */
  readonly except?: readonly string[];
}

export interface InboxSubmissionPage {
  /** Newest first: receivedAt, then id, descending. */
  readonly rows: readonly StoredSubmission[];
  /** Submissions matching the whole filter. */
  readonly total: number;
  /** Submissions matching the filter apart from its form kind, per kind. */
  readonly counts: Readonly<Record<EndpointKind, number>>;
}

/** The last row of a batch newest first, which the next batch starts after. */
export interface InboxCursor {
  readonly id: string;
  readonly receivedAt: Date;
}

/**
 * The client's Idempotency-Key of one submission attempt, and a fingerprint of what it
 * carried, so a repeat with the same key and other content can be told apart.
 */
export interface IdempotencyTag {
  readonly key: string;
  readonly fingerprint: string;
}

/** The team notification queued with a new submission (the outbox record: ../outbox). */
export interface NewNotification {
  readonly status: 'pending';
  readonly attempts: 0;
  readonly messageId: string;
  readonly dueAt: Date;
}

export interface InsertOptions {
  readonly idempotency?: IdempotencyTag;
  /** The team notification to queue, written by the same write as the submission. */
  readonly notification?: NewNotification;
}

/** A submission sent with one email address, as erasure needs it. */
export interface SubmissionOfPerson {
  readonly id: string;
  readonly fileIds: readonly string[];
}

/**
 * The form submissions. Inserts are acknowledged (durable as the backend promises) before they
 * resolve; rows come back as plain objects, no driver types.
 */
export interface SubmissionRepository {
  /**
   * Stores one submission. With an idempotency tag the key is kept unique: a second insert with
   * the same key stores nothing and rejects with DuplicateSubmissionError.
   */
  insert(submission: NewSubmission, options?: InsertOptions): Promise<StoredSubmission>;
  /** Oldest first, all at once: for small reads (tests, tools); the export streams instead. */
  list(query?: SubmissionQuery): Promise<StoredSubmission[]>;
  /**
   * Oldest first (receivedAt, then id), a batch at a time, so memory stays flat however many
   * rows match. Rejects with UnknownCursorError when `after` names no submission.
   */
  stream(query?: SubmissionStreamQuery): AsyncIterable<StoredSubmission>;
  /** The submissions whose email field is this address (any case, surrounding spaces ignored). */
  findByEmail(email: string): Promise<SubmissionOfPerson[]>;
  /** Submissions received before `before` that still have files, oldest first, at most `limit` (upload retention). */
  withFilesBefore(before: Date, limit: number): Promise<SubmissionOfPerson[]>;
  /** Empties the submissions' lists of files (their files were deleted by the upload retention). */
  dropFiles(ids: readonly string[]): Promise<void>;
  /**
   * Deletes the submissions (and their queued notifications), freeing their Idempotency-Keys;
   * answers how many. On the embedded store no byte of them, or of anything deleted before it,
   * is left in DATA_DIR when it answers (erasure deletes files and reviews first, this last): the
   * copies of NeDB data files kept by the import (nedb-imported/) are deleted too.
   */
  remove(ids: readonly string[]): Promise<number>;
  /** A page of the team's inbox: `limit` rows after the first `offset`, with the total and per-kind counts. */
  inboxPage(filter: InboxSubmissionFilter, offset: number, limit: number): Promise<InboxSubmissionPage>;
  /**
   * At most `limit` rows newest first, after `cursor` when given: one bounded call per batch (the
   * inbox's export and the console's look at one submission).
   */
  inboxBatch(
    filter: InboxSubmissionFilter,
    cursor: InboxCursor | undefined,
    limit: number,
  ): Promise<StoredSubmission[]>;
}
