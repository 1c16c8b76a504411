import { Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import { ENDPOINT_FORMS, ENDPOINT_KINDS, FORMS, type EndpointKind } from '@wpc/shared/schemas';
import type { StoredSubmission, SubmissionStreamQuery } from '../records/submissions';

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The `form` value of the team export that selects shared self-assessments. */
export const ASSESSMENT_EXPORT_FORM = 'assessment';

/** What `form` may name: an endpoint kind, or the shared self-assessments. */
export type ExportForm = EndpointKind | typeof ASSESSMENT_EXPORT_FORM;

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

// A calendar day that exists (leap years included: 2024-02-29 yes, 2025-02-30 no), so the
// pattern alone says what is accepted and the OpenAPI document can state it exactly.
const CALENDAR_DAY =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';
const TIME_OF_DAY = '(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,3})?)?';
const UTC_OFFSET = '(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
/** A calendar date or an ISO 8601 timestamp (minutes at least; without an offset it is server time). */
const ISO_DATE = new RegExp(`^${CALENDAR_DAY}(?:T${TIME_OF_DAY}${UTC_OFFSET}?)?$`);
/** Ids of both stores: the embedded store's 16 alphanumerics, MongoDB's 24 hex digits. */
const ROW_ID = /^[A-Za-z0-9]{1,64}$/;
/** A whole number of rows from 1 to 999,999,999. */
const ROW_LIMIT = /^0*[1-9][0-9]*$/;
const ROW_LIMIT_DIGITS = 9;

const FORM_CHOICE = `Use one of: ${ENDPOINT_KINDS.join(', ')}, ${ASSESSMENT_EXPORT_FORM}.`;
const DATE_CHOICE = 'Use an ISO 8601 date, e.g. 2025-01-31 or 2025-01-31T12:00:00Z.';
const FORMAT_CHOICE = 'Use json or csv.';
const LIMIT_CHOICE = 'Use a whole number of rows, at least 1.';
const AFTER_CHOICE = 'Use the id of the last row of the previous export.';

/**
 * The query of GET /api/admin/submissions as the route receives it (strings): the route checks
 * it with this schema and the OpenAPI document describes its parameters from it.
 */
export const exportQuerySchema = z.object({
  form: z
    .enum([...ENDPOINT_KINDS, ASSESSMENT_EXPORT_FORM], { error: FORM_CHOICE })
    .optional()
    .describe('Which form kind to export; all submissions when not given, shared self-assessments with assessment.'),
  since: z
    .string({ error: DATE_CHOICE })
    .regex(ISO_DATE, DATE_CHOICE)
    .optional()
    .describe('Only rows received at or after this date or instant (ISO 8601).'),
  format: z.enum(EXPORT_FORMATS, { error: FORMAT_CHOICE }).optional().describe('json (the default) or csv.'),
  limit: z
    .string({ error: LIMIT_CHOICE })
    .max(ROW_LIMIT_DIGITS, LIMIT_CHOICE)
    .regex(ROW_LIMIT, LIMIT_CHOICE)
    .optional()
    .describe('At most this many rows.'),
  after: z
    .string({ error: AFTER_CHOICE })
    .regex(ROW_ID, AFTER_CHOICE)
    .optional()
    .describe('The id of the last row of a previous export: this one starts after it.'),
});

/**
 * Checks the export parameters: form an endpoint kind, since an ISO date, format json or csv,
 * limit a positive whole number, after the id of the last row of a previous export.
 * (form=assessment is told apart by the caller, before this.)
 */
export function parseExportParams(params: ExportParams): ExportRequest {
  const result = exportQuerySchema.safeParse(params);
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return { ok: false, fields };
  }
  const { form, since, format = 'json', limit, after } = result.data;
  if (form === ASSESSMENT_EXPORT_FORM) return { ok: false, fields: { form: FORM_CHOICE } };
  return {
    ok: true,
    query: {
      form,
      since: since === undefined ? undefined : new Date(since),
      limit: limit === undefined ? undefined : Number(limit),
      after,
    },
    format,
  };
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
const FORMULA_CHARS = '=+\\-@\\t\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/**
 * Where a spreadsheet may start a cell inside our text: at its start, and after a `,` or `;`
 * (a spreadsheet whose list separator differs from ours splits there, quotes or not) or a line
 * break (a new record when the quoting is lost). Spaces and quotes before the formula character
 * do not stop it. At the very start a CR or LF counts too (a quoted cell may start with one);
 * elsewhere a line break ends the cell anyway, so "Dear team,<CRLF>" and blank lines stay as typed.
 */
const FORMULA_AT_CELL_START = new RegExp(
  `^(?=[ "]*[${FORMULA_CHARS}\\r\\n])|([,;]|\\r\\n|\\r(?!\\n)|\\n)(?=[ "]*[${FORMULA_CHARS}])`,
  'g',
);

/**
 * One cell as text, neutralised against formulas: an apostrophe goes before every place where a
 * spreadsheet could start a formula, whichever of "," or ";" it splits on, so it shows text.
 */
export function csvCell(value: unknown): string {
  const text = value === undefined || value === null ? '' : value instanceof Date ? value.toISOString() : String(value);
  return text.replace(FORMULA_AT_CELL_START, (_match, boundary?: string) => `${boundary ?? ''}'`);
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
