/** How long each wait on the SMTP server may take before the attempt fails (SMTP_TIMEOUT_MS sets all three). */
export interface SmtpTimeouts {
  readonly connectionMs: number;
  readonly greetingMs: number;
  /** Longest silence of the server in any one wait for its answer. */
  readonly socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * The longest one send can take with these timeouts: connecting, the greeting, then one wait per
 * answer (EHLO, MAIL FROM, one RCPT TO per recipient, DATA, the end of the message), each bounded
 * by the socket timeout; doubled because a message may first wait for a pooled connection busy
 * with another send (the worker never has more in flight than the pool has connections, but the
 * console's sign-in links share the pool).
 */
export function worstSendMs(recipients: number, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): number {
  const answers = 4 + Math.max(1, recipients);
  return 2 * (timeouts.connectionMs + timeouts.greetingMs + answers * timeouts.socketMs);
}

/** A lease outlasts the worst send by this much, so no replica takes over a send still under way. */
export const LEASE_MARGIN_MS = 60_000;
