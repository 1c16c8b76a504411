/**
 * The local SMTP server as a process (`npm run smtp`): for `npm start` with
 * SMTP_URL=smtp://127.0.0.1:1025, and for Playwright, which reads what arrived over HTTP.
 * SMTP_TEST_PORT (1025) and SMTP_TEST_HTTP_PORT (8025) move it.
 */
import { closeOnSignal, runCli } from '../cli';
import { startSmtpControl, TestSmtpServer } from './server';

const smtpPort = Number(process.env.SMTP_TEST_PORT ?? 1025);
const httpPort = Number(process.env.SMTP_TEST_HTTP_PORT ?? 8025);

async function main(): Promise<void> {
  const smtp = new TestSmtpServer({ port: smtpPort });
  await smtp.start();
  const control = await startSmtpControl(smtp, httpPort);
  console.log(`SMTP test server: SMTP_URL=${smtp.url}; received mail at http://127.0.0.1:${httpPort}/messages`);
  let seen = 0;
  const report = setInterval(() => {
    for (const mail of smtp.messages.slice(seen)) {
      console.log(`#${mail.seq} to ${mail.envelope.to.join(', ')}: ${mail.subject ?? '(no subject)'}`);
    }
    seen = smtp.messages.length;
  }, 500);
  closeOnSignal(() => {
    clearInterval(report);
    control.close();
    return smtp.stop();
  });
}

runCli(main);
