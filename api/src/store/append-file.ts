import fs from 'node:fs';
import { promisify } from 'node:util';

const open = promisify(fs.open);
const write = promisify(fs.write);
const close = promisify(fs.close);

/** A copy of `value` with each Date as NeDB writes it, {"$$date": ms}; parts without Dates are shared, not copied. */
function withNedbDates(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return { $$date: value.getTime() };
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const written = withNedbDates(value[index]);
      if (written !== value[index]) (copy ??= [...value])[index] = written;
    }
    return copy ?? value;
  }
  const fields = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  // Documents are plain objects: no inherited enumerable keys.
  for (const key in fields) {
    const written = withNedbDates(fields[key]);
    if (written !== fields[key]) (copy ??= { ...fields })[key] = written;
  }
  return copy ?? value;
}

/**
 * A document's line as NeDB's serialize() writes it, byte for byte, without its replacer function:
 * JSON.stringify with a replacer calls it for every key and value (3 % of a submission's time
 * under load); without one it takes V8's fast path. NeDB's replacer also checks the field names,
 * which NeDB has already done before a document reaches persistence (checkObject on insert and update).
 */
export function nedbLine(doc: Record<string, unknown>): string {
  return JSON.stringify(withNedbDates(doc));
}

/** The part of a NeDB datastore's persistence this replaces (lib/persistence.js). */
interface Persistence {
  readonly filename: string;
  readonly inMemoryOnly: boolean;
  readonly modes: { readonly fileMode: number };
  persistNewStateAsync(docs: Record<string, unknown>[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
  dropDatabaseAsync(): Promise<void>;
}

/**
 * Makes a NeDB datastore append its new lines through a data file it keeps open (for datastores
 * without serialisation hooks, like this API's; false for an in-memory one, left as it was). NeDB's own
 * append opens the file, writes and closes it again (three trips to the thread pool) and waits
 * once per document for its serialisation hook; under group commit that was a sixth of an
 * insert's time. Here a batch's lines are one write() to a descriptor opened on the first append.
 *
 * Nothing is weaker: the caller is still answered only once write() has put every byte of its
 * lines in the file (NeDB's close() added nothing to that; neither fsyncs), and a failed or short
 * write fails the insert as before. NeDB replaces the whole file when it compacts (a new file
 * renamed over the old one) and deletes it when the database is dropped, so the descriptor is
 * closed before either and the next append opens the new file. NeDB runs one operation at a time,
 * so no append runs during them.
 */
export function appendThroughOpenFile(datastore: object): boolean {
  const persistence = (datastore as { persistence: Persistence }).persistence;
  if (persistence.inMemoryOnly) return false;
  let fd: number | undefined;

  const release = async () => {
    if (fd === undefined) return;
    const open = fd;
    fd = undefined;
    await close(open);
  };

  persistence.persistNewStateAsync = async (docs) => {
    let lines = '';
    for (const doc of docs) lines += `${nedbLine(doc)}\n`;
    if (lines === '') return;
    const bytes = Buffer.from(lines, 'utf8');
    fd ??= await open(persistence.filename, 'a', persistence.modes.fileMode);
    try {
      let done = 0;
      while (done < bytes.length) {
        const { bytesWritten } = await write(fd, bytes, done, bytes.length - done);
        done += bytesWritten;
      }
    } catch (error) {
      // Start again from a fresh descriptor next time (the disk may have been full).
      await release().catch(() => undefined);
      throw error;
    }
  };

  const compact = persistence.persistCachedDatabaseAsync.bind(persistence);
  persistence.persistCachedDatabaseAsync = async () => {
    await release();
    await compact();
  };
  const drop = persistence.dropDatabaseAsync.bind(persistence);
  persistence.dropDatabaseAsync = async () => {
    // Once NeDB has stopped taking operations and deleted the file; nothing appends in between.
    await drop();
    await release();
  };
  return true;
}
