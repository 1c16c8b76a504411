import { randomUUID } from 'node:crypto';
import request from 'supertest';
import pino from 'pino';
import { ENDPOINT_KINDS, endpointPath } from '@wpc/shared/schemas';
import { createApp } from '../src/app';
import { createMailer } from '../src/mail/transport';
import { NotificationWorker } from '../src/notify/worker';
import { DuplicateSubmissionError } from '../src/store';
import { contractChecker } from './helpers/contract';
import { validBodies } from './helpers/fixtures';
import {
  eventually,
  FAST_TIMING,
  recordingStarts,
  SITE_ORIGIN,
  SPONSOR_INBOX,
  TEAM_INBOX,
  useNotifyHarness,
} from './helpers/notify';
import { testConfig } from './helpers/config';
import { describeStore, storeCases } from './helpers/stores';
import { signIn } from './helpers/team';

jest.setTimeout(60_000);

const KEY = 'Idempotency-Key';

for (const storeCase of storeCases) {
  describeStore(storeCase, 'notification outbox: written with its submission', () => {
    // The worker stays stopped, so every entry the submissions made is still there to count.
    const h = useNotifyHarness(storeCase, { start: false });

    it('stores exactly one pending entry per stored submission, and none for anything not stored', async () => {
      const sent = await Promise.all(
        ENDPOINT_KINDS.map((kind) =>
          request(h.app).post(endpointPath(kind)).set(KEY, randomUUID()).send(validBodies[kind]),
        ),
      );
      expect(sent.map((res) => res.status)).toEqual(ENDPOINT_KINDS.map(() => 200));
      // A retry of a stored attempt, a key reused for other content, an invalid form, the honeypot.
      const key = randomUUID();
      expect((await request(h.app).post(endpointPath('contact')).set(KEY, key).send(validBodies.contact)).status).toBe(
        200,
      );
      const replay = await request(h.app).post(endpointPath('contact')).set(KEY, key).send(validBodies.contact);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const reused = await request(h.app)
        .post(endpointPath('contact'))
        .set(KEY, key)
        .send({ ...validBodies.contact, message: 'Other' });
      expect(reused.status).toBe(422);
      expect((await request(h.app).post(endpointPath('contact')).send({ email: 'x' })).status).toBe(400);
      expect(
        (
          await request(h.app)
            .post(endpointPath('contact'))
            .send({ ...validBodies.contact, website_url: 'spam' })
        ).status,
      ).toBe(200);

      const stored = await h.store.submissions.list();
      expect(stored).toHaveLength(ENDPOINT_KINDS.length + 1);
      const due = await h.store.outbox!.due(new Date(Date.now() + 1000), 100);
      expect([...due].sort()).toEqual(stored.map((submission) => submission.id).sort());
      expect(await h.store.outbox!.stats()).toMatchObject({ pending: stored.length, failed: 0 });
    });

    it('keeps neither a second submission nor a second entry when an insert is refused', async () => {
      const submission = {
        form: 'notifyme' as const,
        variant: 'notify' as const,
        fields: validBodies.notifyme,
        files: [],
        page: null,
        receivedAt: new Date(),
      };
      const idempotency = { key: randomUUID(), fingerprint: 'f' };
      const entry = h.worker.newEntry(submission.receivedAt);
      await h.store.submissions.insert(submission, { idempotency, notification: entry });
      await expect(
        h.store.submissions.insert(submission, { idempotency, notification: h.worker.newEntry(new Date()) }),
      ).rejects.toBeInstanceOf(DuplicateSubmissionError);
      expect(await h.store.submissions.list()).toHaveLength(1);
      expect(await h.store.outbox!.stats()).toMatchObject({ pending: 1 });
    });

    it('reports the outbox in /api/health, as the OpenAPI document describes', async () => {
      await request(h.app).post(endpointPath('notifyme')).send(validBodies.notifyme).expect(200);
      const health = await request(h.app).get('/api/health').expect(200);
      expect(health.body).toMatchObject({ status: 'ok', notifications: 'on', outbox: { pending: 1, failed: 0 } });
      expect(health.body.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
      const checker = contractChecker((await request(h.app).get('/api/openapi.json')).body);
      expect(checker.problems('get', '/api/health', health)).toEqual([]);
    });
  });

  describeStore(storeCase, 'notification outbox: delivery', () => {
    const h = useNotifyHarness(storeCase);

    it('sends each submission to its kind’s address soon after the answer, and records it as sent', async () => {
      await request(h.app).post(endpointPath('sponsor')).send(validBodies.sponsor).expect(200);
      await request(h.app).post(endpointPath('collab')).send(validBodies.collab).expect(200);
      const mails = await h.smtp.waitForMessages(2);
      const byKind = Object.fromEntries(mails.map((mail) => [mail.headers['x-form-kind'], mail]));
      expect(byKind.sponsor!.envelope.to).toEqual([SPONSOR_INBOX]);
      expect(byKind.collab!.envelope.to).toEqual([TEAM_INBOX]);
      expect(byKind.sponsor!.replyTo).toEqual(['ada@example.org']);
      await eventually(async () =>
        expect(await h.store.outbox!.stats()).toEqual({ pending: 0, oldestPendingAt: null, failed: 0 }),
      );
      const health = await request(h.app).get('/api/health').expect(200);
      expect(health.body.outbox).toEqual({ pending: 0, oldestPendingSeconds: null, failed: 0 });
    });

    it('backs off while the SMTP server is unreachable and delivers once it is back', async () => {
      await h.smtp.outage();
      await request(h.app).post(endpointPath('notifyme')).send(validBodies.notifyme).expect(200);
      // Attempts fail while the server is away (/api/health names the next one); the entry stays pending.
      await eventually(async () => {
        const waiting = await request(h.app).get('/api/health').expect(200);
        expect(waiting.body.outbox).toMatchObject({ pending: 1, failed: 0, nextAttemptAt: expect.any(String) });
        expect(waiting.body.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(1);
      });
      // Backing off: while no server answers, attempts come a pause apart at the least, not each
      // time a sweep (every 200 ms) finds the entry due.
      await eventually(() => expect(h.sendStarts.length).toBeGreaterThanOrEqual(4));
      const gaps = h.sendStarts.slice(1).map((at, index) => at - h.sendStarts[index]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(FAST_TIMING.pauseMaxMs!);

      await h.smtp.start();
      const [mail] = await h.smtp.waitForMessages(1);
      expect(mail!.subject).toBe('Notify Me About the Next Showcase: Ada Lovelace');
      await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 }));
      // One delivery, not one per failed attempt: once the worker has stopped (it waits for every
      // send in flight), nothing more can arrive.
      await h.worker.stop();
      expect(h.smtp.messages).toHaveLength(1);
    });

    it('retries after temporary refusals (4xx) and delivers when the server accepts again', async () => {
      h.smtp.mode = 'temporary';
      await request(h.app).post(endpointPath('subscribe')).send(validBodies.subscribe).expect(200);
      await eventually(() => expect(h.smtp.refused).toBeGreaterThanOrEqual(2));
      expect(await h.store.outbox!.stats()).toMatchObject({ pending: 1, failed: 0 });
      h.smtp.mode = 'accept';
      await h.smtp.waitForMessages(1);
      await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 }));
    });

    it('marks a permanent refusal (5xx) failed, without retrying it', async () => {
      h.smtp.mode = 'permanent';
      await request(h.app).post(endpointPath('contact')).send(validBodies.contact).expect(200);
      await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 1 }));
      h.smtp.mode = 'accept';
      // Refused once and never tried again: the stopped worker has nothing left in flight.
      await h.worker.stop();
      expect(h.smtp.refused).toBe(1);
      expect(h.smtp.messages).toHaveLength(0);
      expect((await request(h.app).get('/api/health').expect(200)).body.outbox).toEqual({
        pending: 0,
        oldestPendingSeconds: null,
        failed: 1,
      });
    });

    it('gives up and marks failed after retrying for the whole retry period', async () => {
      await h.worker.stop();
      const shortLived = new NotificationWorker({
        outbox: h.store.outbox!,
        mailer: createMailer(h.config.mail.smtpUrl!, h.config.mail.from),
        settings: h.config,
        logger: pino({ level: 'silent' }),
        timing: { ...FAST_TIMING, giveUpAfterMs: 1000 },
      });
      const app = createApp({ store: h.store, config: h.config, notifications: shortLived });
      await h.smtp.outage();
      await shortLived.start();
      try {
        await request(app).post(endpointPath('notifyme')).send(validBodies.notifyme).expect(200);
        await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 1 }));
      } finally {
        await shortLived.stop();
      }
    });

    it('takes over an entry whose holder died once the lease has run out; the late holder cannot record it', async () => {
      await h.worker.stop();
      const outbox = h.store.outbox!;
      await request(h.app).post(endpointPath('notifyme')).send(validBodies.notifyme).expect(200);
      const [id] = await outbox.due(new Date(), 10);
      const now = new Date();
      const first = await outbox.claim(id!, 'lease-a', now, 1000);
      expect(first?.notification.attempts).toBe(1);
      // Held: nobody else may claim it.
      expect(await outbox.claim(id!, 'lease-b', new Date(now.getTime() + 500), 1000)).toBeNull();
      // Run out: another claims it, and the first holder's outcome is refused.
      const second = await outbox.claim(id!, 'lease-b', new Date(now.getTime() + 1500), 1000);
      expect(second?.notification).toMatchObject({ attempts: 2, messageId: first!.notification.messageId });
      expect(await outbox.markSent(id!, 'lease-a', new Date())).toBe(false);
      expect(await outbox.markSent(id!, 'lease-b', new Date())).toBe(true);
      expect(await outbox.stats()).toMatchObject({ pending: 0, failed: 0 });
      expect(await outbox.claim(id!, 'lease-c', new Date(now.getTime() + 60_000), 1000)).toBeNull();
    });
  });

  describeStore(storeCase, 'notification outbox: two workers on one store', () => {
    // Both workers start only once everything is queued, so both find every entry and race for it.
    const h = useNotifyHarness(storeCase, { start: false });

    it('never claims what it is sending again: a send slower than the lease is delivered once', async () => {
      // The server reads the message and holds its answer past the lease; the worker's sweeps keep
      // finding the entry due (its lease ran out), and it must not claim it again.
      const outbox = h.store.outbox!;
      let claimsWhileHeld = 0;
      let foundDueWhileHeld = 0;
      const worker = h.addWorker(h.store, {
        ...outbox,
        claim: (id, lease, now, leaseMs) => {
          if (h.smtp.held > 0) claimsWhileHeld += 1;
          return outbox.claim(id, lease, now, leaseMs);
        },
        due: async (now, limit) => {
          const ids = await outbox.due(now, limit);
          if (ids.length > 0 && h.smtp.held > 0) foundDueWhileHeld += 1;
          return ids;
        },
      });
      h.smtp.hold = true;
      const receivedAt = new Date();
      await h.store.submissions.insert(
        { form: 'notifyme', variant: 'notify', fields: validBodies.notifyme, files: [], page: null, receivedAt },
        { notification: worker.newEntry(receivedAt) },
      );
      await worker.start();
      // Until the sweeps have found the entry due three times while it was held (or, wrongly, it was claimed again).
      await eventually(
        () => expect(foundDueWhileHeld >= 3 || claimsWhileHeld > 0).toBe(true),
        5 * FAST_TIMING.leaseMs!,
      );
      h.smtp.hold = false;
      await eventually(async () => expect(await outbox.stats()).toMatchObject({ pending: 0 }));
      await worker.stop();
      expect(claimsWhileHeld).toBe(0);
      expect(h.smtp.messages).toHaveLength(1);
    });

    it('sends each notification once', async () => {
      // A second worker with its own connection to the same data (on MongoDB: a second client,
      // as a replica has; the embedded store is opened by one process, so it shares the store).
      const replicaStore = storeCase.name === 'mongodb' ? h.testStore.reopen() : h.store;
      await replicaStore.init();
      const replica = h.addWorker(replicaStore);
      const count = 40;
      // Stored without handing the ids to either worker: both sweeps find the same entries in
      // the same order, so the two claim the same entry at the same moment, over and over.
      for (let index = 0; index < count; index += 1) {
        const receivedAt = new Date();
        await h.store.submissions.insert(
          {
            form: 'notifyme',
            variant: 'notify',
            fields: { ...validBodies.notifyme, lastName: `Replica${index}` },
            files: [],
            page: null,
            receivedAt,
          },
          { notification: h.worker.newEntry(receivedAt) },
        );
      }
      await Promise.all([h.worker.start(), replica.start()]);
      const mails = await h.smtp.waitForMessages(count, { timeoutMs: 30_000 });
      await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 }));
      // Both sweeps go on: a later submission, found only by a sweep, arrives, and nothing before it
      // was sent a second time meanwhile.
      const receivedAt = new Date();
      await h.store.submissions.insert(
        {
          form: 'notifyme',
          variant: 'notify',
          fields: { ...validBodies.notifyme, lastName: 'Marker' },
          files: [],
          page: null,
          receivedAt,
        },
        { notification: h.worker.newEntry(receivedAt) },
      );
      await h.smtp.waitForMessages(1, { filter: (mail) => mail.subject?.includes('Marker') === true });
      await Promise.all([h.worker.stop(), replica.stop()]);
      expect(h.smtp.messages).toHaveLength(count + 1);
      expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(count);
      expect(new Set(h.smtp.messages.map((mail) => mail.subject)).size).toBe(count + 1);
    });
  });

  describeStore(storeCase, 'notification outbox: recovery after a 30-minute SMTP outage (injected clock)', () => {
    const h = useNotifyHarness(storeCase, { start: false });

    it('sends every email that waited for the unreachable server within a minute of it answering again', async () => {
      // The worker's own clock, moved by the test: 30 minutes pass in a few seconds. Its lease, retry
      // backoff (2 s doubling up to 15 min) and pause (5 s at most) are production's; only the sweep
      // runs often in real time, so each step of the clock is acted on at once.
      let now = Date.now();
      const attempts: number[] = [];
      const worker = new NotificationWorker({
        outbox: h.store.outbox!,
        mailer: recordingStarts(createMailer(h.smtp.url, h.config.mail.from), attempts),
        settings: h.config,
        logger: pino({ level: 'silent' }),
        clock: () => now,
        timing: { sweepIntervalMs: 50, statsMaxAgeMs: 0 },
      });
      const config = { ...h.config, teamEmails: [TEAM_INBOX] };
      const app = createApp({ store: h.store, config, notifications: worker, clock: () => now });
      const contract = contractChecker((await request(app).get('/api/openapi.json')).body);
      // The team reads the same in its inbox (issue 31 item 12: the console shows the next attempt).
      const session = await signIn(app, h.smtp, TEAM_INBOX);
      h.smtp.clear();
      const inboxMail = async () => {
        const inbox = await request(app).get('/api/team/submissions').set('Cookie', session.cookie).expect(200);
        expect(contract.problems('get', '/api/team/submissions', inbox)).toEqual([]);
        return inbox.body.mail as { pending: number; failed: number; nextAttemptAt?: string };
      };
      const nextAttemptAt = async () =>
        (await request(app).get('/api/health').expect(200)).body.outbox.nextAttemptAt as string | undefined;
      const submitAt = async (lastName: string) => {
        const receivedAt = new Date(now);
        const { id } = await h.store.submissions.insert(
          {
            form: 'notifyme',
            variant: 'notify',
            fields: { ...validBodies.notifyme, lastName },
            files: [],
            page: null,
            receivedAt,
          },
          { notification: worker.newEntry(receivedAt) },
        );
        worker.submitted(id);
      };
      await h.smtp.outage();
      await worker.start();
      try {
        const outageStart = now;
        for (let step = 0; now - outageStart < 30 * 60_000; step += 1) {
          // Ten submissions over the first ten minutes of the outage, each backing off on its own.
          if (step % 2 === 0 && step < 20) await submitAt(`Outage${step / 2}`);
          now += 30_000;
          // A probe at this time found no server: the next one is due within the pause.
          await eventually(async () => expect(Date.parse((await nextAttemptAt()) ?? '')).toBeGreaterThan(now));
        }
        // One probe at a time while no server answers: one attempt per step of the clock (each step
        // outlasts the pause), not one per waiting email.
        expect(attempts.length).toBeLessThanOrEqual((now - outageStart) / 30_000 + 1);
        expect(await h.store.outbox!.stats()).toMatchObject({ pending: 10, failed: 0 });
        expect(Date.parse((await nextAttemptAt())!)).toBeLessThanOrEqual(now + 5000);
        expect(await inboxMail()).toEqual({ pending: 10, failed: 0, nextAttemptAt: await nextAttemptAt() });

        await h.smtp.start();
        const back = now;
        // The clock moves on in 5 s steps while the server answers (for up to 10 minutes, so that a
        // slower recovery is measured, not cut off): all ten arrive within its first minute.
        while (h.smtp.messages.length < 10 && now - back < 10 * 60_000) {
          now += 5000;
          await h.smtp.waitForMessages(10, { timeoutMs: 1000 }).catch(() => undefined);
        }
        expect(h.smtp.messages).toHaveLength(10);
        expect(now - back).toBeLessThanOrEqual(60_000);
        await eventually(async () => expect(await h.store.outbox!.stats()).toMatchObject({ pending: 0, failed: 0 }));
        expect(await nextAttemptAt()).toBeUndefined();
        expect(await inboxMail()).toEqual({ pending: 0, failed: 0 });
      } finally {
        await worker.stop();
      }
      expect(new Set(h.smtp.messages.map((mail) => mail.subject)).size).toBe(10);
    });
  });

  describeStore(storeCase, 'notification email: no header or HTML injection through fields', () => {
    const h = useNotifyHarness(storeCase);

    it('escapes markup from every field in the HTML body and keeps it literal in the text', async () => {
      const hostile = '<img src=x onerror=alert(1)>"\'&';
      await request(h.app)
        .post(endpointPath('contact'))
        .set('Referer', `${SITE_ORIGIN}/contact-us`)
        .send({
          ...validBodies.contact,
          firstName: `Eve${hostile}`,
          organization: `<script>alert("org")</script>`,
          message: `Line one\n<a href="javascript:alert(2)">click</a>\n</td></tr></table><form>`,
        })
        .expect(200);
      const [mail] = await h.smtp.waitForMessages(1);
      const html = mail!.html!;
      expect(html).not.toMatch(/<img|<script|<a href="javascript|<form|onerror=alert\(1\)>/);
      expect(html).toContain('Eve&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
      expect(html).toContain('&lt;script&gt;alert(&quot;org&quot;)&lt;/script&gt;');
      expect(html).toContain('&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;form&gt;');
      expect(mail!.text).toContain(`First name: Eve${hostile}`);
      expect(mail!.text).toContain('    <a href="javascript:alert(2)">click</a>');
    });

    it('lets no field add a header, a recipient or a second line to one (even one that bypassed validation)', async () => {
      // Stored directly, as data from an older version or another tool might be: CR/LF in one-line fields.
      const submission = await h.store.submissions.insert(
        {
          form: 'sponsor',
          variant: 'sponsor',
          fields: {
            ...validBodies.sponsor,
            firstName: 'Mallory\r\nBcc: leak@evil.test',
            lastName: 'X\nX-Injected: yes',
            organization: 'Org\r\n\r\n<html>body</html>',
            email: 'mallory@example.org\r\nCc: leak@evil.test',
          },
          files: [],
          page: '/sponsors\r\nX-Page: injected',
          receivedAt: new Date(),
        },
        { notification: h.worker.newEntry(new Date()) },
      );
      h.worker.submitted(submission.id);
      const [mail] = await h.smtp.waitForMessages(1);
      expect(mail!.envelope.to).toEqual([SPONSOR_INBOX]);
      expect(mail!.to).toEqual([SPONSOR_INBOX]);
      expect(Object.keys(mail!.headers)).not.toEqual(expect.arrayContaining(['bcc']));
      for (const name of ['bcc', 'cc', 'x-injected', 'x-page']) expect(mail!.headers[name]).toBeUndefined();
      expect(mail!.subject).toBe(
        'Become a Sponsor: Mallory Bcc: leak@evil.test X X-Injected: yes (Org <html>body</html>)',
      );
      expect(mail!.subject).not.toMatch(/[\r\n]/);
      // The address with a line break in it is no address: no Reply-To rather than a forged one.
      expect(mail!.replyTo).toEqual([]);
      expect(mail!.headers['reply-to']).toBeUndefined();
      expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@wildfire\.example>$/);
    });
  });
}

describeStore(storeCases[0]!, 'notifications off (no SMTP_URL)', () => {
  it('queues nothing', async () => {
    const testStore = await storeCases[0]!.create();
    try {
      await testStore.store.init();
      const app = createApp({ store: testStore.store, config: await testConfig() });
      await request(app).post(endpointPath('notifyme')).send(validBodies.notifyme).expect(200);
      expect(await testStore.store.submissions.list()).toHaveLength(1);
      expect(await testStore.store.outbox!.stats()).toEqual({ pending: 0, oldestPendingAt: null, failed: 0 });
      expect((await request(app).get('/api/health').expect(200)).body).toEqual({
        status: 'ok',
        store: 'embedded',
        notifications: 'off',
        storage: { uploadsBytes: 0 },
      });
    } finally {
      await testStore.destroy();
    }
  });
});
