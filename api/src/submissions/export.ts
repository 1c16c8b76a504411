import { ENDPOINT_KINDS, type EndpointKind } from '@wpc/shared/schemas';
import type { StoredSubmission, SubmissionQuery, SubmissionStore } from '../store';

export type ExportFormat = 'json' | 'csv';

export type ExportRequest =
  | { readonly ok: true; readonly query: SubmissionQuery; readonly format: ExportFormat }
  | { readonly ok: false; readonly fields: Record<string, string> };

export interface ExportParams {
  readonly form?: unknown;
  readonly since?: unknown;
  readonly format?: unknown;
}

// A calendar date or a full ISO 8601 timestamp.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Date parsing rolls 2025-02-30 over to March; refuse days the month does not have. */
function realCalendarDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** Checks the export filters: form is an endpoint kind, since an ISO date, format json or csv. */
export function parseExportParams(params: ExportParams): ExportRequest {
  const fields: Record<string, string> = {};
  let form: EndpointKind | undefined;
  let since: Date | undefined;
  let format: ExportFormat = 'json';

  if (params.form !== undefined) {
    if (typeof params.form === 'string' && (ENDPOINT_KINDS as readonly string[]).includes(params.form)) {
      form = params.form as EndpointKind;
    } else {
      fields.form = `Use one of: ${ENDPOINT_KINDS.join(', ')}, assessment.`;
    }
  }
  if (params.since !== undefined) {
    const date = typeof params.since === 'string' && ISO_DATE.test(params.since) ? new Date(params.since) : undefined;
    if (date && !Number.isNaN(date.getTime()) && realCalendarDay(params.since as string)) since = date;
    else fields.since = 'Use an ISO 8601 date, e.g. 2025-01-31 or 2025-01-31T12:00:00Z.';
  }
  if (params.format !== undefined) {
    if (params.format === 'json' || params.format === 'csv') format = params.format;
    else fields.format = 'Use json or csv.';
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, query: { form, since }, format };
}

export type ExportResult =
  | { readonly ok: true; readonly format: ExportFormat; readonly submissions: StoredSubmission[] }
  | { readonly ok: false; readonly fields: Record<string, string> };

/** The team export: checks the filters, then reads the matching submissions, oldest first. */
export async function exportSubmissions(store: SubmissionStore, params: ExportParams): Promise<ExportResult> {
  const request = parseExportParams(params);
  if (!request.ok) return request;
  return { ok: true, format: request.format, submissions: await store.listSubmissions(request.query) };
}

const FIXED_COLUMNS = ['id', 'form', 'variant', 'receivedAt', 'page'] as const;

function cell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  // Spreadsheets run cells starting with these as formulas; a leading quote keeps them text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One header row, then one row per submission; field columns are the union over all rows. */
export function toCsv(submissions: readonly StoredSubmission[]): string {
  const fieldColumns: string[] = [];
  for (const submission of submissions) {
    for (const key of Object.keys(submission.fields)) {
      if (!fieldColumns.includes(key)) fieldColumns.push(key);
    }
  }
  const header = [...FIXED_COLUMNS, ...fieldColumns, 'files'];
  const rows = submissions.map((submission) => [
    submission.id,
    submission.form,
    submission.variant,
    submission.receivedAt.toISOString(),
    submission.page,
    ...fieldColumns.map((key) => submission.fields[key]),
    submission.files.map((file) => `${file.name} (${file.id}, ${file.size} bytes)`).join('; '),
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
