import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for tests, benchmarks and local development: it speaks SMTP
 * over TCP (smtp-server), parses what it receives (mailparser) and keeps it in memory. Tests can
 * take it down and restart it (`outage()`, `start()`: an unreachable server) or have it answer
 * temporary (4xx) or permanent (5xx) errors. `startSmtpControl` adds a small HTTP API for Playwright and other processes.
 */

/** How the server answers each message: take it, "try again later" (451), or "never" (550). */
export type SmtpMode = 'accept' | 'temporary' | 'permanent';

export interface ReceivedMail {
  /** 1, 2, 3... in order of arrival. */
  readonly seq: number;
  readonly receivedAt: string;
  /** What the client said in MAIL FROM and RCPT TO. */
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  readonly messageId: string | undefined;
  readonly subject: string | undefined;
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly replyTo: readonly string[];
  readonly text: string | undefined;
  readonly html: string | undefined;
  /** Every header, names lower-cased, values as sent (unfolded). */
  readonly headers: Readonly<Record<string, string>>;
  readonly attachments: number;
}

export interface TestSmtpServerOptions {
  /** 0 (the default) picks a free port; a restart keeps the port it got. */
  readonly port?: number;
}

const TEMPORARY = { code: 451, text: '4.3.0 Temporarily unable to accept mail, try again later' };
const PERMANENT = { code: 550, text: '5.7.1 Message refused' };

function smtpError({ code, text }: { code: number; text: string }): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).filter(Boolean);
}

export class TestSmtpServer {
  /** Every message received since the start or the last clear(), in order of arrival. */
  readonly messages: ReceivedMail[] = [];
  mode: SmtpMode = 'accept';
  /**
   * While true, a message is read in full but not answered, as by a very slow server. It is
   * kept (answered 250) once `hold` is set back to false, and dropped if the client goes away
   * first: a server that never said 250 has not taken the message (RFC 5321, 4.1.1.4).
   */
  hold = false;
  /** Messages read in full and waiting for an answer because of `hold`. */
  held = 0;
  /**
   * How many of the next senders to stop at MAIL FROM: their command is left unanswered until
   * `releaseEnvelopes()`, so a test knows a send is under way and not yet finished.
   */
  holdEnvelopes = 0;
  /** Messages refused by `mode` (temporary or permanent) since the start: attempts a test can wait for. */
  refused = 0;
  /** Messages read in full but never answered (the client went away, or the server stopped): not taken. */
  readonly dropped: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  /** During an outage: the port, held by a listener that cuts every connection at once. */
  private portHolder: net.Server | undefined;
  private portNumber: number;
  private seq = 0;
  private waiters = new Set<() => void>();
  private readonly closed = new Set<string>();
  private readonly heldEnvelopes: (() => void)[] = [];
  private stopping = false;

  constructor(options: TestSmtpServerOptions = {}) {
    this.portNumber = options.port ?? 0;
  }

  get port(): number {
    return this.portNumber;
  }

  /** The SMTP_URL of this server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.portNumber}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  /** Listens (again, on the same port after a stop). */
  async start(): Promise<void> {
    if (this.server) return;
    await this.releasePort();
    const server = new SMTPServer({
      // Plain SMTP on loopback: no certificate to trust, so no STARTTLS offered.
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      // Any user and password are accepted, so an SMTP_URL with credentials works locally.
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'user' }),
      onMailFrom: (_address, _session, callback) => {
        const answer = () => callback(this.mode === 'temporary' ? this.refuse(TEMPORARY) : undefined);
        if (this.holdEnvelopes === 0) return answer();
        this.holdEnvelopes -= 1;
        this.heldEnvelopes.push(answer);
      },
      onClose: (session) => {
        this.closed.add(session.id);
      },
      onRcptTo: (_address, _session, callback) =>
        callback(this.mode === 'permanent' ? this.refuse(PERMANENT) : undefined),
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            // A server going down answers nothing more: what it has not yet answered it has not taken.
            if (this.stopping || (this.hold && !(await this.released(session)))) {
              this.dropped.push(this.describe(mail, session));
              return;
            }
            this.receive(mail, session);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
      size: 25 * 1024 * 1024,
      // A stop is an outage: connections are cut at once rather than allowed to finish.
      closeTimeout: 100,
      logger: false,
    });
    server.on('error', () => undefined); // a client dropping its connection is not our failure
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.portNumber, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.portNumber = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every open connection, for good: the port is free again. */
  async stop(): Promise<void> {
    await this.releasePort();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.stopping = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.stopping = false;
  }

  /**
   * An outage until `start()`: what `stop()` does, except that the port stays held by a listener
   * that closes every connection at once; to a client, the server is gone. A port set free could
   * be taken meanwhile by any listener asking for a free one (supertest opens one per request),
   * and a client would wait there for a greeting that never comes: in one CI run a retry-period
   * test found its email still pending after 10 s instead of given up after 1 s.
   */
  async outage(): Promise<void> {
    await this.stop();
    const holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      holder.once('error', reject);
      holder.listen(this.portNumber, '127.0.0.1', () => resolve());
    });
    this.portHolder = holder;
  }

  private async releasePort(): Promise<void> {
    const holder = this.portHolder;
    this.portHolder = undefined;
    if (holder) await new Promise<void>((resolve) => holder.close(() => resolve()));
  }

  /** Senders stopped at MAIL FROM by `holdEnvelopes`, waiting for `releaseEnvelopes()`. */
  get envelopesHeld(): number {
    return this.heldEnvelopes.length;
  }

  /** Answers every MAIL FROM held by `holdEnvelopes`: those sends go on. */
  releaseEnvelopes(): void {
    for (const answer of this.heldEnvelopes.splice(0)) answer();
  }

  clear(): void {
    this.messages.length = 0;
  }

  /** Resolves once `count` messages (matching `filter`, if given) have arrived; rejects after `timeoutMs`. */
  async waitForMessages(
    count: number,
    { timeoutMs = 10_000, filter }: { timeoutMs?: number; filter?: (mail: ReceivedMail) => boolean } = {},
  ): Promise<ReceivedMail[]> {
    const matching = () => (filter ? this.messages.filter(filter) : [...this.messages]);
    if (matching().length >= count) return matching();
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = matching();
        if (found.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`expected ${count} message(s) within ${timeoutMs} ms, got ${matching().length}`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  private refuse(answer: { code: number; text: string }): Error {
    this.refused += 1;
    return smtpError(answer);
  }

  /** Waits while `hold` is on; false when the client's connection closed meanwhile. */
  private async released(session: SMTPServerSession): Promise<boolean> {
    this.held += 1;
    try {
      while (this.hold && !this.closed.has(session.id)) await new Promise((resolve) => setTimeout(resolve, 20));
      return !this.closed.has(session.id);
    } finally {
      this.held -= 1;
    }
  }

  private receive(mail: ParsedMail, session: SMTPServerSession): void {
    this.messages.push(this.describe(mail, session));
    for (const waiter of [...this.waiters]) waiter();
  }

  private describe(mail: ParsedMail, session: SMTPServerSession): ReceivedMail {
    const headers: Record<string, string> = {};
    for (const line of mail.headerLines) {
      const value = line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]/g, ' ')
        .trim();
      headers[line.key] = headers[line.key] === undefined ? value : `${headers[line.key]}, ${value}`;
    }
    this.seq += 1;
    return {
      seq: this.seq,
      receivedAt: new Date().toISOString(),
      envelope: {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      },
      messageId: mail.messageId,
      subject: mail.subject,
      from: addresses(mail.from),
      to: addresses(mail.to),
      replyTo: addresses(mail.replyTo),
      text: mail.text,
      html: typeof mail.html === 'string' ? mail.html : undefined,
      headers,
      attachments: mail.attachments.length,
    };
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? JSON.parse(text) : {};
}

/**
 * The control API of a test SMTP server, on 127.0.0.1:
 * - `GET /messages[?to=<address>]`: the messages received (optionally only those to one address);
 * - `DELETE /messages`: forgets them;
 * - `PUT /mode` with `{"mode": "accept" | "temporary" | "permanent"}`;
 * - `POST /smtp/stop`, `POST /smtp/start`: the SMTP listener goes away and comes back;
 * - `GET /health`: `{smtpPort, running, mode, messages}`.
 */
export async function startSmtpControl(smtp: TestSmtpServer, port = 0): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    const answer = async () => {
      switch (route) {
        case 'GET /health':
          return json(res, 200, {
            smtpPort: smtp.port,
            running: smtp.running,
            mode: smtp.mode,
            messages: smtp.messages.length,
          });
        case 'GET /messages': {
          const to = url.searchParams.get('to')?.toLowerCase();
          const found = to
            ? smtp.messages.filter((mail) => mail.envelope.to.some((address) => address.toLowerCase() === to))
            : smtp.messages;
          return json(res, 200, found);
        }
        case 'DELETE /messages':
          smtp.clear();
          return json(res, 200, { ok: true });
        case 'PUT /mode': {
          const { mode } = (await bodyOf(req)) as { mode?: unknown };
          if (mode !== 'accept' && mode !== 'temporary' && mode !== 'permanent') {
            return json(res, 400, { error: 'mode must be "accept", "temporary" or "permanent"' });
          }
          smtp.mode = mode;
          return json(res, 200, { mode });
        }
        case 'POST /smtp/stop':
          await smtp.outage();
          return json(res, 200, { running: false });
        case 'POST /smtp/start':
          await smtp.start();
          return json(res, 200, { running: true });
        default:
          return json(res, 404, { error: `no route ${route}` });
      }
    };
    answer().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
