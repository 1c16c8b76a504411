import { TestSmtpServer } from '../../../test-support/smtp/server';
import { createMailer, type Mailer } from '../../src/mail/transport';

export interface TestMail {
  /** The real local SMTP server the file's emails reach. */
  readonly smtp: TestSmtpServer;
  /** The API's transport to it. */
  readonly mailer: Mailer;
}

/** A real local SMTP server and the API's mailer to it, started once for the whole test file. */
export function useTestMail(): TestMail {
  let smtp: TestSmtpServer | undefined;
  let mailer: Mailer | undefined;
  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    mailer = createMailer(smtp.url, 'Website <website@consortium.test>');
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.stop();
  });
  return {
    get smtp() {
      if (!smtp) throw new Error('The test SMTP server starts in beforeAll.');
      return smtp;
    },
    get mailer() {
      if (!mailer) throw new Error('The test mailer is made in beforeAll.');
      return mailer;
    },
  };
}
