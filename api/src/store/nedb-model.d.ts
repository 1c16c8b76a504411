// The one NeDB internal the read-only export uses: its line format's parser (the package types only the Datastore).
declare module '@seald-io/nedb/lib/model.js' {
  /** Parses one line of a NeDB data file, restoring dates. */
  export function deserialize(line: string): Record<string, unknown>;
}
