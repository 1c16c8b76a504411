import pino from 'pino';
import { mailConfig } from '../src/mail/config';
import { createMailer } from '../src/mail/transport';
import { NotificationWorker } from '../src/notify/worker';
import { validBodies } from './helpers/fixtures';
import { eventually, FAST_TIMING, SITE_ORIGIN, TEAM_INBOX, useNotifyHarness } from './helpers/notify';
import { describeStore, storeCases } from './helpers/stores';

jest.setTimeout(60_000);

// Issue 31 item 4: an SMTP server that takes the message but answers DATA only after longer than
// the lease. The API's own configuration (SMTP_TIMEOUT_MS, NOTIFY_LEASE_MS, checked at start to
// outlast the slowest send) is scaled down here so the test takes seconds: a client never waits
// longer than its timeouts, so no second worker takes the entry over while the first still waits,
// and a message the server never answered is one it has not taken. Exactly one email arrives.
// The client's patience must still be well above how late this process's event loop runs: a
// server (here, in the same process) that answers after the client's timeout has fired has taken
// a message its client gave up on, and the retry is a second email (RFC 1047; no SMTP client can
// rule it out). Issue 38 item 13: at 150 ms that happened in CI, and here in 1 of 3 runs beside two
// CPU-bound processes; the event loop was measured up to 152 ms late (p99 82 ms) in this file at a
// load average of 20 on 2 cores. 1,000 ms is over six times that.
const SMTP_TIMEOUT_MS = 1000;
const LEASE_MS = 15_000; // above the slowest send these timeouts allow: 2 × (1 + 1 + 5 × 1) s = 14 s

for (const storeCase of storeCases) {
  describeStore(storeCase, 'notification outbox: an SMTP server answering DATA after the lease', () => {
    const h = useNotifyHarness(storeCase, { start: false });

    it.each([1, 2])('delivers exactly one email with %i worker(s) on the store', async (count) => {
      const mail = mailConfig(
        {
          SMTP_URL: h.smtp.url,
          NOTIFY_TO: TEAM_INBOX,
          SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
          NOTIFY_LEASE_MS: String(LEASE_MS),
        },
        SITE_ORIGIN,
      );
      expect(mail.timing.leaseMs).toBe(LEASE_MS);
      const workers = Array.from({ length: count }, (_, index) => {
        // A replica has its own connection to the data (MongoDB); the embedded store has one process.
        const store = index > 0 && storeCase.name === 'mongodb' ? h.testStore.reopen() : h.store;
        return {
          store,
          worker: new NotificationWorker({
            outbox: store.outbox!,
            mailer: createMailer(mail.smtpUrl!, mail.from, mail.timeouts),
            settings: h.config,
            logger: pino({ level: 'silent' }),
            timing: { ...FAST_TIMING, leaseMs: mail.timing.leaseMs },
          }),
        };
      });
      const receivedAt = new Date();
      await h.store.submissions.insert(
        { form: 'notifyme', variant: 'notify', fields: validBodies.notifyme, files: [], page: null, receivedAt },
        { notification: h.worker.newEntry(receivedAt) },
      );

      // The server reads each message in full and holds its answer past a lease: attempts keep
      // coming (retries, and sweeps of every worker that find the entry due once a lease ran out).
      h.smtp.hold = true;
      const holding = Date.now();
      try {
        for (const { store, worker } of workers) {
          await store.init();
          await worker.start();
        }
        await eventually(() => {
          expect(h.smtp.dropped.length).toBeGreaterThanOrEqual(2);
          expect(Date.now() - holding).toBeGreaterThan(LEASE_MS);
          // Released between attempts: a message held at the release would be answered at any point
          // of its client's patience, its very end included (the RFC 1047 race above).
          expect(h.smtp.held).toBe(0);
        }, 3 * LEASE_MS);
        h.smtp.hold = false;
        await h.smtp.waitForMessages(1);
        await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 }));
      } finally {
        h.smtp.hold = false;
        // Stopping waits for every send in flight: after it, nothing more can arrive.
        await Promise.all(workers.map(({ worker }) => worker.stop()));
      }
      expect(h.smtp.held).toBe(0);
      expect(h.smtp.messages).toHaveLength(1);
      expect(h.smtp.messages[0]!.subject).toBe('Notify Me About the Next Showcase: Ada Lovelace');
      // Every message held past the client's patience was dropped by the server, not taken.
      expect(h.smtp.dropped.every((dropped) => dropped.messageId === h.smtp.messages[0]!.messageId)).toBe(true);
    });
  });
}

// Issue 38 item 13: a worker whose claim ran out mid-send (a process paused longer than the lease: a
// stalled machine, a long garbage collection, a suspended VM) while another worker took the entry
// over and sent it. The server takes a message only after the line that ends it, and the worker
// renews its claim right before that line: the paused worker finds the claim gone and never ends
// its message. The clocks are the workers' own (injected), so this holds on any machine.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'notification outbox: a claim that ran out while its email was being sent', () => {
    const h = useNotifyHarness(storeCase, { start: false });
    const leaseMs = FAST_TIMING.leaseMs!;

    it.each([
      ['its clock shows the claim ran out', leaseMs + 1],
      ['its clock lags (the store shows another claim)', 0],
    ])('the first worker does not finish its email: %s', async (_case, firstWorkerAdvance) => {
      const start = Date.now();
      let firstNow = start;
      let secondNow = start;
      const worker = (store: typeof h.store, clock: () => number) =>
        new NotificationWorker({
          outbox: store.outbox!,
          mailer: createMailer(h.smtp.url, h.config.mail.from),
          settings: h.config,
          logger: pino({ level: 'silent' }),
          timing: FAST_TIMING,
          clock,
        });
      const first = worker(h.store, () => firstNow);
      const secondStore = storeCase.name === 'mongodb' ? h.testStore.reopen() : h.store;
      await secondStore.init();
      const second = worker(secondStore, () => secondNow);
      const receivedAt = new Date(start);
      await h.store.submissions.insert(
        { form: 'notifyme', variant: 'notify', fields: validBodies.notifyme, files: [], page: null, receivedAt },
        { notification: h.worker.newEntry(receivedAt) },
      );
      try {
        // The first worker claims the entry and stops, mid-send, at MAIL FROM.
        h.smtp.holdEnvelopes = 1;
        await first.start();
        await eventually(() => expect(h.smtp.envelopesHeld).toBe(1));
        // Past the first claim's lease, the second worker claims the entry and sends it.
        secondNow = start + leaseMs + 1;
        firstNow = start + firstWorkerAdvance;
        await second.start();
        await h.smtp.waitForMessages(1);
        await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 }));
        // The first worker goes on with its send; stopping waits for it to end.
        h.smtp.releaseEnvelopes();
      } finally {
        h.smtp.releaseEnvelopes();
        await Promise.all([first.stop(), second.stop()]);
      }
      expect(h.smtp.messages).toHaveLength(1);
      expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 });
    });
  });
}
