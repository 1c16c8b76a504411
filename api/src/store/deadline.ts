import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { TeamStore } from './team-types';
import {
  DuplicateSubmissionError,
  StoreUnavailableError,
  type IdempotencyTag,
  type NewFile,
  type RateCounter,
  type StoredSubmission,
  type SubmissionStore,
} from './types';

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

export interface StoreGuardOptions {
  /** Longest wait on one store call before the request is answered 503. */
  readonly timeoutMs: number;
  /** Most store calls outstanding at once (uploads, exports and health checks are not counted). */
  readonly maxInFlight?: number;
  /** Longest wait on one batch of an export (a slow first batch of a large export is normal). */
  readonly exportTimeoutMs?: number;
  readonly logger?: Logger;
}

/**
 * Wraps a store so no request waits on it longer than `timeoutMs`: a store that hangs (network
 * partition, frozen server, stuck disk) turns into a quick 503 instead of a request that never
 * ends; keeps at most `maxInFlight` calls outstanding (see callLimit); and logs each outage once. File uploads are exempt because their length depends on the
 * file; the use-case checks health() (bounded) before streaming files in. Exports are bounded
 * per row fetched, so a long export runs as long as rows keep coming.
 */
export function storeWithDeadline(store: SubmissionStore, options: StoreGuardOptions): SubmissionStore {
  const { timeoutMs: ms, exportTimeoutMs = 120_000, maxInFlight = 8, logger } = options;
  const outage = outageLog(logger, store.kind);
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
  const bounded = <T>(start: () => Promise<T>, what: string) => watch(slots.run(start, ms, what));
  // Each row fetched of an export is bounded by the export deadline, not the submit deadline.
  const exportBatches = <T>(source: AsyncIterable<T>): AsyncIterable<T> => ({
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const rows = source[Symbol.asyncIterator]();
      return {
        next: () => watch(withDeadline(rows.next(), exportTimeoutMs, 'an export batch')),
        return: async (value?: unknown) => {
          // A generator still waiting on the store finishes its cleanup once that call settles.
          void rows.return?.(value).catch(() => undefined);
          return { done: true, value: undefined };
        },
      };
    },
  });

  // Inserts sent to the store and not yet settled, by Idempotency-Key: a retry that arrives
  // meanwhile waits for the first attempt's outcome instead of adding work to a slow store.
  const insertsInFlight = new Map<string, { readonly tag: IdempotencyTag; readonly work: Promise<StoredSubmission> }>();
  const outcomeOfEarlier = (earlier: { tag: IdempotencyTag; work: Promise<StoredSubmission> }, tag: IdempotencyTag) =>
    earlier.work.then(
      (stored): never => {
        throw new DuplicateSubmissionError(stored.id, earlier.tag.fingerprint === tag.fingerprint);
      },
      (error: unknown): never => {
        if (error instanceof DuplicateSubmissionError) {
          throw new DuplicateSubmissionError(
            error.existingId,
            error.sameRequest && earlier.tag.fingerprint === tag.fingerprint,
          );
        }
        throw error;
      },
    );

  return {
    kind: store.kind,
    description: store.description,
    init: () => bounded(() => store.init(), 'init'),
    insertSubmission: (submission, insertOptions) => {
      const tag = insertOptions?.idempotency;
      const earlier = tag && insertsInFlight.get(tag.key);
      if (tag && earlier) return watch(withDeadline(outcomeOfEarlier(earlier, tag), ms, 'insert'));
      return bounded(() => {
        const work = store.insertSubmission(submission, insertOptions);
        if (tag) {
          insertsInFlight.set(tag.key, { tag, work });
          const forget = () => insertsInFlight.delete(tag.key);
          void work.then(forget, forget);
        }
        return work;
      }, 'insert');
    },
    listSubmissions: (query) => bounded(() => store.listSubmissions(query), 'list'),
    streamSubmissions: (query) => exportBatches(store.streamSubmissions(query)),
    saveFile: (source: Readable, file: NewFile) => watch(store.saveFile(source, file)),
    openFile: (id) => bounded(() => store.openFile(id), 'openFile'),
    listFiles: () => bounded(() => store.listFiles(), 'listFiles'),
    insertAssessment: (assessment, insertOptions) =>
      bounded(() => store.insertAssessment(assessment, insertOptions), 'insertAssessment'),
    listAssessments: (query) => bounded(() => store.listAssessments(query), 'listAssessments'),
    streamAssessments: (query) => exportBatches(store.streamAssessments(query)),
    deleteFile: (id) => bounded(() => store.deleteFile(id), 'deleteFile'),
    health: () =>
      withDeadline(store.health(), ms, 'health')
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
    ...(store.rateCounter && { rateCounter: guardedCounter(store.rateCounter, bounded) }),
    team: guardedTeam(store.team, bounded, exportBatches),
    close: () => store.close(),
  };
}

/** The shared rate-limit counts, bounded like every other store call. */
function guardedCounter(
  counter: RateCounter,
  bounded: <T>(start: () => Promise<T>, what: string) => Promise<T>,
): RateCounter {
  return {
    hit: (key, windowMs) => bounded(() => counter.hit(key, windowMs), 'rate-limit count'),
    unhit: (key, windowMs) => bounded(() => counter.unhit(key, windowMs), 'rate-limit count'),
    reset: (key) => bounded(() => counter.reset(key), 'rate-limit reset'),
  };
}

/** The team console's store calls, bounded like every other; its export per batch, like the team export. */
function guardedTeam(
  team: TeamStore,
  bounded: <T>(start: () => Promise<T>, what: string) => Promise<T>,
  exportBatches: <T>(source: AsyncIterable<T>) => AsyncIterable<T>,
): TeamStore {
  return {
    inbox: (query) => bounded(() => team.inbox(query), 'inbox'),
    streamInbox: (filter) => exportBatches(team.streamInbox(filter)),
    getSubmission: (id) => bounded(() => team.getSubmission(id), 'getSubmission'),
    updateReview: (id, update, by, at) => bounded(() => team.updateReview(id, update, by, at), 'updateReview'),
    // Erasure deletes one file after another, so it is not held to one call's deadline.
    eraseEmail: (email, by, at) => team.eraseEmail(email, by, at),
    listAudit: () => bounded(() => team.listAudit(), 'listAudit'),
    saveSignInToken: (token) => bounded(() => team.saveSignInToken(token), 'saveSignInToken'),
    takeSignInToken: (hash, now) => bounded(() => team.takeSignInToken(hash, now), 'takeSignInToken'),
    saveSession: (session) => bounded(() => team.saveSession(session), 'saveSession'),
    findSession: (hash) => bounded(() => team.findSession(hash), 'findSession'),
    touchSession: (hash, at) => bounded(() => team.touchSession(hash, at), 'touchSession'),
    deleteSession: (hash) => bounded(() => team.deleteSession(hash), 'deleteSession'),
    sweep: (idleSince, now) => bounded(() => team.sweep(idleSince, now), 'sweep'),
  };
}
