import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { TEAM_API } from '@wpc/shared/team';
import type { Store } from '../store';
import type { TeamSession } from '../records/sessions';

/** A sign-in link works for this long after it was sent. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/**
 * A session ends this long after its link was used, however busy (OWASP ASVS 3.3: an absolute
 * limit). A working week and a weekend: the team signs in again about once a week.
 */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Erasure and exports of personal data need a session started by a link within this long: the
 * person shows again that they hold the mailbox (a fresh link), not only an old cookie.
 */
export const REAUTHENTICATE_AFTER_MS = 15 * 60 * 1000;
/** lastSeenAt is written at most this often per session (idle time is exact to within it). */
const TOUCH_EVERY_MS = 60 * 1000;
export const SESSION_COOKIE = 'wpc_team_session';
/** The cookie goes to the team API only, never to pages or other endpoints. */
export const SESSION_COOKIE_PATH = TEAM_API;

/** 256 random bits, URL-safe: a sign-in token, a session token or a CSRF token. */
export const newToken = () => randomBytes(32).toString('base64url');
/** What the store keeps of a token: a leaked database holds no usable link or session. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The value of one cookie of the request, without a cookie-parsing dependency. */
export function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export interface SessionCookieOptions {
  /** Secure in production (HTTPS); plain http://localhost during development and tests. */
  readonly secure: boolean;
}

export function setSessionCookie(res: Response, token: string, { secure }: SessionCookieOptions): void {
  // No Max-Age: the store ends the session after 12 h idle; the cookie ends with the browser too.
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: SESSION_COOKIE_PATH });
}

export function clearSessionCookie(res: Response, { secure }: SessionCookieOptions): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: SESSION_COOKIE_PATH });
}

/** Until when a session may erase and export personal data without a fresh link. */
export const freshUntil = (session: Pick<TeamSession, 'createdAt'>) =>
  new Date(session.createdAt.getTime() + REAUTHENTICATE_AFTER_MS);

/** The session of a request, or undefined: unknown, ended, idle for 12 h or started 7 days ago (then forgotten). */
export async function currentSession(
  req: Request,
  store: Pick<Store, 'sessions'>,
  now: Date,
): Promise<TeamSession | undefined> {
  const token = cookieOf(req, SESSION_COOKIE);
  if (!token || token.length > 100) return undefined;
  const hash = tokenHash(token);
  const session = await store.sessions.find(hash);
  if (!session) return undefined;
  if (
    now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS ||
    now.getTime() - session.createdAt.getTime() >= SESSION_LIFETIME_MS
  ) {
    await store.sessions.delete(hash);
    return undefined;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await store.sessions.touch(hash, now);
    return { ...session, lastSeenAt: now };
  }
  return session;
}

export const SIGNED_OUT = 'Please sign in to the team console.';
