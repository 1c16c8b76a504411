import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** One document of a NeDB data file, dates restored. */
export type NedbDoc = Record<string, unknown> & { readonly _id: string };

/** NeDB writes a Date as {"$$date": milliseconds}. */
function reviveDates(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    const keys = Object.keys(fields);
    if (keys.length === 1 && keys[0] === '$$date' && typeof fields.$$date === 'number') return new Date(fields.$$date);
  }
  return value;
}

/**
 * The documents of a data file written by the API's earlier, NeDB-based versions: one JSON
 * document per line, appended; the last line of an _id wins, a {"$$deleted": true} line removes
 * it, index lines ({"$$indexCreated": ...}) carry no document, and a torn last line (a kill during
 * a write) is skipped, as NeDB itself does. An absent file holds no documents.
 */
export async function readNedbFile(file: string): Promise<NedbDoc[]> {
  const docs = new Map<string, NedbDoc>();
  try {
    await fs.access(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const input = createReadStream(file, { encoding: 'utf8' });
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line === '') continue;
    let doc: (NedbDoc & { $$deleted?: unknown }) | undefined;
    try {
      doc = JSON.parse(line, reviveDates) as NedbDoc & { $$deleted?: unknown };
    } catch {
      continue;
    }
    if (typeof doc?._id !== 'string') continue;
    if (doc.$$deleted === true) docs.delete(doc._id);
    else docs.set(doc._id, doc);
  }
  return [...docs.values()];
}
