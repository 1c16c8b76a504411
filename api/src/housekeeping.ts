import type { Logger } from 'pino';

/** One job that keeps stored data within its limits over the years (retention, sweeps). */
export interface HousekeepingJob {
  readonly name: string;
  /** Idempotent: every replica runs it, and a run cut short is finished by the next. */
  run(now: Date): Promise<void>;
}

const HOUR = 60 * 60 * 1000;

/**
 * Runs the jobs at start and then every hour, one after another; a failing job is logged and
 * tried again at the next run (the store may be away). server.ts starts it; tests call runOnce.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly jobs: readonly HousekeepingJob[],
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
    private readonly everyMs = HOUR,
  ) {}

  start(): void {
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  runOnce(): Promise<void> {
    this.running ??= (async () => {
      for (const job of this.jobs) {
        try {
          await job.run(this.clock());
        } catch (error) {
          this.logger.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            `${job.name} failed`,
          );
        }
      }
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
