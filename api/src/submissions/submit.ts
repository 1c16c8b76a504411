import { createReadStream } from 'node:fs';
import { parseSubmission, type EndpointKind } from '@wpc/shared/schemas';
import { fingerprint } from '../http/idempotency';
import { DuplicateSubmissionError, StoreUnavailableError } from '../db/errors';
import type { StoredFile } from '../records/files';
import type { NewNotification, NewSubmission, StoredSubmission } from '../records/submissions';
import type { Store } from '../store';
import { sanitizeFileName, sniffFile } from '../uploads/files';

/** A file multer has written to the request's temporary folder. */
export interface IncomingFile {
  readonly path: string;
  readonly originalName: string;
}

export interface SubmitInput {
  readonly kind: EndpointKind;
  readonly body: unknown;
  /** multipart bodies carry flags as "true"/"false" strings. */
  readonly multipart: boolean;
  readonly files: readonly IncomingFile[];
  /** The Referer header, used for the page when the form does not name one. */
  readonly referer?: string;
  /** The client's Idempotency-Key: one per form attempt, the same on its retries. */
  readonly idempotencyKey?: string;
}

export type SubmitOutcome =
  | { readonly type: 'stored'; readonly id: string }
  /** A retry of an attempt already stored (same key, same content): nothing new is stored. */
  | { readonly type: 'replayed'; readonly id: string }
  /** The key was used before for a different submission. */
  | { readonly type: 'keyReused' }
  /** The honeypot was filled in: answered like a success, stored nowhere. */
  | { readonly type: 'dropped' }
  | { readonly type: 'invalid'; readonly fields: Record<string, string> }
  | { readonly type: 'badFile'; readonly file: string; readonly reason: string };

const PAGE_MAX = 200;

function pageOf(pageName: unknown, referer: string | undefined): string | null {
  if (typeof pageName === 'string' && pageName !== '') return pageName;
  if (!referer) return null;
  try {
    // Path only: the query string could carry personal data.
    return new URL(referer).pathname.slice(0, PAGE_MAX);
  } catch {
    return null;
  }
}

export interface SubmitOptions {
  /** When notifications are on: the outbox entry stored by the same write as the submission. */
  readonly notification?: (receivedAt: Date) => NewNotification;
  /**
   * Runs once the submission is stored, and again for a repeat of it (same Idempotency-Key and
   * content), before the visitor is answered: a failure answers 503 and the visitor's retry runs it
   * again, so it must be idempotent (the subscription from consent is: updates/subscribers.ts).
   */
  readonly afterStored?: (submission: StoredSubmission, repeat: boolean) => Promise<void>;
}

/**
 * What a route runs once a submission is stored (SubmitOptions.afterStored), told which client sent
 * it and whether this was a repeat of one stored already.
 */
export type AfterStoredFrom = (submission: StoredSubmission, client: string, repeat: boolean) => Promise<void>;

/**
 * Validates a submission, checks its files and stores both. Nothing is stored unless the
 * whole submission is acceptable, and files already stored are removed if a later step fails.
 */
export async function submitForm(
  input: SubmitInput,
  store: Pick<Store, 'submissions' | 'files' | 'health'>,
  options: SubmitOptions = {},
): Promise<SubmitOutcome> {
  const parsed = parseSubmission(input.kind, input.body, { multipart: input.multipart });
  if (!parsed.ok) return { type: 'invalid', fields: parsed.fields };
  if (parsed.honeypot) return { type: 'dropped' };

  const checked: { path: string; name: string; contentType: string }[] = [];
  for (const file of input.files) {
    const name = sanitizeFileName(file.originalName);
    const sniffed = await sniffFile(file.path, name);
    if (!sniffed.ok) return { type: 'badFile', file: name, reason: sniffed.reason };
    checked.push({ path: file.path, name, contentType: sniffed.contentType });
  }

  if (checked.length > 0) {
    // File streaming has no deadline of its own, so find out quickly whether the store is there.
    const health = await store.health();
    if (!health.ok) throw new StoreUnavailableError(health.detail ?? 'The store is unavailable.');
  }

  const idempotency = input.idempotencyKey
    ? { key: input.idempotencyKey, fingerprint: submissionFingerprint(input.kind, parsed.form, parsed.data, checked) }
    : undefined;
  const stored: StoredFile[] = [];
  const removeStoredFiles = () => Promise.all(stored.map((file) => store.files.delete(file.id).catch(() => undefined)));
  let outcome: SubmitOutcome;
  let submission: NewSubmission | undefined;
  try {
    for (const file of checked) {
      stored.push(
        await store.files.save(createReadStream(file.path), { name: file.name, contentType: file.contentType }),
      );
    }
    const receivedAt = new Date();
    submission = {
      form: input.kind,
      variant: parsed.form,
      fields: parsed.data,
      files: stored,
      page: pageOf(parsed.data.pageName, input.referer),
      receivedAt,
    };
    const { id } = await store.submissions.insert(submission, {
      idempotency,
      notification: options.notification?.(receivedAt),
    });
    outcome = { type: 'stored', id };
  } catch (error) {
    // This attempt's files are not needed: either nothing was stored, or the first attempt was.
    await removeStoredFiles();
    if (!(error instanceof DuplicateSubmissionError)) throw error;
    if (!error.sameRequest) return { type: 'keyReused' };
    outcome = { type: 'replayed', id: error.existingId };
  }
  // The first attempt of a repeat carried these fields (same fingerprint); its files, time and page may differ.
  if (submission) await options.afterStored?.({ id: outcome.id, ...submission }, outcome.type === 'replayed');
  return outcome;
}

/** What a retry must repeat: the form, its validated fields and its files' names. */
function submissionFingerprint(
  kind: EndpointKind,
  variant: string,
  data: unknown,
  files: readonly { name: string }[],
): string {
  // zod returns fields in the schema's order, so equal submissions serialise equally.
  return fingerprint([kind, variant, data, files.map((file) => file.name)]);
}
