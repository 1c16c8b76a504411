import { ENDPOINT_KINDS, type EndpointKind } from '@wpc/shared/schemas';
import { DEFAULT_SMTP_TIMEOUTS, LEASE_MARGIN_MS, worstSendMs, type SmtpTimeouts } from './timeouts';

type Env = Readonly<Record<string, string | undefined>>;

/** How the API sends email: the team's notifications (outbox) and the console's sign-in links. */
export interface MailConfig {
  /**
   * nodemailer transport URL (`smtp://user:pass@host:587`, `smtps://...`); undefined turns
   * notifications off (nothing is queued). Holds credentials: never log it.
   */
  readonly smtpUrl?: string;
  /** The From header of everything the API sends. */
  readonly from: string;
  /** Default recipients of a notification (NOTIFY_TO). */
  readonly to: readonly string[];
  /** Recipients per form kind (NOTIFY_TO_<KIND>), replacing `to` for that kind. */
  readonly toByKind: Readonly<Partial<Record<EndpointKind, readonly string[]>>>;
  /**
   * Outbox worker tuning (NOTIFY_LEASE_MS, NOTIFY_SWEEP_MS, NOTIFY_RETRY_BASE_MS); defaults when
   * unset. With SMTP_URL the lease is always set: longer than the transport's worst send.
   */
  readonly timing: { readonly leaseMs?: number; readonly sweepIntervalMs?: number; readonly retryBaseMs?: number };
  /** The transport's waits on the server (SMTP_TIMEOUT_MS sets all three; 10 s, 10 s and 30 s by default). */
  readonly timeouts: SmtpTimeouts;
}

export const DEFAULT_SITE_ORIGIN = 'http://localhost:3000';

/** A plain address: one @, no spaces, quotes, brackets or list separators (so no header tricks). */
export const ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A comma-separated list of plain email addresses; throws naming the variable and the bad entry. */
export function addressList(env: Env, name: string): readonly string[] | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  const addresses = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const address of addresses) {
    if (!ADDRESS.test(address) || address.length > 254) {
      throw new Error(
        `${name} must be a comma-separated list of email addresses such as "team@example.org", ` +
          `but "${address}" is not one.`,
      );
    }
  }
  return addresses;
}

function smtpUrl(env: Env): string | undefined {
  const raw = text(env, 'SMTP_URL');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value may hold a password: name the variable, not its content.
    throw new Error('SMTP_URL is not a URL; expected e.g. "smtp://user:password@mail.example.org:587".');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//.`);
  }
  if (!url.hostname) throw new Error('SMTP_URL names no host; expected e.g. "smtp://mail.example.org:587".');
  return raw;
}

/** SITE_ORIGIN as a bare origin (no path), e.g. "https://www.example.org". */
export function siteOrigin(env: Env): string {
  const raw = text(env, 'SITE_ORIGIN');
  if (raw === undefined) return DEFAULT_SITE_ORIGIN;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_ORIGIN must be the site's public origin such as "https://www.example.org", got "${raw}".`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_ORIGIN must be an http(s) origin with no path, such as "https://www.example.org", got "${raw}".`,
    );
  }
  return url.origin;
}

/** The variable that overrides the recipients of one kind, e.g. NOTIFY_TO_SPONSOR. */
export function kindVariable(kind: EndpointKind): string {
  return `NOTIFY_TO_${kind.toUpperCase()}`;
}

function milliseconds(env: Env, name: string): number | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of milliseconds, got "${raw}".`);
  return value;
}

export function mailConfig(env: Env, origin: string): MailConfig {
  const toByKind: Partial<Record<EndpointKind, readonly string[]>> = {};
  for (const kind of ENDPOINT_KINDS) {
    const list = addressList(env, kindVariable(kind));
    if (list?.length) toByKind[kind] = list;
  }
  const to = addressList(env, 'NOTIFY_TO') ?? [];
  const from = text(env, 'NOTIFY_FROM') ?? `Consortium website <noreply@${new URL(origin).hostname}>`;
  if (/[\r\n]/.test(from)) throw new Error('NOTIFY_FROM must be one line.');
  const timing = {
    leaseMs: milliseconds(env, 'NOTIFY_LEASE_MS'),
    sweepIntervalMs: milliseconds(env, 'NOTIFY_SWEEP_MS'),
    retryBaseMs: milliseconds(env, 'NOTIFY_RETRY_BASE_MS'),
  };
  const wait = milliseconds(env, 'SMTP_TIMEOUT_MS');
  const timeouts = wait ? { connectionMs: wait, greetingMs: wait, socketMs: wait } : DEFAULT_SMTP_TIMEOUTS;
  const config: MailConfig = { smtpUrl: smtpUrl(env), from, to, toByKind, timing, timeouts };
  if (config.smtpUrl) {
    // The lease must outlast the slowest send the transport's timeouts allow: a claim that runs out
    // mid-send lets another replica send the same email again.
    const recipients = Math.max(1, ...ENDPOINT_KINDS.map((kind) => recipientsFor(config, kind).length));
    const worst = worstSendMs(recipients, timeouts);
    if (timing.leaseMs !== undefined && timing.leaseMs <= worst) {
      throw new Error(
        `NOTIFY_LEASE_MS must be longer than the slowest send the SMTP transport allows (${worst} ms with ` +
          `${recipients} recipient(s): connection, greeting and socket timeouts, SMTP_TIMEOUT_MS), or a slow send is sent twice; got ${timing.leaseMs}.`,
      );
    }
    timing.leaseMs ??= worst + LEASE_MARGIN_MS;
    const without = ENDPOINT_KINDS.filter((kind) => recipientsFor(config, kind).length === 0);
    if (without.length > 0) {
      throw new Error(
        `SMTP_URL is set, so every form kind needs a recipient: set NOTIFY_TO (default recipients), ` +
          `or ${without.map(kindVariable).join(', ')}.`,
      );
    }
  }
  return config;
}

/** Who is told about a submission of this kind: NOTIFY_TO_<KIND>, else NOTIFY_TO. */
export function recipientsFor(config: MailConfig, kind: EndpointKind): readonly string[] {
  return config.toByKind[kind] ?? config.to;
}

/** TEAM_EMAILS: who may sign in to the team console, lower-cased. */
export function teamEmails(env: Env): readonly string[] {
  return (addressList(env, 'TEAM_EMAILS') ?? []).map((address) => address.toLowerCase());
}
