import type { InsertOptions } from '../submissions';

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

/** Shared self-assessment results, kept apart from form submissions. */
export interface AssessmentRepository {
  /** An idempotency tag works as for submissions (DuplicateSubmissionError for a repeat). */
  insert(assessment: NewAssessment, options?: Pick<InsertOptions, 'idempotency'>): Promise<StoredAssessment>;
  /** Oldest first, all at once (the benchmarks aggregate them). */
  list(query?: AssessmentQuery): Promise<StoredAssessment[]>;
  /** Oldest first (receivedAt, then id) a batch at a time, for the export; UnknownCursorError as for submissions. */
  stream(query?: AssessmentStreamQuery): AsyncIterable<StoredAssessment>;
}
