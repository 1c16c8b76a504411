import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { endpointPath } from '@wpc/shared/schemas';
import { MongoStore } from '../src/store';
import { TestSmtpServer } from '../../test-support/smtp/server';
import { validBodies } from './helpers/fixtures';
import { eventually, TEAM_INBOX } from './helpers/notify';
import { collect, exitCode, freePort, runTs, waitForOutput } from './helpers/process';
import { describeStore, embeddedCase, storeCases } from './helpers/stores';

jest.setTimeout(120_000);

const MONGODB_URI = process.env.MONGODB_URI;

/** The real server (src/server.ts) as a child process; kill -9 is a real kill. */
async function startApi(
  env: Record<string, string>,
): Promise<{ child: ChildProcessWithoutNullStreams; output: { text: string } }> {
  const child = runTs('src/server.ts', [], { LOG_LEVEL: 'info', RATE_LIMIT_MAX: '0', ...env });
  const output = collect(child);
  await waitForOutput(child, /API listening/, output);
  return { child, output };
}

async function health(port: number): Promise<{ outbox?: { pending: number; failed: number } }> {
  return (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
    outbox?: { pending: number; failed: number };
  };
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'notifications across kill -9 of the API (real process)', () => {
    let smtp: TestSmtpServer;
    let dataDir: string;
    const dbName = `wpc_notify_kill_${process.pid}_${randomBytes(4).toString('hex')}`;
    const children: ChildProcessWithoutNullStreams[] = [];

    beforeAll(async () => {
      smtp = new TestSmtpServer();
      await smtp.start();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-notify-kill-'));
    });

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await smtp.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (storeCase.name === 'mongodb') {
        const store = new MongoStore({ uri: MONGODB_URI!, dbName });
        await store.dropDatabase().catch(() => undefined);
        await store.close();
      }
    });

    it('sends the email that was in flight at the kill after the restart, once, with the same Message-ID', async () => {
      const port = await freePort();
      const env = {
        API_PORT: String(port),
        DATA_DIR: dataDir,
        ...(storeCase.name === 'mongodb' ? { MONGODB_URI: MONGODB_URI!, MONGODB_DB: dbName } : {}),
        SMTP_URL: smtp.url,
        NOTIFY_TO: TEAM_INBOX,
        SITE_ORIGIN: 'https://wildfire.example',
        // A replica that dies holds its claims this long (the embedded store frees them at start),
        // which must outlast the slowest send the transport allows: 2 × (1.5 + 1.5 + 5 × 1.5) s = 21 s.
        NOTIFY_LEASE_MS: '22000',
        SMTP_TIMEOUT_MS: '1500',
        NOTIFY_SWEEP_MS: '200',
        NOTIFY_RETRY_BASE_MS: '100',
      };
      smtp.hold = true;
      const first = await startApi(env);
      children.push(first.child);
      // A form whose visitor asked for no updates: the team's notification is the only email.
      const answer = await fetch(`http://127.0.0.1:${port}${endpointPath('sponsor')}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify(validBodies.sponsor),
      });
      expect(answer.status).toBe(200);

      // The whole message has reached the SMTP server, which has not answered yet: kill the API now.
      await eventually(() => expect(smtp.held).toBe(1));
      first.child.kill('SIGKILL');
      expect(await exitCode(first.child)).toBeNull();
      await eventually(() => expect(smtp.dropped).toHaveLength(1));
      smtp.hold = false;
      expect(smtp.messages).toHaveLength(0);

      const second = await startApi(env);
      children.push(second.child);
      // On MongoDB the dead process's claim runs out first (22 s).
      const [mail] = await smtp.waitForMessages(1, { timeoutMs: 60_000 });
      expect(mail!.envelope.to).toEqual([TEAM_INBOX]);
      expect(mail!.messageId).toBe(smtp.dropped[0]!.messageId);
      await eventually(async () =>
        expect((await health(port)).outbox).toEqual(expect.objectContaining({ pending: 0, failed: 0 })),
      );
      // The worker goes on: a later submission’s email arrives, and the first was not sent again before it.
      const later = await fetch(`http://127.0.0.1:${port}${endpointPath('sponsor')}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ ...validBodies.sponsor, lastName: 'Later' }),
      });
      expect(later.status).toBe(200);
      await smtp.waitForMessages(2);
      expect(smtp.messages.map((sent) => sent.messageId === mail!.messageId)).toEqual([true, false]);
      second.child.kill('SIGTERM');
      await exitCode(second.child);
    });
  });
}

describeStore(embeddedCase, 'notifications off', () => {
  it('says once at start that notifications are off when SMTP_URL is unset, and serves as before', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-notify-off-'));
    const port = await freePort();
    const { child, output } = await startApi({ API_PORT: String(port), DATA_DIR: dataDir, SMTP_URL: '' });
    try {
      const answer = await fetch(`http://127.0.0.1:${port}${endpointPath('notifyme')}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(validBodies.notifyme),
      });
      expect(answer.status).toBe(200);
      expect(await health(port)).toEqual({
        status: 'ok',
        store: 'embedded',
        notifications: 'off',
        storage: { uploadsBytes: 0 },
      });
      expect(output.text.match(/notifications are off/g)).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await exitCode(child);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
