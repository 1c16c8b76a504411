/** The database could not be reached or did not answer in time: the request gets 503. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** An insert (submission or shared result) whose Idempotency-Key is already stored: the first attempt was written. */
export class DuplicateSubmissionError extends Error {
  constructor(
    /** The record stored by the first attempt. */
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
