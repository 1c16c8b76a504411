import type { Readable } from 'node:stream';
import type { EndpointKind, FormId, Submission } from '@wpc/shared/schemas';
import type { TeamStore } from './team-types';
import type { NewNotification, NotificationOutbox } from './outbox';

/** What is known about one stored upload; the bytes live in the store under `id`. */
export interface StoredFile {
  readonly id: string;
  /** Sanitised original name, for the team's download only; never used as a storage path. */
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly uploadedAt: Date;
}

export interface NewFile {
  readonly name: string;
  readonly contentType: string;
}

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
 * The client's Idempotency-Key of one submission attempt, and a fingerprint of what it
 * carried, so a repeat with the same key and other content can be told apart.
 */
export interface IdempotencyTag {
  readonly key: string;
  readonly fingerprint: string;
}

export interface InsertOptions {
  readonly idempotency?: IdempotencyTag;
  /** The team notification to queue, written in the same document (submissions only). */
  readonly notification?: NewNotification;
}

/** Anonymised self-assessment results a community chose to share (no name, email or notes). */
export interface NewAssessment {
  readonly communityType: string;
  /** ISO 3166-1 alpha-2 code. */
  readonly country: string;
  readonly zip: string | null;
  /** All 40 scores: question id -> 0..5. */
  readonly scores: Readonly<Record<string, number>>;
  /** Which version of the question bank the scores answer. */
  readonly scorecardVersion: string;
  readonly receivedAt: Date;
}

export interface StoredAssessment extends NewAssessment {
  readonly id: string;
}

export interface AssessmentQuery {
  /** Only results received at or after this instant. */
  readonly since?: Date;
}

/** A streamed read of shared results in export order (receivedAt, then id), as for submissions. */
export interface AssessmentStreamQuery extends AssessmentQuery {
  readonly after?: string;
  readonly limit?: number;
}

/** One key's count in the current rate-limit window. */
export interface RateCount {
  readonly count: number;
  /** When the window ends and the count starts again from zero. */
  readonly resetAt: Date;
}

/**
 * Request counts per key in fixed windows, kept where every API process sees them, so
 * replicas behind one edge share one limit.
 */
export interface RateCounter {
  /** Counts one request for `key` in the window that holds now. */
  hit(key: string, windowMs: number): Promise<RateCount>;
  /** Takes back one request counted in the window that holds now (never below zero). */
  unhit(key: string, windowMs: number): Promise<void>;
  /** Forgets every window of `key`. */
  reset(key: string): Promise<void>;
}

export interface StoreHealth {
  readonly ok: boolean;
  readonly detail?: string;
  /** The underlying error (a driver's), for the outage log only. */
  readonly cause?: unknown;
}

/**
 * The storage port. Adapters return plain objects (no driver types leak out), keep the
 * insertion acknowledged before resolving, and are covered by one contract suite.
 */
export interface SubmissionStore {
  readonly kind: 'mongodb' | 'embedded';
  /** A description for the start-up log, with no credentials in it. */
  readonly description: string;
  /** Creates indexes and folders; safe to call more than once. */
  init(): Promise<void>;
  /**
   * Stores one submission. With an idempotency tag the key is kept under a unique index: a
   * second insert with the same key stores nothing and rejects with DuplicateSubmissionError.
   */
  insertSubmission(submission: NewSubmission, options?: InsertOptions): Promise<StoredSubmission>;
  /** Oldest first, all at once: for small reads (tests, tools); the export streams instead. */
  listSubmissions(query?: SubmissionQuery): Promise<StoredSubmission[]>;
  /**
   * Oldest first (receivedAt, then id), one row at a time from a cursor, so memory stays flat
   * however many rows match. Rejects with UnknownCursorError when `after` names no submission.
   */
  streamSubmissions(query?: SubmissionStreamQuery): AsyncIterable<StoredSubmission>;
  /** Streams bytes into the store; a failed or aborted source leaves nothing behind. */
  saveFile(source: Readable, file: NewFile): Promise<StoredFile>;
  /** null when no such file exists (unknown or malformed id). */
  openFile(id: string): Promise<{ readonly file: StoredFile; readonly stream: Readable } | null>;
  listFiles(): Promise<StoredFile[]>;
  /**
   * Shared self-assessment results, kept apart from form submissions; an idempotency tag works
   * as for submissions (DuplicateSubmissionError for a repeat).
   */
  insertAssessment(assessment: NewAssessment, options?: InsertOptions): Promise<StoredAssessment>;
  /** Oldest first, all at once (the benchmarks aggregate them). */
  listAssessments(query?: AssessmentQuery): Promise<StoredAssessment[]>;
  /** Oldest first (receivedAt, then id) from a cursor, for the export; UnknownCursorError as for submissions. */
  streamAssessments(query?: AssessmentStreamQuery): AsyncIterable<StoredAssessment>;
  deleteFile(id: string): Promise<void>;
  health(): Promise<StoreHealth>;
  /**
   * Rate-limit counts shared by every process on this store; absent for a store that only one
   * process can open (the embedded store), whose limiter counts in memory.
   */
  readonly rateCounter?: RateCounter;
  /** The team console's data: reviews, sign-in tokens, sessions, erasure and its audit. */
  readonly team: TeamStore;
  /** The team notifications queued with submissions (see outbox.ts). */
  readonly outbox?: NotificationOutbox;
  close(): Promise<void>;
}

/** The store could not be reached or did not answer in time: the request gets 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** An insert (submission or shared result) whose Idempotency-Key is already stored: the first attempt was written. */
export class DuplicateSubmissionError extends Error {
  constructor(
    /** The submission stored by the first attempt. */
    readonly existingId: string,
    /** Whether the first attempt carried the same content (a true retry). */
    readonly sameRequest: boolean,
  ) {
    super(`A submission with this idempotency key is already stored (${existingId}).`);
    this.name = 'DuplicateSubmissionError';
  }
}

/** A resume cursor (`after`) that names no stored submission (or shared result). */
export class UnknownCursorError extends Error {
  constructor(
    readonly after: string,
    what = 'submission',
  ) {
    super(`No ${what} has the id "${after}".`);
    this.name = 'UnknownCursorError';
  }
}
