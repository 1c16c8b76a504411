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
