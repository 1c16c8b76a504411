import net from 'node:net';
import { createMailer, isPermanentMailError } from '../src/mail/transport';
import { TestSmtpServer } from '../../test-support/smtp/server';

/** Whether another listener can take this port now (it is closed again at once). */
function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const other = net.createServer();
    other.once('error', () => resolve(false));
    other.listen(port, '127.0.0.1', () => other.close(() => resolve(true)));
  });
}

const mail = { to: ['team@example.org'], subject: 'Outage probe', text: 'Hello' };

describe('the test SMTP server during an outage (test-support/smtp/server.ts)', () => {
  const smtp = new TestSmtpServer();
  afterAll(() => smtp.stop());

  it('keeps its port from other listeners, refuses mail as a temporary failure, and takes mail again on start()', async () => {
    await smtp.start();
    const { port } = smtp;
    const mailer = createMailer(smtp.url, 'site@example.org');
    try {
      await smtp.outage();
      expect(smtp.running).toBe(false);
      // Freed, the port could go to any listener asking for a free one; a sender would then wait there.
      expect(await canListenOn(port)).toBe(false);
      const refused = await mailer.send(mail).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Error);
      expect(isPermanentMailError(refused)).toBe(false);

      await smtp.start();
      expect(smtp.port).toBe(port);
      await mailer.send(mail);
      expect(smtp.messages.map((message) => message.subject)).toEqual(['Outage probe']);
    } finally {
      mailer.close();
    }
    await smtp.stop();
    // Stopped for good, the port is free.
    expect(await canListenOn(port)).toBe(true);
  });
});
