import { SMTPServer } from 'smtp-server';
import type { Logger } from 'pino';
import { UPDATE_LISTS, type UpdateListId } from '@wpc/shared/updates';
import { LINK_TOKEN } from '@wpc/shared/updates/schemas';
import { leave, LinkError, type SubscriberDeps } from './subscribers';

/** The headers we read, at most this many bytes of them; the body is never read. */
const HEADER_LIMIT = 64 * 1024;

/** The subject of a mailto: unsubscribe (links.ts): "unsubscribe <list> <token>". */
export function unsubscribeRequest(subject: string): { list: UpdateListId; token: string } | undefined {
  const match = /\bunsubscribe\s+([a-z]+)\s+(\S+)/i.exec(subject);
  const list = match?.[1]?.toLowerCase() as UpdateListId | undefined;
  if (!match || !list || !UPDATE_LISTS.includes(list) || !LINK_TOKEN.test(match[2]!)) return undefined;
  return { list, token: match[2]! };
}

function subjectOf(headers: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const line = /^subject:[ \t]*(.*)$/im.exec(unfolded)?.[1] ?? '';
  // An encoded-word subject (RFC 2047) from a client that encodes even plain ASCII.
  return line.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : text
          .replace(/_/g, ' ')
          .replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
  );
}

/**
 * RFC 2369's mailto: unsubscribe, received by the API itself: a small SMTP listener on
 * UPDATES_INBOUND_SMTP_PORT (the MX of the unsubscribe address, or a relay, delivers to it). A
 * message whose subject is "unsubscribe <list> <token>" leaves that list, as the one-click POST
 * does; anything else is accepted and dropped (a reply says nothing the sender can learn from).
 */
export async function startInbound({
  port,
  host = '0.0.0.0',
  deps,
  logger,
}: {
  port: number;
  host?: string;
  deps: SubscriberDeps;
  logger: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      let headers = '';
      let done = false;
      stream.on('data', (chunk: Buffer) => {
        if (done) return;
        headers += chunk.toString('utf8');
        const end = headers.search(/\r?\n\r?\n/);
        if (end >= 0 || headers.length > HEADER_LIMIT) {
          done = true;
          headers = end >= 0 ? headers.slice(0, end) : headers.slice(0, HEADER_LIMIT);
        }
      });
      stream.on('end', () => {
        const request = unsubscribeRequest(subjectOf(headers));
        if (!request) {
          callback();
          return;
        }
        leave(deps, request.token, request.list).then(
          () => {
            logger.info({ list: request.list }, 'unsubscribed by email');
            callback();
          },
          (error: unknown) => {
            // A stale or forged token is accepted and dropped; a store outage asks the sender to retry.
            if (error instanceof LinkError) callback();
            else callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (error) => logger.warn({ err: { message: error.message } }, 'unsubscribe mail listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
