import { Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ENDPOINT_FORMS, ENDPOINT_KINDS, FORMS, type EndpointKind } from '@wpc/shared/schemas';
import type { StoredSubmission, SubmissionStreamQuery } from '../store';

export type ExportFormat = 'json' | 'csv';

export type ExportRequest =
  | { readonly ok: true; readonly query: SubmissionStreamQuery; readonly format: ExportFormat }
  | { readonly ok: false; readonly fields: Record<string, string> };

export interface ExportParams {
  readonly form?: unknown;
  readonly since?: unknown;
  readonly format?: unknown;
  readonly limit?: unknown;
  readonly after?: unknown;
}

// A calendar date or a full ISO 8601 timestamp.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
/** Ids of both stores: NeDB's 16 alphanumerics, MongoDB's 24 hex digits. */
const ROW_ID = /^[A-Za-z0-9]{1,64}$/;

/** Date parsing rolls 2025-02-30 over to March; refuse days the month does not have. */
function realCalendarDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/**
 * Checks the export parameters: form an endpoint kind, since an ISO date, format json or csv,
 * limit a positive whole number, after the id of the last row of a previous export.
 */
export function parseExportParams(params: ExportParams): ExportRequest {
  const fields: Record<string, string> = {};
  let form: EndpointKind | undefined;
  let since: Date | undefined;
  let format: ExportFormat = 'json';
  let limit: number | undefined;
  let after: string | undefined;

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
  if (params.limit !== undefined) {
    const value = typeof params.limit === 'string' && /^\d{1,9}$/.test(params.limit) ? Number(params.limit) : 0;
    if (value >= 1) limit = value;
    else fields.limit = 'Use a whole number of rows, at least 1.';
  }
  if (params.after !== undefined) {
    if (typeof params.after === 'string' && ROW_ID.test(params.after)) after = params.after;
    else fields.after = 'Use the id of the last row of the previous export.';
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, query: { form, since, limit, after }, format };
}

/** How rows of one kind become a table: the header and one row of cells per item. */
export interface TableShape<T> {
  readonly columns: readonly string[];
  toCells(item: T): readonly unknown[];
}

const FIXED_COLUMNS = ['id', 'form', 'variant', 'receivedAt', 'page'] as const;
/** Fields a stored row holds beyond its form's current definition (e.g. renamed since), as JSON. */
const OTHER_FIELDS_COLUMN = 'otherFields';

/** Every field column of the given endpoints' forms, in definition order, each once. */
function fieldColumns(kinds: readonly EndpointKind[]): string[] {
  const columns: string[] = [];
  const add = (name: string) => {
    if (!columns.includes(name)) columns.push(name);
  };
  for (const kind of kinds) {
    for (const id of ENDPOINT_FORMS[kind]) {
      for (const field of FORMS[id].fields) if (field.type !== 'files') add(field.name);
      if (FORMS[id].scorecardAware) add('scorecardForm');
    }
  }
  return columns;
}

/**
 * The CSV columns of one form kind, or of all of them: known before the first row, so rows
 * are written as they arrive. Fields outside the definitions still reach the export.
 */
export function submissionTable(form?: EndpointKind): TableShape<StoredSubmission> {
  const fields = fieldColumns(form ? [form] : ENDPOINT_KINDS);
  const known = new Set(fields);
  return {
    columns: [...FIXED_COLUMNS, ...fields, OTHER_FIELDS_COLUMN, 'files'],
    toCells: (submission) => {
      const other = Object.entries(submission.fields).filter(([key]) => !known.has(key));
      return [
        submission.id,
        submission.form,
        submission.variant,
        submission.receivedAt,
        submission.page,
        ...fields.map((key) => submission.fields[key]),
        other.length > 0 ? JSON.stringify(Object.fromEntries(other)) : '',
        submission.files.map((file) => `${file.name} (${file.id}, ${file.size} bytes)`).join('; '),
      ];
    },
  };
}

/** Spreadsheets run a cell starting with one of these as a formula (full-width forms too). */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One cell as text, neutralised against formulas with a leading apostrophe. */
export function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The CSV writer: every cell quoted (RFC 4180 quoting, quotes doubled), so a `;` or `,` inside a
 * cell never splits it whichever list separator the spreadsheet uses; CRLF between records.
 */
export function csvWriter(columns: readonly string[]): Transform {
  return stringify({
    header: true,
    columns: columns.map((column) => ({ key: column, header: column })),
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  });
}

async function* csvRecords<T>(rows: AsyncIterable<T>, shape: TableShape<T>): AsyncGenerator<Record<string, string>> {
  for await (const row of rows) {
    const cells = shape.toCells(row);
    const record: Record<string, string> = {};
    shape.columns.forEach((column, index) => {
      record[column] = csvCell(cells[index]);
    });
    yield record;
  }
}

async function* jsonText<T>(rows: AsyncIterable<T>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * The stages that turn rows into the export's bytes, for stream.pipeline: rows are pulled one
 * at a time as the destination accepts bytes, so memory stays flat however many there are.
 */
export function exportStages<T>(
  rows: AsyncIterable<T>,
  format: ExportFormat,
  shape: TableShape<T>,
): [Readable, ...Transform[]] {
  if (format === 'json') return [Readable.from(jsonText(rows))];
  return [Readable.from(csvRecords(rows, shape)), csvWriter(shape.columns)];
}

/**
 * Reads the first row before anything is sent, so a store that is down or a bad cursor still
 * gets a proper error answer; the returned rows start with that first one.
 */
export async function startRows<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T> & { cancel(): Promise<void> }> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  let started = false;
  return {
    async *[Symbol.asyncIterator]() {
      if (started) throw new Error('The rows of an export can be read once.');
      started = true;
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      } finally {
        await iterator.return?.();
      }
    },
    cancel: async () => {
      await iterator.return?.();
    },
  };
}
