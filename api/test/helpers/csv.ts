import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportStages, type TableShape } from '../../src/submissions/export';

/** The CSV text the exports write for these rows in this table shape. */
export async function csvText<T>(rows: readonly T[], shape: TableShape<T>): Promise<string> {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  await pipeline([
    ...exportStages(
      (async function* () {
        yield* rows;
      })(),
      'csv',
      shape,
    ),
    sink,
  ]);
  return text;
}

/** Splits CSV text into rows of cells (quoted cells may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}
