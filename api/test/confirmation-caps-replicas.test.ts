import { randomUUID } from 'node:crypto';
import { endpointPath } from '@wpc/shared/schemas';
import { addressHash } from '../src/records/subscriptions/address';
import { TestSmtpServer, type ReceivedMail } from '../../test-support/smtp/server';
import { eventually, TEAM_INBOX } from './helpers/notify';
import { startReplicas, type Replicas } from './helpers/replicas';
import { describeStore, mongoCase } from './helpers/stores';
import { person } from './helpers/updates';

const PER_CLIENT = 3;
const PER_HOUR = 5;

jest.setTimeout(120_000);

const isConfirmation = (mail: ReceivedMail) => /Please confirm/.test(mail.subject ?? '');

// Skipped, with a loud warning, without MONGODB_URI: replicas need a database they share.
describeStore(mongoCase, 'confirmation caps: two API processes on one database behind one proxy', () => {
  let replicas: Replicas;
  let proxy: Replicas['proxy'];
  let store: Replicas['store'];
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    replicas = await startReplicas('caps_replicas', {
      SMTP_URL: smtp.url,
      NOTIFY_TO: TEAM_INBOX,
      SITE_ORIGIN: 'https://wildfire.example',
      RATE_LIMIT_MAX: '0',
      CONFIRMATIONS_PER_IP_HOUR: String(PER_CLIENT),
      CONFIRMATIONS_PER_HOUR: String(PER_HOUR),
    });
    ({ proxy, store } = replicas);
  });

  afterAll(async () => {
    await replicas?.close();
    await smtp.stop();
  });

  const subscribe = (client: string, email: string) =>
    fetch(`${proxy.url}${endpointPath('subscribe')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), 'X-Test-Client': client },
      body: JSON.stringify(person(email)),
    });

  it('holds one client to its cap and the site to its ceiling across both replicas, storing every form', async () => {
    const before = [...proxy.served];
    // Eight forms from one client, taken in turn by the two replicas: counted apart, each would send three.
    const flood = Array.from({ length: 8 }, (_, i) => `flood${i}@example.org`);
    for (const email of flood) expect((await subscribe('203.0.113.50', email)).status).toBe(200);
    expect(proxy.served.map((count, index) => count - (before[index] ?? 0))).toEqual([4, 4]);
    await eventually(() => expect(smtp.messages.filter(isConfirmation)).toHaveLength(PER_CLIENT));

    // Two more clients: the site's ceiling of five lets two more through, whichever replica answers.
    const others = ['a@example.org', 'b@example.org', 'c@example.org'];
    expect((await subscribe('198.51.100.1', others[0]!)).status).toBe(200);
    expect((await subscribe('198.51.100.1', others[1]!)).status).toBe(200);
    expect((await subscribe('198.51.100.2', others[2]!)).status).toBe(200);
    await eventually(() => expect(smtp.messages.filter(isConfirmation)).toHaveLength(PER_HOUR));

    const stored = await store.submissions.list({ form: 'subscribe' });
    expect(stored.map((row) => row.fields.email).sort()).toEqual([...flood, ...others].sort());
    // Every confirmation the store queued has arrived: none is left to go out past the caps.
    const subscribers = await Promise.all(
      [...flood, ...others].map((email) => store.subscriptions.get(addressHash(email))),
    );
    expect(subscribers.reduce((sum, one) => sum + (one?.confirmationsSent.length ?? 0), 0)).toBe(PER_HOUR);
    expect(
      smtp.messages
        .filter(isConfirmation)
        .flatMap((mail) => mail.envelope.to)
        .sort(),
    ).toEqual([...flood.slice(0, PER_CLIENT), ...others.slice(0, PER_HOUR - PER_CLIENT)].sort());
  });
});
