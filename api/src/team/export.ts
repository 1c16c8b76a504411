import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { EndpointKind } from '@wpc/shared/schemas';
import type { ReviewedSubmission } from '../records/reviews';
import { submissionTable, type TableShape } from '../submissions/export';

/**
 * The console's export: the team export's columns (fixed ones, the form's fields, otherFields,
 * files) with the team's status and note after the fixed ones.
 */
export function reviewedTable(form?: EndpointKind): TableShape<ReviewedSubmission> {
  const base = submissionTable(form);
  const fixed = 5; // id, form, variant, receivedAt, page
  return {
    columns: [...base.columns.slice(0, fixed), 'status', 'note', ...base.columns.slice(fixed)],
    toCells: (row) => {
      const cells = base.toCells(row);
      return [...cells.slice(0, fixed), row.review.status, row.review.note, ...cells.slice(fixed)];
    },
  };
}

/** A cell of the workbook: always a string, so Excel shows it as typed and never runs it. */
function textCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Writes the rows as an .xlsx workbook to `out` as they arrive (exceljs' streaming writer: rows
 * are committed one by one, so memory stays flat). Every cell is a string cell: a value such
 * as "=1+1" is text in the workbook, never a formula.
 */
export async function writeWorkbook<T>(rows: AsyncIterable<T>, shape: TableShape<T>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Submissions', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Text format ("@") on every column, so a cell the team edits later stays text too.
  sheet.columns = shape.columns.map((column) => ({ header: column, key: column, width: 18, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet.addRow(shape.toCells(row).map(textCell)).commit();
  }
  sheet.commit();
  await workbook.commit();
}
