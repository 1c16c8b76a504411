/**
 * A small CSV reader for tests of the downloads: quoted fields and doubled quotes. By default rows
 * end at LF or CRLF and the byte-order mark the scorecard's CSV starts with (for Excel) is left
 * out. `exact` reads the API's exports to the letter: rows end only at CRLF (RFC 4180), so a file
 * written with bare LFs reads as one row, and nothing is left out.
 */
export function parseCsv(text: string, { exact = false } = {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (exact && char === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (!exact && char === '\n') {
      field = field.replace(/\r$/, '');
      endRow();
    } else if (exact || char !== '\uFEFF') field += char;
  }
  return rows;
}
