import type { Logger } from 'pino';
import type { DatabaseClient } from './client';
import { StoreUnavailableError } from './errors';

/** Rejects with StoreUnavailableError when `work` has not settled within `ms`. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreUnavailableError(`The store did not answer ${what} within ${ms} ms.`)),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** A store that answered again is called back only after this long without a failure. */
const RECOVERY_QUIET_MS = 2000;

/**
 * Logs an outage once: the first failure with its real cause (the driver's error, not our
 * wrapper), then one line when the store has answered again and stayed well for a moment, so a
 * store that flaps under load does not log a pair of lines per request.
 */
export function outageLog(logger: Logger | undefined, kind: string) {
  let downSince: number | undefined;
  let lastFailure = 0;
  let failures = 0;
  return {
    failed(error: unknown): void {
      lastFailure = Date.now();
      failures += 1;
      if (downSince !== undefined) return;
      downSince = lastFailure;
      const cause = error instanceof StoreUnavailableError && error.cause !== undefined ? error.cause : error;
      logger?.error(
        { store: kind, err: cause },
        `store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    },
    succeeded(): void {
      if (downSince === undefined || Date.now() - lastFailure < RECOVERY_QUIET_MS) return;
      logger?.info({ store: kind, downMs: lastFailure - downSince, failedCalls: failures }, 'store available again');
      downSince = undefined;
      failures = 0;
    },
  };
}

/**
 * At most `max` store calls outstanding at once. A call that the API has already answered 503
 * (deadline passed) keeps its slot until the store really finishes it, so an overloaded or
 * frozen database is never sent more work than it has; calls waiting for a slot past their
 * deadline are answered 503 without ever reaching the store, so that 503 means "not stored".
 */
export function callLimit(max: number) {
  let active = 0;
  const waiting = new Set<() => void>();
  const release = () => {
    active -= 1;
    const [next] = waiting;
    if (next) {
      waiting.delete(next);
      next();
    }
  };
  return {
    get active() {
      return active;
    },
    async run<T>(start: () => Promise<T>, ms: number, what: string): Promise<T> {
      const startedAt = Date.now();
      if (active >= max) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(wake);
            reject(new StoreUnavailableError(`The store was busy with earlier calls for ${ms} ms (${what} not sent).`));
          }, ms);
          const wake = () => {
            clearTimeout(timer);
            resolve();
          };
          waiting.add(wake);
        });
      }
      active += 1;
      let work: Promise<T>;
      try {
        work = start();
      } catch (error) {
        release();
        throw error;
      }
      void work.then(release, release);
      return withDeadline(work, Math.max(1, ms - (Date.now() - startedAt)), what);
    },
  };
}

export interface GuardOptions {
  /** Longest wait on one database call before the request is answered 503. */
  readonly timeoutMs: number;
  /** Most calls outstanding at once (uploads, erasures, exports and health checks are not counted). */
  readonly maxInFlight?: number;
  /** Longest wait on one row of an export (a slow first batch of a large export is normal). */
  readonly exportTimeoutMs?: number;
  readonly logger?: Logger;
}

/**
 * The database client with every call bounded, so no request waits on the database longer than
 * `timeoutMs`: a database that hangs (network partition, frozen server, stuck disk) turns into a
 * quick 503 instead of a request that never ends. At most `maxInFlight` calls are outstanding
 * (see callLimit), and each outage is logged once. Work whose length depends on its size (a file
 * streamed in, an erasure) is only watched; the use-case checks health() (bounded) before it.
 * Exports are bounded per row, so a long export runs as long as rows keep coming.
 */
export function guardClient<Handle>(client: DatabaseClient<Handle>, options: GuardOptions): DatabaseClient<Handle> {
  const { timeoutMs: ms, exportTimeoutMs = 120_000, maxInFlight = 8, logger } = options;
  const outage = outageLog(logger, client.kind);
  const slots = callLimit(maxInFlight);
  const watch = <T>(work: Promise<T>): Promise<T> =>
    work.then(
      (value) => {
        outage.succeeded();
        return value;
      },
      (error: unknown) => {
        if (error instanceof StoreUnavailableError) outage.failed(error);
        else outage.succeeded(); // the store answered, if only with a refusal
        throw error;
      },
    );
  return {
    kind: client.kind,
    description: client.description,
    init: () => watch(slots.run(() => client.init(), ms, 'init')),
    run: (what, work) => watch(slots.run(() => client.run(what, work), ms, what)),
    rows: <T>(source: AsyncIterable<T>): AsyncIterable<T> => ({
      [Symbol.asyncIterator](): AsyncIterator<T> {
        const rows = client.rows(source)[Symbol.asyncIterator]();
        return {
          next: () => watch(withDeadline(rows.next(), exportTimeoutMs, 'an export batch')),
          return: async (value?: unknown) => {
            // A generator still waiting on the store finishes its cleanup once that call settles.
            void rows.return?.(value).catch(() => undefined);
            return { done: true, value: undefined };
          },
        };
      },
    }),
    unbounded: (what, work) => watch(client.unbounded(what, work)),
    within: (what, waiting) => watch(withDeadline(client.within(what, waiting), ms, what)),
    health: () =>
      withDeadline(client.health(), ms, 'health')
        .catch((error: unknown) => ({
          ok: false,
          detail: error instanceof Error ? error.message : String(error),
          cause: error,
        }))
        .then((health) => {
          if (health.ok) outage.succeeded();
          else outage.failed(health.cause ?? new Error(health.detail));
          return health;
        }),
    close: () => client.close(),
  };
}
