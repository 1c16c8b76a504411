import { DEFAULT_SMTP_TIMEOUTS } from '../../src/mail/timeouts';
import fs from 'node:fs/promises';
import type { Express } from 'express';
import pino from 'pino';
import { createApp } from '../../src/app';
import type { ApiConfig } from '../../src/config';
import { createMailer, type Mailer } from '../../src/mail/transport';
import { NotificationWorker, type WorkerTiming } from '../../src/notify/worker';
import type { OutboxRepository } from '../../src/records/outbox';
import type { Store } from '../../src/store';
import { TestSmtpServer } from '../../../test-support/smtp/server';
import { testConfig } from './config';
import type { StoreCase, TestStore } from './stores';

/** Invented team addresses (reserved .test domain). */
export const TEAM_INBOX = 'team-inbox@consortium.test';
export const SPONSOR_INBOX = 'partnerships@consortium.test';
export const SITE_ORIGIN = 'https://wildfire.example';

/** Seconds become milliseconds here, so a test sees several retries within a few seconds. */
export const FAST_TIMING: Partial<WorkerTiming> = {
  leaseMs: 2000,
  sweepIntervalMs: 200,
  retryBaseMs: 100,
  retryMaxMs: 400,
  pauseMaxMs: 300,
  storeTimeoutMs: 10_000,
  statsMaxAgeMs: 0,
};

/** The API and its mail worker on a fresh test store, sending to a real SMTP server. */
export interface MailHarness {
  store: Store;
  testStore: TestStore;
  smtp: TestSmtpServer;
  config: ApiConfig;
  app: Express;
  worker: NotificationWorker;
}

export interface NotifyHarness extends MailHarness {
  /** When each send of the harness's workers started (Date.now()), in order: their attempts. */
  sendStarts: number[];
  /** Another worker (a replica) on `store` (or on `outbox`, e.g. one that counts), stopped with the harness. */
  addWorker(store: Store, outbox?: OutboxRepository): NotificationWorker;
}

/** The API's settings with notifications on, pointed at `smtp`. */
export async function notifyConfig(smtp: TestSmtpServer): Promise<ApiConfig> {
  const base = await testConfig();
  return {
    ...base,
    siteOrigin: SITE_ORIGIN,
    mail: {
      smtpUrl: smtp.url,
      from: 'Consortium website <website@consortium.test>',
      to: [TEAM_INBOX],
      toByKind: { sponsor: [SPONSOR_INBOX] },
      timing: {},
      timeouts: DEFAULT_SMTP_TIMEOUTS,
    },
  };
}

/**
 * A fresh store, a real SMTP server on a free port, the app and an outbox worker per test
 * (the worker starts only when `start` is not false), all thrown away afterwards.
 */
export function useNotifyHarness(
  storeCase: StoreCase,
  { start = true, timing = FAST_TIMING }: { start?: boolean; timing?: Partial<WorkerTiming> } = {},
): NotifyHarness {
  const harness = {} as NotifyHarness;
  const workers: NotificationWorker[] = [];
  const logger = pino({ level: 'silent' });
  beforeEach(async () => {
    harness.smtp = new TestSmtpServer();
    await harness.smtp.start();
    harness.testStore = await storeCase.create();
    harness.store = harness.testStore.store;
    await harness.store.init();
    harness.config = await notifyConfig(harness.smtp);
    harness.sendStarts = [];
    harness.addWorker = (store, outbox = store.outbox!) => {
      const worker = new NotificationWorker({
        outbox,
        mailer: recordingStarts(
          createMailer(harness.config.mail.smtpUrl!, harness.config.mail.from),
          harness.sendStarts,
        ),
        settings: harness.config,
        logger,
        timing,
      });
      workers.push(worker);
      return worker;
    };
    harness.worker = harness.addWorker(harness.store);
    harness.app = createApp({ store: harness.store, config: harness.config, notifications: harness.worker });
    if (start) await harness.worker.start();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await harness.smtp.stop();
    await harness.testStore.destroy();
    await fs.rm(harness.config.uploads.tmpDir, { recursive: true, force: true });
  });
  return harness;
}

/** The mailer, noting in `starts` when each send starts (by `clock`): the attempts a worker made. */
export function recordingStarts(mailer: Mailer, starts: number[], clock: () => number = Date.now): Mailer {
  return {
    timeouts: mailer.timeouts,
    close: () => mailer.close(),
    send: (mail, options) => {
      starts.push(clock());
      return mailer.send(mail, options);
    },
  };
}

/** Polls until `check` passes (it throws until then), for up to `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
