import type { AssessmentShare } from '@wpc/shared/assessment';
import {
  ASSESSMENT_BENCHMARKS_PATH,
  ASSESSMENT_SHARE_PATH,
  FORMS,
  endpointPath,
  type FormId,
} from '@wpc/shared/form-definitions';

/** A field's value as the forms hold it; files only travel in multipart forms. */
export type SubmitValue = string | boolean | readonly File[] | undefined;
export type SubmitValues = Readonly<Record<string, SubmitValue>>;

/** Empty in production (same origin behind the edge); set by webpack's DefinePlugin in development. */
export function apiBase(): string {
  return process.env.WPC_API_BASE ?? '';
}

function multipartBody(values: SubmitValues): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') body.append(name, value ? 'true' : 'false');
    else if (typeof value === 'string') body.append(name, value);
    else for (const file of value) body.append('files', file, file.name);
  }
  return body;
}

function jsonBody(values: SubmitValues): string {
  const plain: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'boolean') plain[name] = value;
  }
  return JSON.stringify(plain);
}

/** Header naming one form attempt, so the API stores it once however often it arrives. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Wait before the one retry of a send that met a network error or a 503. */
export const RETRY_DELAY_MS = 1000;

/**
 * A random UUID (version 4) for one form attempt. crypto.randomUUID exists only on secure
 * origins; getRandomValues everywhere, so plain-http development hosts get a key too.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SubmitOptions {
  /**
   * The attempt's Idempotency-Key. A form keeps one per attempt and passes it again when the
   * visitor sends the same values again; when omitted, a new one is made for this call.
   */
  readonly idempotencyKey?: string;
  /** Wait before the retry (tests shorten it). */
  readonly retryDelayMs?: number;
}

/** fetch rejects with a TypeError when the request never got an answer; an abort is not retried. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Posts one form to its endpoint (spec §7) and returns the Response untouched: callers decide
 * success by status alone and the body is never read. A network error or a 503 is retried
 * once, with the same Idempotency-Key: if the first try was stored after all, the API answers
 * the retry 200 and stores nothing new.
 */
export async function submitForm(kind: FormId, values: SubmitValues, options: SubmitOptions = {}): Promise<Response> {
  const form = FORMS[kind];
  const key = options.idempotencyKey ?? newIdempotencyKey();
  const init: RequestInit = {
    method: 'POST',
    credentials: form.credentials ? 'include' : 'omit',
  };
  if (form.multipart) {
    // The browser writes the multipart Content-Type itself, boundary included.
    init.headers = { [IDEMPOTENCY_HEADER]: key };
    init.body = multipartBody(values);
  } else {
    init.headers = { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: key };
    init.body = jsonBody(values);
  }
  return sendWithOneRetry(`${apiBase()}${endpointPath(form.endpoint)}`, init, options.retryDelayMs);
}

/** Sends once; a network error or a 503 is sent again, once, after a pause (same init, same key). */
async function sendWithOneRetry(url: string, init: RequestInit, retryDelayMs = RETRY_DELAY_MS): Promise<Response> {
  try {
    const response = await fetch(url, init);
    if (response.status !== 503) return response;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
  }
  await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  return fetch(url, init);
}

/**
 * Posts a community's anonymised self-assessment results (no cookies: no personal data
 * involved), with an Idempotency-Key and one retry as for the forms.
 */
export function shareAssessment(share: AssessmentShare, options: SubmitOptions = {}): Promise<Response> {
  const key = options.idempotencyKey ?? newIdempotencyKey();
  return sendWithOneRetry(
    `${apiBase()}${ASSESSMENT_SHARE_PATH}`,
    {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: key },
      body: JSON.stringify(share),
    },
    options.retryDelayMs,
  );
}

/** Median and quartiles of every shared self-assessment, or why there are none yet. */
export function fetchAssessmentBenchmarks(): Promise<Response> {
  return fetch(`${apiBase()}${ASSESSMENT_BENCHMARKS_PATH}`, { credentials: 'omit' });
}
