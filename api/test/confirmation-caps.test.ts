import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ReceivedMail } from '../../test-support/smtp/server';
import { addressHash } from '../src/records/subscriptions/address';
import { eventually } from './helpers/notify';
import { describeStore, storeCases } from './helpers/stores';
import { person, submit, useUpdatesHarness, type UpdatesHarness } from './helpers/updates';

// Real email through a local SMTP server.
jest.setTimeout(60_000);

/** The caps under test: a few per client, a site-wide ceiling a little above. */
const PER_CLIENT = 3;
const PER_HOUR = 5;

const isConfirmation = (mail: ReceivedMail) => /Please confirm/.test(mail.subject ?? '');
const confirmations = (h: UpdatesHarness) => h.smtp.messages.filter(isConfirmation);

/** A subscribe form for `email`, sent as from `client` (the API trusts the loopback proxy's X-Forwarded-For). */
const subscribeFrom = (h: UpdatesHarness, client: string, email: string) =>
  submit(h.app, 'subscribe', person(email)).set('X-Forwarded-For', client);

/** Confirmations the store recorded as sent to these addresses (each one an email queued). */
async function recordedConfirmations(h: UpdatesHarness, emails: readonly string[]): Promise<number> {
  const subscribers = await Promise.all(emails.map((email) => h.store.subscriptions.get(addressHash(email))));
  return subscribers.reduce((sum, subscriber) => sum + (subscriber?.confirmationsSent.length ?? 0), 0);
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'confirmation emails: hourly caps per client and for the site', () => {
    const h = useUpdatesHarness(storeCase, { confirmationCaps: { perClient: PER_CLIENT, perHour: PER_HOUR } });

    it('sends one client at most its cap of confirmations, and still stores and answers every form', async () => {
      const emails = Array.from({ length: 25 }, (_, i) => `stranger${i}@example.org`);
      for (const email of emails) {
        const res = await subscribeFrom(h, '203.0.113.40', email);
        // Answered as any stored form: the abuser learns nothing from the answer.
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });
      }
      const stored = await h.store.submissions.list({ form: 'subscribe' });
      expect(stored.map((row) => row.fields.email).sort()).toEqual([...emails].sort());
      // Every address's consent is kept (pending), so a genuine visitor's form is not lost.
      for (const email of emails) {
        expect((await h.store.subscriptions.get(addressHash(email)))?.lists.scorecard?.state).toBe('pending');
      }
      expect(await recordedConfirmations(h, emails)).toBe(PER_CLIENT);
      await eventually(() => expect(confirmations(h)).toHaveLength(PER_CLIENT));
      // The first three addresses got theirs.
      expect(
        confirmations(h)
          .flatMap((mail) => mail.envelope.to)
          .sort(),
      ).toEqual(emails.slice(0, PER_CLIENT).sort());

      // Another client has a cap of its own.
      expect((await subscribeFrom(h, '198.51.100.7', 'neighbour@example.org')).status).toBe(200);
      await eventually(() => expect(confirmations(h)).toHaveLength(PER_CLIENT + 1));
    });

    it('a retried form does not use up the client’s cap', async () => {
      for (let i = 0; i < PER_CLIENT; i += 1) {
        const key = randomUUID();
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const res = await submit(h.app, 'subscribe', person(`retry${i}@example.org`), key).set(
            'X-Forwarded-For',
            '192.0.2.5',
          );
          expect(res.status).toBe(200);
        }
      }
      await eventually(() => expect(confirmations(h)).toHaveLength(PER_CLIENT));
    });

    it('stops every confirmation at the site’s hourly ceiling and says so on the console’s Updates page', async () => {
      const team = await h.team();
      const updatesPage = () =>
        request(h.app).get('/api/team/updates').set('Cookie', team.cookie).set('X-CSRF-Token', team.csrfToken);
      expect((await updatesPage()).body.confirmationsPaused).toBeUndefined();

      const emails: string[] = [];
      // Three clients of two, two and two forms: the sixth confirmation is past the ceiling of five.
      for (const [client, count] of [
        ['192.0.2.1', 2],
        ['192.0.2.2', 2],
        ['192.0.2.3', 2],
      ] as const) {
        for (let i = 0; i < count; i += 1) {
          const email = `${client.replace(/\./g, '-')}-${i}@example.org`;
          emails.push(email);
          expect((await subscribeFrom(h, client, email)).status).toBe(200);
        }
      }
      expect(await recordedConfirmations(h, emails)).toBe(PER_HOUR);
      expect(await h.store.submissions.list({ form: 'subscribe' })).toHaveLength(6);

      const paused = (await updatesPage()).body.confirmationsPaused;
      expect(paused).toEqual({ ceiling: PER_HOUR, until: expect.any(String) });
      const until = new Date(paused.until).getTime();
      expect(until).toBeGreaterThan(Date.now());
      expect(until).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);

      // A fresh client is refused too while the ceiling holds.
      expect((await subscribeFrom(h, '192.0.2.9', 'late@example.org')).status).toBe(200);
      expect(await recordedConfirmations(h, ['late@example.org'])).toBe(0);
      await eventually(() => expect(confirmations(h)).toHaveLength(PER_HOUR));
    });
  });
}
