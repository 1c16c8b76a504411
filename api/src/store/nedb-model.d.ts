// NeDB's line format, used by the read-only export (and the export benchmark); the package types only the Datastore.
declare module '@seald-io/nedb/lib/model.js' {
  /** Parses one line of a NeDB data file, restoring dates. */
  export function deserialize(line: string): Record<string, unknown>;
  /** One document as a line of a NeDB data file (the export benchmark writes its data this way). */
  export function serialize(document: Record<string, unknown>): string;
}
