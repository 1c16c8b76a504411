import os from 'node:os';
import path from 'node:path';
import { FEEDBACK_MAX_FILE_BYTES, FEEDBACK_MAX_FILES } from '@wpc/shared/schemas';
import { ports } from '@wpc/shared/ports';
import { mailConfig, siteOrigin, teamEmails, type MailConfig } from '../mail/config';
import { updatesConfig, type UpdatesConfig } from './updates';

/** CONFIRMATIONS_PER_IP_HOUR and CONFIRMATIONS_PER_HOUR (api/README.md); 0 turns a cap off. */
export interface ConfirmationCaps {
  /** Confirmation emails one client (the rate limit's key: its IP) may cause per hour. */
  readonly perClient: number;
  /** Confirmation emails the whole site sends per hour, every replica together. */
  readonly perHour: number;
}

export interface RateLimitConfig {
  readonly windowMs: number;
  /** Submissions allowed per client IP per window; 0 turns the limiter off. */
  readonly max: number;
}

export interface UploadConfig {
  /** Where multer writes a request's files until they are checked and stored. */
  readonly tmpDir: string;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  /** All stored uploads together may take this much (UPLOADS_MAX_TOTAL_MB). */
  readonly maxTotalBytes: number;
  /** One client address may upload this much a day (UPLOADS_PER_ADDRESS_DAILY_MB). */
  readonly perAddressDailyMb: number;
  /** Files of submissions older than this many months are deleted (UPLOADS_RETENTION_MONTHS). */
  readonly retentionMonths: number;
}

export interface ApiConfig {
  readonly nodeEnv: string;
  readonly port: number;
  readonly mongodbUri?: string;
  /** Database name; when unset the one in MONGODB_URI (or the driver's default) is used. */
  readonly mongodbDb?: string;
  readonly dataDir: string;
  readonly allowedOrigins: readonly string[];
  /** Express "trust proxy" setting, so the rate limiter sees the visitor's IP behind the edge. */
  readonly trustProxy: boolean | number | string;
  /** Bearer token of the team export; unset when ADMIN_TOKEN is missing or too short. */
  readonly adminToken?: string;
  /** Why a given ADMIN_TOKEN was not accepted, for the start-up log and the export's 404. */
  readonly adminTokenError?: string;
  readonly rateLimit: RateLimitConfig;
  /** Confirmation emails the forms send, per client and for the site, per hour. */
  readonly confirmationCaps: ConfirmationCaps;
  /** Console sign-in requests allowed per client IP in 15 minutes (end-to-end runs sign in far more often). */
  readonly teamSignInRateMax: number;
  readonly jsonLimitBytes: number;
  readonly uploads: UploadConfig;
  /** Longest a store call may take before the request is answered 503. */
  readonly storeTimeoutMs: number;
  /** Most store calls outstanding at once; more wait for a slot (within storeTimeoutMs) or get 503. */
  readonly storeMaxInFlight: number;
  /** Longest wait for one batch of rows of an export (not for the whole export). */
  readonly exportTimeoutMs: number;
  /** Longest a client may take to send its request headers. */
  readonly headersTimeoutMs: number;
  /** Longest a JSON request may take to arrive in full (headers and body). */
  readonly bodyTimeoutMs: number;
  /** Longest an upload (multipart request) may take to arrive in full. */
  readonly uploadTimeoutMs: number;
  readonly logLevel: string;
  /** The site's public origin (SITE_ORIGIN), for links in emails. */
  readonly siteOrigin: string;
  /** SMTP_URL, NOTIFY_FROM, NOTIFY_TO and NOTIFY_TO_<KIND>. */
  readonly mail: MailConfig;
  /** TEAM_EMAILS: the team console's admins (lower-cased); admins add the other members in the console. */
  readonly teamEmails: readonly string[];
  /** UPDATES_RATE, UPDATES_POSTAL_ADDRESS, UPDATES_UNSUBSCRIBE_ADDRESS, UPDATES_INBOUND_SMTP_PORT. */
  readonly updates: UpdatesConfig;
  /** AUDIT_RETENTION_DAYS: the console's audit entries are deleted once older than this. */
  readonly auditRetentionDays: number;
  /** CONTENT_IMAGES_UNUSED_DAYS: an uploaded content image no entry or version names is deleted after this. */
  readonly contentImagesUnusedDays: number;
  /** TEST_CLOCK=1: end-to-end tests may move the API's clock forward (test-clock.ts); never in production. */
  readonly testClock: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A shorter bearer token can be guessed; the export is switched off rather than weakly guarded. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Console sign-in requests per client IP in 15 minutes, unless TEAM_SIGN_IN_RATE_MAX says otherwise. */
export const TEAM_SIGN_IN_RATE_MAX = 10;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  }
  return value;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  // By default only a proxy on this machine (the edge server of `npm start`) is believed.
  if (raw === undefined) return 'loopback';
  if (raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // e.g. "loopback" or a comma-separated list of proxy addresses
}

function adminToken(raw: string | undefined): { adminToken?: string; adminTokenError?: string } {
  if (raw === undefined) return {};
  if (raw.length < ADMIN_TOKEN_MIN_LENGTH) {
    return {
      adminTokenError:
        `ADMIN_TOKEN is ${raw.length} character${raw.length === 1 ? '' : 's'} long; it must be at least ${ADMIN_TOKEN_MIN_LENGTH} ` +
        '(e.g. the output of "openssl rand -hex 32"), so the team export is disabled.',
    };
  }
  return { adminToken: raw };
}

/** Set to 1 to run in production at an http:// SITE_ORIGIN on purpose (a local production-like stack). */
export const ALLOW_HTTP_ORIGIN = 'ALLOW_HTTP_SITE_ORIGIN';

/**
 * A production site at an http origin sends one-click unsubscribe URLs that RFC 8058 forbids
 * (providers ignore them), no HSTS and no Secure cookies: so it is a mistake unless it says so.
 */
function refusePlainHttp(env: Env): void {
  const origin = text(env, 'SITE_ORIGIN');
  if (origin === undefined || !/^http:/i.test(origin) || text(env, ALLOW_HTTP_ORIGIN) === '1') return;
  throw new Error(
    `SITE_ORIGIN is "${origin}" in production; it must be https: RFC 8058 one-click unsubscribe needs an https URL, ` +
      'and without https the site sends no HSTS and its cookies cannot be Secure. ' +
      `Set ${ALLOW_HTTP_ORIGIN}=1 only for a production-like stack that has no TLS on purpose (e.g. docker compose on localhost).`,
  );
}

/** Reads the API's settings from the environment, with development-friendly defaults. */
export function loadConfig(env: Env = process.env): ApiConfig {
  const nodeEnv = text(env, 'NODE_ENV') ?? 'development';
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1);
  const uploadTimeoutMs = integer(env, 'UPLOAD_TIMEOUT_MS', 300_000, 1);
  if (headersTimeoutMs > uploadTimeoutMs)
    throw new Error('HEADERS_TIMEOUT_MS must not be longer than UPLOAD_TIMEOUT_MS');
  const origins = text(env, 'ALLOWED_ORIGINS');
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  // Sign-in links and notifications name it: a production default would send the team to localhost.
  if (nodeEnv === 'production' && text(env, 'SITE_ORIGIN') === undefined) {
    throw new Error(
      'SITE_ORIGIN must be set in production: the links in sign-in and notification emails name it (e.g. "https://www.example.org").',
    );
  }
  if (nodeEnv === 'production') refusePlainHttp(env);
  const testClock = text(env, 'TEST_CLOCK') === '1';
  // A clock anyone can move would publish scheduled entries early and end every session.
  if (testClock && nodeEnv === 'production')
    throw new Error('TEST_CLOCK is for end-to-end tests only: unset it, a production API keeps real time.');
  const origin = siteOrigin(env);
  return {
    nodeEnv,
    port: ports.api, // API_PORT, read once by the shared port table
    mongodbUri: text(env, 'MONGODB_URI'),
    mongodbDb: text(env, 'MONGODB_DB'),
    dataDir,
    allowedOrigins: origins
      ? origins
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : nodeEnv === 'production'
        ? []
        : DEV_ORIGINS,
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    ...adminToken(text(env, 'ADMIN_TOKEN')),
    rateLimit: {
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1),
      max: integer(env, 'RATE_LIMIT_MAX', 60),
    },
    confirmationCaps: {
      // A visitor subscribes once or twice; a fourth address from one client in an hour is someone else's.
      perClient: integer(env, 'CONFIRMATIONS_PER_IP_HOUR', 3),
      // Far above a busy hour's genuine sign-ups; bounds what many clients together can send strangers.
      perHour: integer(env, 'CONFIRMATIONS_PER_HOUR', 100),
    },
    teamSignInRateMax: integer(env, 'TEAM_SIGN_IN_RATE_MAX', TEAM_SIGN_IN_RATE_MAX, 1),
    jsonLimitBytes: 100 * 1024,
    uploads: {
      tmpDir: path.resolve(text(env, 'UPLOAD_TMP_DIR') ?? path.join(os.tmpdir(), 'wpc-api-uploads')),
      maxFiles: FEEDBACK_MAX_FILES,
      maxFileBytes: FEEDBACK_MAX_FILE_BYTES,
      // 10 GB; a disk's size is the operator's to know, so it is a setting.
      maxTotalBytes: integer(env, 'UPLOADS_MAX_TOTAL_MB', 10 * 1024, 1) * 1024 * 1024,
      // Ten full feedback forms' worth: far more than anyone sends in earnest, far less than a flood.
      perAddressDailyMb: integer(env, 'UPLOADS_PER_ADDRESS_DAILY_MB', 200, 1),
      // Two years: a feedback round's files stay while the team works with them, not forever.
      retentionMonths: integer(env, 'UPLOADS_RETENTION_MONTHS', 24, 1),
    },
    storeTimeoutMs: integer(env, 'STORE_TIMEOUT_MS', 1500, 1),
    storeMaxInFlight: integer(env, 'STORE_MAX_IN_FLIGHT', 8, 1),
    // A server that cannot sort from an index (FerretDB 1.x) reads and sorts every row before
    // the first batch: 100,000 rows took 40-65 s on a 2-core machine.
    exportTimeoutMs: integer(env, 'EXPORT_TIMEOUT_MS', 120_000, 1),
    headersTimeoutMs,
    bodyTimeoutMs: integer(env, 'BODY_TIMEOUT_MS', 15_000, 1),
    uploadTimeoutMs,
    logLevel: text(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    siteOrigin: origin,
    mail: mailConfig(env, origin),
    teamEmails: teamEmails(env),
    updates: updatesConfig(env, origin),
    // A little over a year: last year's actions can still be looked up at the same time this year.
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 400, 1),
    // A month: an upload abandoned in an editor is kept while its draft may still be finished.
    contentImagesUnusedDays: integer(env, 'CONTENT_IMAGES_UNUSED_DAYS', 30, 1),
    testClock,
  };
}
