import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { isPermanentMailError, mailErrorReason, type Mailer } from '../mail/transport';
import { StoreUnavailableError } from '../db/errors';
import { withDeadline } from '../db/guard';
import { LEASE_MARGIN_MS, worstSendMs } from '../mail/timeouts';
import { recentLoopDelayMs } from './loop-delay';
import type { Claimed, MailQueue, MailState } from '../mail/queue';
import type { OutgoingMail } from '../mail/transport';
import type { OutboxRepository, OutboxStats } from '../records/outbox';
import type { NewNotification, StoredSubmission } from '../records/submissions';
import { notificationMail, type NotificationSettings } from './message';

/** What the submit path and /api/health need from the notifications. */
export interface Notifications {
  /** The outbox entry to store with a submission received at `receivedAt`. */
  newEntry(receivedAt: Date): NewNotification;
  /** A submission with an entry was stored: send soon (never awaited by the request). */
  submitted(id: string): void;
  /** The outbox for /api/health, at most a few seconds old. */
  stats(): Promise<OutboxStats | undefined>;
  /** While the SMTP server cannot be reached: when sending is tried next; undefined otherwise. */
  nextAttemptAt(): Date | undefined;
}

export interface WorkerTiming {
  /** How long a claim holds an entry; another replica may take it over once it has run out. */
  readonly leaseMs: number;
  /** How often the store is searched for entries that are due (retries, other replicas', a crash's). */
  readonly sweepIntervalMs: number;
  /** First retry delay after a failure; doubled per attempt. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Counted from the submission's arrival: past it a failing notification is marked failed. */
  readonly giveUpAfterMs: number;
  /** Longest pause of all sending while the SMTP server cannot be reached. */
  readonly pauseMaxMs: number;
  /** Emails in flight at once. */
  readonly concurrency: number;
  /** Longest wait on one outbox call. */
  readonly storeTimeoutMs: number;
  /** /api/health reads the outbox at most this often: on FerretDB it is a scan of every submission. */
  readonly statsMaxAgeMs: number;
}

export const DEFAULT_TIMING: WorkerTiming = {
  // The API passes its own (mail/config.ts: longer than the transport's slowest send, whatever the recipients).
  leaseMs: worstSendMs(1) + LEASE_MARGIN_MS,
  sweepIntervalMs: 5_000,
  retryBaseMs: 2_000,
  retryMaxMs: 15 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  pauseMaxMs: 5_000,
  concurrency: 4,
  storeTimeoutMs: 30_000,
  statsMaxAgeMs: 5_000,
};

/**
 * One kind of queued email, with its own queue in the store. Lanes are served in the order given,
 * the notifications' first: a lane starts an email only while no earlier lane has one waiting, and
 * may hold fewer connections than the worker has, so the ones it leaves free are always ready for
 * an earlier lane (and for sign-in links, which the console sends through the same mailer).
 */
export interface MailLane<Item = unknown> {
  /** For logs: "confirmation", "update". */
  readonly name: string;
  readonly queue: MailQueue<Item>;
  /**
   * The email of a claimed entry, or why it is not to be sent (a delivery to an address that left
   * meanwhile): `{ skip: status }` records that status instead.
   */
  compose(item: Item, state: MailState): Promise<OutgoingMail | { readonly skip: string; readonly reason: string }>;
  /** Counted from this, a failing email is given up after `giveUpAfterMs`. */
  startedAt(item: Item): Date;
  /** After a permanent refusal (5xx) of this email: e.g. suppress the address. */
  refused?(item: Item, reason: string): Promise<void>;
  /** After the server took this email and its sending was recorded (the Impact counts). */
  sent?(item: Item): void;
  /** Emails in flight at once in this lane (at most the worker's concurrency). */
  readonly maxInFlight?: number;
  /** Emails started per second in this lane; unset: as fast as the connections allow. */
  readonly perSecond?: number;
}

const SWEEP_BATCH = 1000;
/** Ids handed over by the submit path and waiting; beyond this the sweep finds them instead. */
const QUEUE_MAX = 50_000;
const STOP_GRACE_MS = 10_000;
/**
 * Least lease left, beside twice the event loop's recent lateness, for a worker to renew its claim
 * before the end of a message: the renewal must land before the claim runs out, or another worker
 * may be claiming it at that moment. Never more than a quarter of the lease: with a short lease,
 * one long stall in the last minute would otherwise have every send abandoned meanwhile.
 */
const RENEW_MIN_LEFT_MS = 100;
const RENEW_MAX_SHARE_OF_LEASE = 0.25;

export interface WorkerDependencies {
  readonly outbox: OutboxRepository;
  readonly mailer: Mailer;
  readonly settings: NotificationSettings;
  readonly logger: Logger;
  readonly timing?: Partial<WorkerTiming>;
  readonly clock?: () => number;
  /** Other queued emails, served after the notifications in this order (confirmations, then updates). */
  readonly lanes?: readonly MailLane[];
}

/** A lane as the worker runs it: its waiting ids, in-flight count and pace. */
interface LaneState {
  readonly lane: MailLane;
  readonly waiting: Set<string>;
  /**
   * Ids this worker is sending now. Never claimed again while here, even once their lease has run
   * out and a sweep finds them due: a slow send is not sent a second time by its own worker.
   */
  readonly sending: Set<string>;
  inFlight: number;
  sweepAgain: boolean;
  /** When the lane's next email may start (its pace). */
  nextStartAt: number;
}

/** "No answer at all" (refused, reset, timed out, DNS), as opposed to an answer refusing this message. */
function isUnreachable(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode !== 'number' && code !== 'EENVELOPE' && code !== 'EMESSAGE';
}

/**
 * Sends the team notifications of the outbox. Entries come from the submit path at once (by
 * id) and from a periodic sweep of the store (retries that are due, entries of a replica or a
 * process that died); each is claimed with a lease before sending, so replicas on one database
 * send each once. Failures back off exponentially per entry, up to `giveUpAfterMs`; while the
 * server cannot be reached at all, sending pauses (one probe at a time) instead of burning
 * every entry's attempts. Delivery is at least once: a process killed after the server took a
 * message but before the outcome was stored sends it again, with the same Message-ID.
 */
export class NotificationWorker implements Notifications {
  private readonly timing: WorkerTiming;
  private readonly clock: () => number;
  private readonly lanes: LaneState[];
  private readonly sending = new Set<Promise<void>>();
  private readonly messageHost: string;
  private sweepTimer: NodeJS.Timeout | undefined;
  private resumeTimer: NodeJS.Timeout | undefined;
  private paceTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private started = false;
  private stopping = false;
  /** Consecutive attempts that found no server; while > 0 only one probe is in flight. */
  private unreachable = 0;
  private pausedUntil = 0;
  private storeFailing = false;
  private cachedStats: { at: number; stats: OutboxStats } | undefined;
  private refreshing: Promise<OutboxStats | undefined> | undefined;

  constructor(private readonly deps: WorkerDependencies) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
    this.clock = deps.clock ?? Date.now;
    this.messageHost = new URL(deps.settings.siteOrigin).hostname;
    const notifications: MailLane<StoredSubmission> = {
      name: 'notification',
      queue: {
        due: (now, limit) => deps.outbox.due(now, limit),
        claim: async (id, lease, now, leaseMs) => {
          const claimed = await deps.outbox.claim(id, lease, now, leaseMs);
          return claimed && { item: claimed.submission, state: claimed.notification, lease };
        },
        renew: (id, lease, now, leaseMs) => deps.outbox.renew(id, lease, now, leaseMs),
        markSent: (id, lease, at) => deps.outbox.markSent(id, lease, at),
        retryLater: (id, lease, dueAt, reason) => deps.outbox.retryLater(id, lease, dueAt, reason),
        markFailed: (id, lease, at, reason) => deps.outbox.markFailed(id, lease, at, reason),
        releaseLeases: deps.outbox.releaseLeases && ((now) => deps.outbox.releaseLeases!(now)),
      },
      compose: async (submission, state) => notificationMail(submission, state.messageId, deps.settings),
      startedAt: (submission) => submission.receivedAt,
    };
    this.lanes = [notifications as MailLane, ...(deps.lanes ?? [])].map((lane) => ({
      lane,
      waiting: new Set<string>(),
      sending: new Set<string>(),
      inFlight: 0,
      sweepAgain: false,
      nextStartAt: 0,
    }));
  }

  /** A new Message-ID for an email of this site. */
  messageId(): string {
    return `<${randomUUID()}@${this.messageHost}>`;
  }

  /** Entries of the lane with this name were queued: look for them now rather than at the next sweep. */
  queued(laneName: string, ids?: readonly string[]): void {
    const state = this.lanes.find((entry) => entry.lane.name === laneName);
    if (!state || this.stopping) return;
    if (ids) {
      for (const id of ids) if (state.waiting.size < QUEUE_MAX) state.waiting.add(id);
      this.pump();
    } else {
      state.sweepAgain = true;
      this.sweep();
    }
  }

  newEntry(receivedAt: Date): NewNotification {
    return { status: 'pending', attempts: 0, messageId: this.messageId(), dueAt: receivedAt };
  }

  submitted(id: string): void {
    this.queued('notification', [id]);
  }

  /** Starts sending: claims left by a dead process (single-process stores) are released, then the store is swept. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    recentLoopDelayMs(); // measuring starts now, so the first send has figures
    for (const { lane } of this.lanes) {
      if (!lane.queue.releaseLeases) continue;
      const released = await this.call(lane.queue.releaseLeases(new Date(this.clock())), 'release leases').catch(
        () => 0,
      );
      if (released > 0) this.deps.logger.info({ released }, `${lane.name}s interrupted by a stop are due again`);
    }
    this.sweepTimer = setInterval(() => this.sweep(), this.timing.sweepIntervalMs);
    this.sweepTimer.unref();
    this.sweep();
  }

  /** Stops claiming, and waits (a while) for the emails in flight to be sent and recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.resumeTimer);
    clearTimeout(this.paceTimer);
    for (const state of this.lanes) state.waiting.clear();
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.allSettled([...this.sending, this.sweeping]), grace]);
    this.deps.mailer.close();
  }

  /**
   * Sweeps the store now and resolves once the sweep, and every email it or an earlier step
   * started, is done and nothing is waiting to be paced: a point where the worker has no more to
   * do until the store changes (tests drive it this way instead of waiting a fixed time).
   */
  async idle(): Promise<void> {
    this.sweep();
    while (this.sweeping || this.sending.size > 0 || this.paceTimer) {
      await Promise.allSettled([this.sweeping, ...this.sending]);
      if (this.paceTimer && !this.sweeping && this.sending.size === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  nextAttemptAt(): Date | undefined {
    return this.unreachable > 0 ? new Date(Math.max(this.pausedUntil, this.clock())) : undefined;
  }

  async stats(): Promise<OutboxStats | undefined> {
    const now = this.clock();
    if (this.cachedStats && now - this.cachedStats.at < this.timing.statsMaxAgeMs) return this.cachedStats.stats;
    this.refreshing ??= this.call(this.deps.outbox.stats(), 'stats')
      .then((stats) => {
        this.cachedStats = { at: this.clock(), stats };
        return stats;
      })
      .catch(() => this.cachedStats?.stats)
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private call<T>(work: Promise<T>, what: string): Promise<T> {
    return withDeadline(work, this.timing.storeTimeoutMs, `outbox ${what}`).then(
      (value) => {
        if (this.storeFailing) this.deps.logger.info('notification outbox reachable again');
        this.storeFailing = false;
        return value;
      },
      (error: unknown) => {
        if (!this.storeFailing) {
          this.deps.logger.error(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            `notification outbox unavailable (${what}); pending notifications wait`,
          );
        }
        this.storeFailing = true;
        throw error;
      },
    );
  }

  /** Finds due entries of every lane in the store; a lane that found a full batch is swept again once it has run dry. */
  private sweep(): void {
    if (this.stopping) return;
    if (this.sweeping) {
      for (const state of this.lanes) state.sweepAgain ||= state.waiting.size === 0;
      return;
    }
    this.sweeping = (async () => {
      for (const state of this.lanes) {
        state.sweepAgain = false;
        try {
          const ids = await this.call(state.lane.queue.due(new Date(this.clock()), SWEEP_BATCH), 'sweep');
          for (const id of ids) if (state.waiting.size < QUEUE_MAX) state.waiting.add(id);
          if (ids.length === SWEEP_BATCH) state.sweepAgain = true;
        } catch {
          // logged by call(); the next sweep tries again
        }
      }
    })().finally(() => {
      this.sweeping = undefined;
      this.pump();
      this.sweepWhenDry();
    });
  }

  /** A lane whose last sweep was cut off by the batch size is swept again as soon as it has nothing waiting. */
  private sweepWhenDry(): void {
    if (this.lanes.some((state) => state.sweepAgain && state.waiting.size === 0 && state.inFlight === 0)) this.sweep();
  }

  private pump(): void {
    if (this.stopping || !this.started) return;
    const now = this.clock();
    if (now < this.pausedUntil) {
      if (!this.resumeTimer) {
        this.resumeTimer = setTimeout(() => {
          this.resumeTimer = undefined;
          this.pump();
        }, this.pausedUntil - now);
        this.resumeTimer.unref();
      }
      return;
    }
    const limit = this.unreachable > 0 ? 1 : this.timing.concurrency;
    let paceWait = Infinity;
    for (const state of this.lanes) {
      const laneLimit = Math.min(limit, state.lane.maxInFlight ?? limit);
      while (this.sending.size < limit && state.inFlight < laneLimit && state.waiting.size > 0) {
        if (state.lane.perSecond) {
          const wait = state.nextStartAt - this.clock();
          if (wait > 0) {
            paceWait = Math.min(paceWait, wait);
            break;
          }
          state.nextStartAt = Math.max(state.nextStartAt, this.clock() - 1000) + 1000 / state.lane.perSecond;
        }
        const id = state.waiting.values().next().value as string;
        state.waiting.delete(id);
        if (state.sending.has(id)) continue;
        state.sending.add(id);
        state.inFlight += 1;
        const work: Promise<void> = this.deliver(state.lane, id).finally(() => {
          state.sending.delete(id);
          state.inFlight -= 1;
          this.sending.delete(work);
          this.pump();
          this.sweepWhenDry();
        });
        this.sending.add(work);
      }
      // A later lane waits while this one has emails waiting: they go first.
      if (state.waiting.size > 0) break;
    }
    if (paceWait < Infinity && !this.paceTimer) {
      this.paceTimer = setTimeout(() => {
        this.paceTimer = undefined;
        this.pump();
      }, paceWait);
      this.paceTimer.unref();
    }
  }

  private async deliver(lane: MailLane, id: string): Promise<void> {
    const { mailer, logger } = this.deps;
    const queue = lane.queue;
    const lease = randomBytes(12).toString('hex');
    const claimedAt = this.clock();
    let claimed: Claimed<unknown> | null;
    try {
      claimed = await this.call(queue.claim(id, lease, new Date(claimedAt), this.timing.leaseMs), 'claim');
    } catch {
      return; // the sweep finds it again
    }
    if (!claimed) return; // sent already, not due yet, or another replica has it
    const { item, state } = claimed;
    const context = { [lane.name]: id, attempt: state.attempts };
    let mail: OutgoingMail;
    try {
      const composed = await lane.compose(item, state);
      if ('skip' in composed) {
        await this.call(
          queue.markFailed(id, lease, new Date(this.clock()), composed.reason, composed.skip),
          'skip',
        ).catch(() => false);
        return;
      }
      mail = composed;
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        // Reading what the email needs timed out (a busy store): later, not never.
        const reason = `could not read what the email needs: ${error.message}`;
        const dueAt = new Date(this.clock() + this.timing.retryBaseMs);
        await this.call(queue.retryLater(id, lease, dueAt, reason), 'retry later').catch(() => false);
        logger.warn({ ...context, reason }, `${lane.name} deferred`);
        return;
      }
      // A stored entry this code cannot describe will not improve by waiting.
      const reason = `could not write the email: ${error instanceof Error ? error.message : String(error)}`;
      await this.call(queue.markFailed(id, lease, new Date(this.clock()), reason), 'mark failed').catch(() => false);
      logger.error({ ...context, reason }, `${lane.name} refused for good`);
      return;
    }
    const fence = this.fence(queue, id, lease, claimedAt);
    try {
      await mailer.send(mail, { beforeEnd: fence.beforeEnd });
    } catch (error) {
      const reason = fence.abandoned();
      if (reason) {
        // Due again at once if the claim is still ours; if not, its new holder sends it.
        await this.call(queue.retryLater(id, lease, new Date(this.clock()), reason), 'retry later').catch(() => false);
        logger.warn({ ...context, reason }, `${lane.name} not finished: its claim could not be renewed`);
        return;
      }
      await this.failed(lane, item, id, lease, error, context);
      return;
    }
    this.unreachable = 0;
    this.pausedUntil = 0;
    const recorded = await this.call(queue.markSent(id, lease, new Date(this.clock())), 'mark sent').catch(() => false);
    if (recorded) {
      logger.info(context, `${lane.name} sent`);
      lane.sent?.(item);
    } else logger.warn(context, `${lane.name} sent, but its lease had run out: it may be sent again`);
  }

  /**
   * What keeps a claim that ran out mid-send from becoming a second email: right before the line
   * that ends the message (the server can take it only after that line), the claim is renewed for
   * a whole lease, so the wait for the server's answer (bounded by the transport's timeouts, which
   * the lease outlasts) falls inside it. A claim with too little time left is not renewed but
   * abandoned: another worker may be taking it over at this moment. Once abandoned, the message
   * never ends and the server never takes it.
   */
  private fence(queue: MailQueue<unknown>, id: string, lease: string, claimedAt: number) {
    const until = claimedAt + this.timing.leaseMs;
    let abandoned: string | undefined;
    const beforeEnd = async () => {
      const now = this.clock();
      const needed = Math.min(
        RENEW_MIN_LEFT_MS + 2 * recentLoopDelayMs(),
        RENEW_MAX_SHARE_OF_LEASE * this.timing.leaseMs,
      );
      if (until - now < needed) {
        abandoned = `the claim had ${until - now} ms left before the end of the message, less than ${Math.round(needed)} ms`;
        throw new Error(abandoned);
      }
      const renewed = await this.call(queue.renew(id, lease, new Date(now), this.timing.leaseMs), 'renew').catch(
        () => false,
      );
      if (!renewed) {
        abandoned = 'the claim was lost (or the store did not answer) before the end of the message';
        throw new Error(abandoned);
      }
    };
    return { beforeEnd, abandoned: () => abandoned };
  }

  private async failed(
    lane: MailLane,
    item: unknown,
    id: string,
    lease: string,
    error: unknown,
    context: Record<string, unknown>,
  ): Promise<void> {
    const { logger } = this.deps;
    const queue = lane.queue;
    const receivedAt = lane.startedAt(item);
    const now = this.clock();
    const reason = mailErrorReason(error);
    if (isUnreachable(error)) {
      this.unreachable += 1;
      const pause = Math.min(1000 * 2 ** (this.unreachable - 1), this.timing.pauseMaxMs);
      this.pausedUntil = now + pause;
      if (this.unreachable === 1) logger.error({ ...context, reason }, 'SMTP server unreachable: emails wait');
    }
    const attempts = (context.attempt as number) || 1;
    if (isPermanentMailError(error) || now - receivedAt.getTime() >= this.timing.giveUpAfterMs) {
      const permanent = isPermanentMailError(error);
      await this.call(
        queue.markFailed(id, lease, new Date(now), permanent ? reason : `gave up after retrying: ${reason}`),
        'mark failed',
      ).catch(() => false);
      if (permanent) await lane.refused?.(item, reason).catch(() => undefined);
      logger.error({ ...context, reason }, permanent ? `${lane.name} refused for good` : `${lane.name} given up`);
      return;
    }
    if (isUnreachable(error)) {
      // The server being down is one fact about the server, not about this email: it is due again
      // when sending resumes (one probe at a time until the server answers), never hours later by
      // a backoff of its own that grew through a long outage.
      await this.call(queue.retryLater(id, lease, new Date(this.pausedUntil), reason), 'retry later').catch(
        () => false,
      );
      return;
    }
    const delay = Math.min(this.timing.retryBaseMs * 2 ** (attempts - 1), this.timing.retryMaxMs);
    const jittered = Math.round(delay * (0.75 + Math.random() * 0.5));
    await this.call(queue.retryLater(id, lease, new Date(now + jittered), reason), 'retry later').catch(() => false);
    logger.warn({ ...context, reason, retryInMs: jittered }, `${lane.name} deferred`);
  }
}
