import type { Readable } from 'node:stream';
import type { EndpointKind, FormId, Submission } from '@wpc/shared/schemas';

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

export interface StoreHealth {
  readonly ok: boolean;
  readonly detail?: string;
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
  insertSubmission(submission: NewSubmission): Promise<StoredSubmission>;
  /** Oldest first. */
  listSubmissions(query?: SubmissionQuery): Promise<StoredSubmission[]>;
  /** Streams bytes into the store; a failed or aborted source leaves nothing behind. */
  saveFile(source: Readable, file: NewFile): Promise<StoredFile>;
  /** null when no such file exists (unknown or malformed id). */
  openFile(id: string): Promise<{ readonly file: StoredFile; readonly stream: Readable } | null>;
  listFiles(): Promise<StoredFile[]>;
  /** Shared self-assessment results, kept apart from form submissions. */
  insertAssessment(assessment: NewAssessment): Promise<StoredAssessment>;
  /** Oldest first. */
  listAssessments(query?: AssessmentQuery): Promise<StoredAssessment[]>;
  deleteFile(id: string): Promise<void>;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** The store could not be reached or did not answer in time: the request gets 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
