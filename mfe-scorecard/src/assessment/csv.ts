import { localDay, QUESTION_HEADERS, REPORT_TITLE, reportRows, SUMMARY_HEADERS, type Report } from './report';

type CsvValue = string | number | null;

function cell(value: CsvValue): string {
  let text = value === null ? '' : String(value);
  // Spreadsheets run a cell that starts with these as a formula; a leading quote keeps notes as text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function lines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n');
}

/**
 * The results as CSV: the 40 questions first (header on line 1, so the file sorts and filters
 * as a table), then a blank line and the per-essential summary. A byte-order mark makes
 * spreadsheet programs read it as UTF-8.
 */
export function reportCsv(report: Report, exportedAt: Date): string {
  const { questions: questionRows, summary: summaryRows } = reportRows(report);
  return (
    '\uFEFF' +
    [
      lines([QUESTION_HEADERS, ...questionRows]),
      lines([SUMMARY_HEADERS, ...summaryRows]),
      lines([[REPORT_TITLE], [`Exported ${localDay(exportedAt)}`]]),
    ].join('\r\n\r\n') +
    '\r\n'
  );
}
