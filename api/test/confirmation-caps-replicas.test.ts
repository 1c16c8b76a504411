import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { endpointPath } from '@wpc/shared/schemas';
import { MongoStore } from '../src/store';
import { addressHash } from '../src/records/subscriptions/address';
import { TestSmtpServer, type ReceivedMail } from '../../test-support/smtp/server';
import { eventually, TEAM_INBOX } from './helpers/notify';
import { collect, freePort, runTs, waitForOutput } from './helpers/process';
import { roundRobinProxy, type RoundRobinProxy } from './helpers/round-robin-proxy';
import { describeStore, mongoCase } from './helpers/stores';
import { person } from './helpers/updates';

const MONGODB_URI = process.env.MONGODB_URI;
const PER_CLIENT = 3;
const PER_HOUR = 5;

jest.setTimeout(120_000);

const isConfirmation = (mail: ReceivedMail) => /Please confirm/.test(mail.subject ?? '');

// Skipped, with a loud warning, without MONGODB_URI: replicas need a database they share.
describeStore(mongoCase, 'confirmation caps: two API processes on one database behind one proxy', () => {
  const dbName = `wpc_caps_replicas_${process.pid}_${randomBytes(4).toString('hex')}`;
  const replicas: ChildProcessWithoutNullStreams[] = [];
  let proxy: RoundRobinProxy;
  let store: MongoStore;
  let smtp: TestSmtpServer;
  let dataDir: string;

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-caps-replicas-'));
    store = new MongoStore({ uri: MONGODB_URI!, dbName, serverSelectionTimeoutMS: 5000 });
    const ports = [await freePort(), await freePort()];
    await Promise.all(
      ports.map(async (port, index) => {
        const child = runTs('src/server.ts', [], {
          API_PORT: String(port),
          MONGODB_URI: MONGODB_URI!,
          MONGODB_DB: dbName,
          DATA_DIR: path.join(dataDir, `replica-${index}`),
          SMTP_URL: smtp.url,
          NOTIFY_TO: TEAM_INBOX,
          SITE_ORIGIN: 'https://wildfire.example',
          RATE_LIMIT_MAX: '0',
          CONFIRMATIONS_PER_IP_HOUR: String(PER_CLIENT),
          CONFIRMATIONS_PER_HOUR: String(PER_HOUR),
          TRUST_PROXY: 'loopback',
          LOG_LEVEL: 'info',
        });
        replicas.push(child);
        await waitForOutput(child, /API listening/, collect(child));
      }),
    );
    proxy = await roundRobinProxy(ports);
  });

  afterAll(async () => {
    await proxy?.close();
    for (const child of replicas) child.kill('SIGTERM');
    await smtp.stop();
    await store.dropDatabase().catch(() => undefined);
    await store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
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
