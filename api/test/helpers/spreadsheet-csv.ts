/**
 * How a spreadsheet splits CSV text into cells with a given list separator: a cell that starts
 * with a quote is read as quoted up to its closing quote (doubled quotes are one quote), and
 * anything after that up to the next separator joins it; any other cell ends at the next
 * separator or line break. So a file written with "," and read with ";" splits inside
 * quoted cells, as German or French Excel does.
 */
export function spreadsheetCells(text: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let index = 0;
  while (index < text.length) {
    let cell = '';
    if (text[index] === '"') {
      index += 1;
      for (; index < text.length; index += 1) {
        if (text[index] === '"') {
          if (text[index + 1] === '"') {
            cell += '"';
            index += 1;
          } else {
            index += 1;
            break;
          }
        } else cell += text[index];
      }
    }
    while (index < text.length && text[index] !== separator && text[index] !== '\r' && text[index] !== '\n') {
      cell += text[index];
      index += 1;
    }
    cells.push(cell);
    if (text[index] === '\r' && text[index + 1] === '\n') index += 2;
    else index += 1;
  }
  return cells;
}

/** Every piece of the text between separators of either kind and line breaks, quotes ignored. */
export function naiveCells(text: string): string[] {
  return text.split(/[,;]|\r\n|\r|\n/);
}

/** What a spreadsheet runs as a formula: a cell starting (after spaces and quotes) with one of these. */
export const FORMULA_LIKE = /^[ "]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The cells of the text, read every way a spreadsheet might, that would start a formula. */
export function formulaCells(text: string): string[] {
  return [...spreadsheetCells(text, ','), ...spreadsheetCells(text, ';'), ...naiveCells(text)].filter((cell) =>
    FORMULA_LIKE.test(cell),
  );
}
