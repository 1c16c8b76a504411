import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** A logger at info whose lines (as written) are collected in `lines`. */
export function logSink(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, logger: pino({ level: 'info' }, sink) };
}
