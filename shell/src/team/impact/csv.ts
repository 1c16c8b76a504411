/** One column of a chart's table: its heading and how a row shows in it (and in the CSV). */
export interface Column<Row> {
  readonly label: string;
  readonly value: (row: Row) => string | number;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
}

// A cell starting like a formula is run by spreadsheet programs; the quote mark makes it text (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The table as CSV (RFC 4180: CRLF line ends, text cells quoted), headings first. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => cell(column.label))];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))));
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a download: made in the page, nothing sent anywhere. */
export function downloadCsv(filename: string, csv: string): void {
  // The byte order mark makes Excel read the file as UTF-8 (route names, campaign names).
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Revoked once the browser has started the download, not before it read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
