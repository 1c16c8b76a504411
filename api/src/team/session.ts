import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError, sendError } from '../http/errors';
import { CSRF_HEADER, TEAM_API } from '@wpc/shared/team';
import type { Store } from '../store';
import type { TeamSession } from './sessions';

/** A sign-in link works for this long after it was sent. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session (idle time is exact to within it). */
const TOUCH_EVERY_MS = 60 * 1000;
export const SESSION_COOKIE = 'wpc_team_session';
/** The cookie goes to the team API only, never to pages or other endpoints. */
export const SESSION_COOKIE_PATH = TEAM_API;

/** 256 random bits, URL-safe: a sign-in token, a session token or a CSRF token. */
export const newToken = () => randomBytes(32).toString('base64url');
/** What the store keeps of a token: a leaked database holds no usable link or session. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function sameText(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

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

export interface SessionLocals {
  session: TeamSession;
}

/** The session of a request, or undefined: unknown, ended, or idle for 12 h (then forgotten). */
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
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) {
    await store.sessions.delete(hash);
    return undefined;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await store.sessions.touch(hash, now);
    return { ...session, lastSeenAt: now };
  }
  return session;
}

const SIGNED_OUT = 'Please sign in to the team console.';

/** Only signed-in team members pass; the session is in res.locals.session. */
export function requireSession(store: Pick<Store, 'sessions'>, clock: () => Date): RequestHandler {
  return (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    currentSession(req, store, clock()).then((session) => {
      if (!session) {
        sendError(res, new HttpError(401, SIGNED_OUT));
        return;
      }
      (res.locals as SessionLocals).session = session;
      next();
    }, next);
  };
}

/**
 * Every change needs the session's CSRF token in X-CSRF-Token. Another site cannot read it,
 * and cannot send the header without a CORS preflight the API refuses; the SameSite=Strict
 * cookie is a second wall, not the only one.
 */
export const requireCsrf: RequestHandler = (req, res, next) => {
  const { session } = res.locals as SessionLocals;
  const given = req.get(CSRF_HEADER);
  if (!given || !sameText(given, session.csrfToken)) {
    sendError(
      res,
      new HttpError(403, `This change needs the console's ${CSRF_HEADER} header. Reload the page and try again.`),
    );
    return;
  }
  next();
};
