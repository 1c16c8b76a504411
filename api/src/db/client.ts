/** Whether the database answers; `cause` (a driver's error) is for the outage log only. */
export interface DatabaseHealth {
  readonly ok: boolean;
  readonly detail?: string;
  readonly cause?: unknown;
}

/**
 * What every repository of one backend calls: the database client. Each call says what it is
 * for (the 503's message names it), so the guard (guard.ts) can bound every call in one place.
 */
export interface DatabaseClient<Handle> {
  readonly kind: 'mongodb' | 'embedded';
  /** A description for the start-up log, with no credentials in it. */
  readonly description: string;
  /** Opens the database (creates what is missing); safe to call more than once. */
  init(): Promise<void>;
  /** One call of a request: bounded by the store deadline and the in-flight limit. */
  run<T>(what: string, work: (handle: Handle) => Promise<T> | T): Promise<T>;
  /** Rows of a long read (an export), each bounded by the export deadline. */
  rows<T>(source: AsyncIterable<T>): AsyncIterable<T>;
  /** Work whose length depends on its size (a file streamed in, an erasure): never cut off, only watched. */
  unbounded<T>(what: string, work: (handle: Handle) => Promise<T>): Promise<T>;
  /** A promise that waits for earlier work rather than the database, bounded like a call. */
  within<T>(what: string, waiting: Promise<T>): Promise<T>;
  health(): Promise<DatabaseHealth>;
  close(): Promise<void>;
}

/** A client's calls as made, without limits: what the guard wraps. */
export function plainCalls<Handle>(handle: () => Promise<Handle>) {
  return {
    run: async <T>(_what: string, work: (handle: Handle) => Promise<T> | T): Promise<T> => work(await handle()),
    rows: <T>(source: AsyncIterable<T>): AsyncIterable<T> => source,
    unbounded: async <T>(_what: string, work: (handle: Handle) => Promise<T>): Promise<T> => work(await handle()),
    within: <T>(_what: string, waiting: Promise<T>): Promise<T> => waiting,
  };
}

/** A client whose calls go to `current()` at each call (a store's guard, once bound), closing `client`. */
export function delegating<Handle>(
  client: DatabaseClient<Handle>,
  current: () => DatabaseClient<Handle>,
): DatabaseClient<Handle> {
  return {
    kind: client.kind,
    description: client.description,
    init: () => current().init(),
    run: (what, work) => current().run(what, work),
    rows: (source) => current().rows(source),
    unbounded: (what, work) => current().unbounded(what, work),
    within: (what, waiting) => current().within(what, waiting),
    health: () => current().health(),
    close: () => client.close(),
  };
}
