import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { isPermanentMailError, mailErrorReason, type Mailer } from '../mail/transport';
import { withDeadline } from '../db/guard';
import type { OutboxRepository, OutboxStats } from '../records/outbox';
import type { NewNotification } from '../records/submissions';
import { notificationMail, type NotificationSettings } from './message';

/** What the submit path and /api/health need from the notifications. */
export interface Notifications {
  /** The outbox entry to store with a submission received at `receivedAt`. */
  newEntry(receivedAt: Date): NewNotification;
  /** A submission with an entry was stored: send soon (never awaited by the request). */
  submitted(id: string): void;
  /** The outbox for /api/health, at most a few seconds old. */
  stats(): Promise<OutboxStats | undefined>;
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
  leaseMs: 60_000,
  sweepIntervalMs: 5_000,
  retryBaseMs: 2_000,
  retryMaxMs: 15 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  pauseMaxMs: 5_000,
  concurrency: 4,
  storeTimeoutMs: 30_000,
  statsMaxAgeMs: 5_000,
};

const SWEEP_BATCH = 1000;
/** Ids handed over by the submit path and waiting; beyond this the sweep finds them instead. */
const QUEUE_MAX = 50_000;
const STOP_GRACE_MS = 10_000;

export interface WorkerDependencies {
  readonly outbox: OutboxRepository;
  readonly mailer: Mailer;
  readonly settings: NotificationSettings;
  readonly logger: Logger;
  readonly timing?: Partial<WorkerTiming>;
  readonly clock?: () => number;
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
  private readonly queue = new Set<string>();
  private readonly sending = new Set<Promise<void>>();
  private readonly messageHost: string;
  private sweepTimer: NodeJS.Timeout | undefined;
  private resumeTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private sweepAgain = false;
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
  }

  newEntry(receivedAt: Date): NewNotification {
    return { status: 'pending', attempts: 0, messageId: `<${randomUUID()}@${this.messageHost}>`, dueAt: receivedAt };
  }

  submitted(id: string): void {
    if (this.stopping) return;
    if (this.queue.size < QUEUE_MAX) this.queue.add(id);
    this.pump();
  }

  /** Starts sending: claims left by a dead process (single-process stores) are released, then the store is swept. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.deps.outbox.releaseLeases) {
      const released = await this.call(this.deps.outbox.releaseLeases(new Date(this.clock())), 'release leases').catch(
        () => 0,
      );
      if (released > 0) this.deps.logger.info({ released }, 'notifications interrupted by a stop are due again');
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
    this.queue.clear();
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.allSettled([...this.sending, this.sweeping]), grace]);
    this.deps.mailer.close();
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

  /** Finds due entries in the store; runs again at once when it found a full batch. */
  private sweep(): void {
    if (this.stopping) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = (async () => {
      try {
        const ids = await this.call(this.deps.outbox.due(new Date(this.clock()), SWEEP_BATCH), 'sweep');
        for (const id of ids) if (this.queue.size < QUEUE_MAX) this.queue.add(id);
        if (ids.length === SWEEP_BATCH) this.sweepAgain = true;
      } catch {
        // logged by call(); the next sweep tries again
      }
    })().finally(() => {
      this.sweeping = undefined;
      this.pump();
      if (this.sweepAgain && this.queue.size === 0) {
        this.sweepAgain = false;
        this.sweep();
      }
    });
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
    while (this.sending.size < limit && this.queue.size > 0) {
      const id = this.queue.values().next().value as string;
      this.queue.delete(id);
      const work: Promise<void> = this.deliver(id).finally(() => {
        this.sending.delete(work);
        this.pump();
        if (this.sweepAgain && this.queue.size === 0 && this.sending.size === 0) this.sweep();
      });
      this.sending.add(work);
    }
  }

  private async deliver(id: string): Promise<void> {
    const { outbox, mailer, settings, logger } = this.deps;
    const lease = randomBytes(12).toString('hex');
    let claimed;
    try {
      claimed = await this.call(outbox.claim(id, lease, new Date(this.clock()), this.timing.leaseMs), 'claim');
    } catch {
      return; // the sweep finds it again
    }
    if (!claimed) return; // sent already, not due yet, or another replica has it
    const { submission, notification } = claimed;
    const context = { submission: id, form: submission.form, attempt: notification.attempts };
    let mail;
    try {
      mail = notificationMail(submission, notification.messageId, settings);
    } catch (error) {
      // A stored submission this code cannot describe will not improve by waiting.
      const reason = `could not write the email: ${error instanceof Error ? error.message : String(error)}`;
      await this.call(outbox.markFailed(id, lease, new Date(this.clock()), reason), 'mark failed').catch(() => false);
      logger.error({ ...context, reason }, 'notification refused for good');
      return;
    }
    try {
      await mailer.send(mail);
    } catch (error) {
      await this.failed(id, lease, submission.receivedAt, error, context);
      return;
    }
    this.unreachable = 0;
    this.pausedUntil = 0;
    const recorded = await this.call(outbox.markSent(id, lease, new Date(this.clock())), 'mark sent').catch(
      () => false,
    );
    if (recorded) logger.info(context, 'notification sent');
    else logger.warn(context, 'notification sent, but its lease had run out: it may be sent again');
  }

  private async failed(
    id: string,
    lease: string,
    receivedAt: Date,
    error: unknown,
    context: Record<string, unknown>,
  ): Promise<void> {
    const { outbox, logger } = this.deps;
    const now = this.clock();
    const reason = mailErrorReason(error);
    if (isUnreachable(error)) {
      this.unreachable += 1;
      const pause = Math.min(1000 * 2 ** (this.unreachable - 1), this.timing.pauseMaxMs);
      this.pausedUntil = now + pause;
      if (this.unreachable === 1) logger.error({ ...context, reason }, 'SMTP server unreachable: notifications wait');
    }
    const attempts = (context.attempt as number) || 1;
    if (isPermanentMailError(error) || now - receivedAt.getTime() >= this.timing.giveUpAfterMs) {
      const permanent = isPermanentMailError(error);
      await this.call(
        outbox.markFailed(id, lease, new Date(now), permanent ? reason : `gave up after retrying: ${reason}`),
        'mark failed',
      ).catch(() => false);
      logger.error({ ...context, reason }, permanent ? 'notification refused for good' : 'notification given up');
      return;
    }
    const delay = Math.min(this.timing.retryBaseMs * 2 ** (attempts - 1), this.timing.retryMaxMs);
    const jittered = Math.round(delay * (0.75 + Math.random() * 0.5));
    await this.call(outbox.retryLater(id, lease, new Date(now + jittered), reason), 'retry later').catch(() => false);
    if (!isUnreachable(error)) logger.warn({ ...context, reason, retryInMs: jittered }, 'notification deferred');
  }
}
