import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { MailConfig } from './config';
import { DEFAULT_SMTP_TIMEOUTS, type SmtpTimeouts } from './timeouts';

/** One message as the API sends it; every header value is one line (nodemailer encodes the rest). */
export interface OutgoingMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** An address object, so a display name is encoded and never parsed as a list of addresses. */
  readonly replyTo?: string | { readonly name: string; readonly address: string };
  /** The Date header; the time of sending when absent. */
  readonly date?: Date;
  /** `<id@host>`: the same on every attempt of one notification, so a repeat is recognisable. */
  readonly messageId?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SentMail {
  readonly messageId: string;
  /** The server's last answer, e.g. "250 OK: queued as 1234". */
  readonly response: string;
}

/**
 * Called once the message's content has gone out and before the line that ends it: the server
 * cannot take a message before that line, so throwing here abandons the message (the connection
 * is closed) and the send rejects.
 */
export type BeforeEnd = () => Promise<void> | void;

/** Sends mail through SMTP_URL; one per API process, shared by the outbox worker and the console's sign-in links. */
export interface Mailer {
  send(mail: OutgoingMail, options?: { readonly beforeEnd?: BeforeEnd }): Promise<SentMail>;
  close(): void;
  /** The waits on the server this mailer allows: `socketMs` bounds the wait for the answer to a message. */
  readonly timeouts: SmtpTimeouts;
}

/** The field of nodemailer's message options that carries a send's BeforeEnd to the stream plugin. */
const BEFORE_END = 'wpcBeforeEnd';

/**
 * The message stream, read lazily: its end comes only once the whole content has been asked for
 * (handed on towards the socket) and `beforeEnd` has passed; nodemailer writes the ending line
 * after that end. (A Transform's flush would run as soon as its input ended, long before the
 * message is sent.)
 */
function heldEnd(input: Readable, beforeEnd: BeforeEnd): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of input) yield chunk as Buffer;
      await beforeEnd();
    })(),
    { objectMode: false },
  );
}

/**
 * A pooled nodemailer transport from SMTP_URL (query parameters of the URL, such as
 * `?tls.rejectUnauthorized=false`, keep nodemailer's meaning). A few connections are kept open
 * and reused, since a backlog may hold thousands of messages after an outage.
 */
export function createMailer(smtpUrl: string, from: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport(
    {
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      ...parseConnectionUrl(smtpUrl),
      pool: true,
      maxConnections: 4,
      // The outbox decides about retries (and counts them); the pool must not resend on its own.
      maxRequeues: 0,
    },
    { from },
  );
  transport.use('stream', (mail, done) => {
    const beforeEnd = (mail.data as { [BEFORE_END]?: BeforeEnd })[BEFORE_END];
    if (beforeEnd) mail.message.processFunc((input: Readable) => heldEnd(input, beforeEnd));
    done();
  });
  return {
    timeouts,
    async send(mail, options = {}) {
      const info = await transport.sendMail({
        to: [...mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: typeof mail.replyTo === 'object' ? { ...mail.replyTo } : mail.replyTo,
        date: mail.date,
        messageId: mail.messageId,
        headers: mail.headers ? { ...mail.headers } : undefined,
        // Never read a file, URL or data: URI named in a message (nothing we send attaches any).
        disableFileAccess: true,
        disableUrlAccess: true,
        ...(options.beforeEnd && { [BEFORE_END]: options.beforeEnd }),
      });
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      transport.close();
    },
  };
}

/** The mailer of this configuration, or undefined when SMTP_URL is unset (mail is off). */
export function mailerFor(config: MailConfig): Mailer | undefined {
  return config.smtpUrl ? createMailer(config.smtpUrl, config.from, config.timeouts) : undefined;
}

/**
 * Whether a failed send will fail the same way however often it is retried: the server
 * refused the message or a recipient for good (5xx), or the message itself is unusable.
 * Everything else (no connection, timeouts, 4xx, authentication, which an operator fixes) is
 * worth retrying.
 */
export function isPermanentMailError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH') return false;
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}

/** A short, credential-free reason for logs and the outbox entry, e.g. "451 4.3.0 try later". */
export function mailErrorReason(error: unknown): string {
  const { response, code, message } = (error ?? {}) as { response?: unknown; code?: unknown; message?: unknown };
  const text = typeof response === 'string' ? response : typeof message === 'string' ? message : String(error);
  const reason = typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
  // Server answers can echo recipients; keep it short and on one line.
  return reason.replace(/\s+/g, ' ').slice(0, 200);
}
