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

/**
 * Posts one form to its endpoint (spec §7) and returns the Response untouched: callers decide
 * success by status alone and the body is never read.
 */
export function submitForm(kind: FormId, values: SubmitValues): Promise<Response> {
  const form = FORMS[kind];
  const init: RequestInit = {
    method: 'POST',
    credentials: form.credentials ? 'include' : 'omit',
  };
  if (form.multipart) {
    // The browser writes the multipart Content-Type itself, boundary included.
    init.body = multipartBody(values);
  } else {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = jsonBody(values);
  }
  return fetch(`${apiBase()}${endpointPath(form.endpoint)}`, init);
}

/** Posts a community's anonymised self-assessment results (no cookies: no personal data involved). */
export function shareAssessment(share: AssessmentShare): Promise<Response> {
  return fetch(`${apiBase()}${ASSESSMENT_SHARE_PATH}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(share),
  });
}

/** Median and quartiles of every shared self-assessment, or why there are none yet. */
export function fetchAssessmentBenchmarks(): Promise<Response> {
  return fetch(`${apiBase()}${ASSESSMENT_BENCHMARKS_PATH}`, { credentials: 'omit' });
}
