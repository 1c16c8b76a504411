/**
 * npm run bench:outbox-size -w api   (not part of npm test; about a minute)
 *
 * How big the embedded store's files grow while the SMTP server refuses every email for hours
 * (issue 31 item 3: the NeDB store appended a whole copy of the submission per outbox step). Stores
 * OUTBOX_SIZE_SUBMISSIONS (200) submissions with their notification on the embedded store, has a
 * real local SMTP server answer every one "451 try again later", and runs the API's worker with
 * production's timing (retry backoff 2 s doubling to 15 min) on an injected clock moved by 30 s
 * steps through OUTBOX_SIZE_HOURS (6) hours, then lets the server accept. Prints, each hour, the
 * attempts refused so far and the size of store.sqlite and its write-ahead log, then the load average.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { TestSmtpServer } from '../../test-support/smtp/server';
import { mailConfig } from '../src/mail/config';
import { createMailer } from '../src/mail/transport';
import { NotificationWorker } from '../src/notify/worker';
import { EmbeddedStore } from '../src/store';
import { loadAverage, sleep } from './api-process';

const SUBMISSIONS = Number(process.env.OUTBOX_SIZE_SUBMISSIONS ?? 200);
const HOURS = Number(process.env.OUTBOX_SIZE_HOURS ?? 6);
const STEP_MS = 30_000;
const HOUR = 60 * 60_000;
const SITE_ORIGIN = 'https://wildfire.example';

async function sizeOf(file: string): Promise<number> {
  return (await fs.stat(file).catch(() => undefined))?.size ?? 0;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-outbox-size-'));
  const smtp = new TestSmtpServer();
  await smtp.start();
  smtp.mode = 'temporary';
  const store = new EmbeddedStore(dir);
  await store.init();
  let now = Date.now();
  const worker = new NotificationWorker({
    outbox: store.outbox,
    mailer: createMailer(smtp.url, 'Website <website@consortium.test>'),
    settings: {
      siteOrigin: SITE_ORIGIN,
      mail: mailConfig({ SMTP_URL: smtp.url, NOTIFY_TO: 'team@consortium.test' }, SITE_ORIGIN),
    },
    logger: pino({ level: 'silent' }),
    clock: () => now,
    timing: { sweepIntervalMs: 20, statsMaxAgeMs: 0 },
  });
  const files = () =>
    Promise.all(['store.sqlite', 'store.sqlite-wal'].map((name) => sizeOf(path.join(dir, name)))).then(
      ([db, wal]) => `store.sqlite ${(db! / 1024).toFixed(0)} KB, store.sqlite-wal ${(wal! / 1024).toFixed(0)} KB`,
    );
  try {
    for (let index = 0; index < SUBMISSIONS; index += 1) {
      const receivedAt = new Date(now);
      await store.submissions.insert(
        {
          form: 'contact',
          variant: 'contact',
          fields: {
            firstName: 'Ada',
            lastName: `Refused${index}`,
            email: `ada.${index}@example.org`,
            message: 'A message of a few sentences, as the contact form gets them. '.repeat(4),
          },
          files: [],
          page: '/contact-us',
          receivedAt,
        },
        { notification: worker.newEntry(receivedAt) },
      );
    }
    console.log(`${SUBMISSIONS} submissions stored: ${await files()}`);
    await worker.start();
    const started = now;
    for (let hour = 1; hour <= HOURS; hour += 1) {
      while (now - started < hour * HOUR) {
        now += STEP_MS;
        // Every entry due at this time has been tried (and given back) before the clock moves on.
        for (let waited = 0; waited < 10_000 && (await store.outbox.due(new Date(now), 1)).length > 0; waited += 5)
          await sleep(5);
      }
      const stats = await store.outbox.stats();
      console.log(
        `after ${hour} h refusing: ${smtp.refused} attempts refused, ${stats.pending} pending, ${stats.failed} failed; ${await files()}`,
      );
    }
    smtp.mode = 'accept';
    now += 20 * 60_000; // past the longest backoff (15 min, jittered up to a quarter more)
    await smtp.waitForMessages(SUBMISSIONS, { timeoutMs: 120_000 });
    for (let waited = 0; waited < 10_000 && (await store.outbox.stats()).pending > 0; waited += 20) await sleep(20);
    console.log(`server accepting again: ${smtp.messages.length} delivered; ${await files()}`);
    console.log(`load average: ${loadAverage()}`);
  } finally {
    await worker.stop();
    await store.close();
    await smtp.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
