import { Transform } from 'node:stream';

/** A pass-through stream that counts what flows through it, so a file's size is known without a second read. */
export function byteCounter(): { readonly stream: Transform; readonly bytes: () => number } {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}
