import type { Response } from 'express';
import { sessionRequestSchema, signInRequestSchema, type TeamSession as SessionAnswer } from '@wpc/shared/team/schemas';
import type { Access } from '@wpc/shared/team';
import { HttpError, sendError } from '../http/errors';
import { limiter } from '../http/rate-limit';
import { mailErrorReason } from '../mail/transport';
import type { ConsoleRoutes } from './console-routes';
import type { ConsoleContext } from './context';
import { parse } from './requests';
import { clearSessionCookie, freshUntil, newToken, setSessionCookie, tokenHash } from './session';
import type { TeamSession } from './sessions';
import { signInLinks } from './sign-in';

/** Sign-in requests per client address per window (listed or not, the answer is the same). */
/** Per client IP; its max is the deployment's (config.teamSignInRateMax, 10 unless set). */
export const SIGN_IN_RATE_WINDOW_MS = 15 * 60 * 1000;
/**
 * Refused sign-in links per client address per window. Guessing a token is hopeless (256 random
 * bits); the limit keeps one address from filling the audit log with refusals.
 */
export const REFUSED_LINK_RATE = { max: 10, windowMs: 15 * 60 * 1000 };

/** Who the audit names for a link that matched no one. */
const UNKNOWN = 'unknown';

export const sessionAnswer = (session: TeamSession, access: Access): SessionAnswer => ({
  signedIn: true,
  email: session.email,
  csrfToken: session.csrfToken,
  admin: access.admin,
  roles: [...access.roles],
  freshUntil: freshUntil(session).toISOString(),
});

/** Sign-in by emailed link, the session check, sign-out and sign-out everywhere. */
export function signInRoutes(routes: ConsoleRoutes, context: ConsoleContext): void {
  const { store, config, logger, mailer, clock, accessOf, audit } = context;
  const cookie = { secure: config.nodeEnv === 'production' };
  const links = signInLinks({
    store,
    accessOf,
    siteOrigin: config.siteOrigin,
    production: config.nodeEnv === 'production',
    mailer,
    logger,
    clock,
  });
  const signInGuard = limiter({ windowMs: SIGN_IN_RATE_WINDOW_MS, max: config.teamSignInRateMax }, store.rateCounts, {
    name: 'team-sign-in',
    message: 'Too many sign-in requests from your address. Please wait a few minutes and try again.',
  });
  const refusedGuard = limiter(REFUSED_LINK_RATE, store.rateCounts, {
    name: 'team-session',
    message: 'Too many sign-in links were refused from your address. Please wait a few minutes and try again.',
    skipSuccessfulRequests: true,
  });
  const refuse = async (res: Response, by: string, detail: string) => {
    await audit.record(by, 'sign-in-refused', { detail });
    sendError(res, new HttpError(401, 'This sign-in link has expired or was already used. Ask for a new one.'));
  };

  routes.open('POST', '/sign-in', ...signInGuard, routes.requireJson, routes.json, (req, res) => {
    const body = parse(signInRequestSchema, req.body, res, 'Enter your email address.');
    if (!body) return;
    // Answered before anything is looked up or sent, so listed and unlisted addresses take the same time.
    res.status(202).json({
      message: 'If this address belongs to the team, a sign-in link is on its way. It works once, for 15 minutes.',
    });
    links.request(body.email).catch((error: unknown) =>
      // The SMTP server's answer may echo the recipient: addresses are masked, so no address reaches the log.
      logger.error(
        { reason: mailErrorReason(error).replace(/[^\s<>"]+@[^\s<>"]+/g, '<address>') },
        'sign-in link not sent',
      ),
    );
  });

  routes.open('POST', '/session', ...refusedGuard, routes.requireJson, routes.json, async (req, res) => {
    const body = parse(sessionRequestSchema, req.body, res, 'This sign-in link is not complete.');
    if (!body) return;
    const now = clock();
    const email = await store.sessions.takeSignInToken(tokenHash(body.token), now);
    if (!email) {
      await refuse(res, UNKNOWN, 'the link had expired or was already used');
      return;
    }
    const access = await accessOf(email);
    if (!access) {
      await refuse(res, email, 'the address is no longer an admin or a member');
      return;
    }
    const token = newToken();
    const session: TeamSession = {
      tokenHash: tokenHash(token),
      email,
      csrfToken: newToken(),
      createdAt: now,
      lastSeenAt: now,
    };
    await store.sessions.save(session);
    await audit.record(email, 'sign-in');
    setSessionCookie(res, token, cookie);
    res.status(201).json(sessionAnswer(session, access));
  });

  // Answers 200 either way: a signed-out visitor of the console is normal, not an error in the browser's console.
  routes.open('GET', '/session', async (req, res) => {
    const signed = await routes.signed(req);
    res.json(signed ? sessionAnswer(signed.session, signed.access) : { signedIn: false });
  });

  routes.post(
    '/sign-out',
    'signed-in',
    async (_req, res, { session, email }) => {
      await store.sessions.delete(session.tokenHash);
      // A link asked for on this device and not followed would sign the next person in.
      await store.sessions.endSignInTokens(email);
      await audit.record(email, 'sign-out');
      clearSessionCookie(res, cookie);
      res.json({ ok: true });
    },
    { json: false },
  );

  // Every browser and device of this address: a lost laptop, a shared computer left signed in.
  routes.post(
    '/sign-out-everywhere',
    'signed-in',
    async (_req, res, { email }) => {
      const sessions = await store.sessions.deleteAll(email);
      const links = await store.sessions.endSignInTokens(email);
      await audit.record(email, 'sign-out-everywhere', { counts: { sessions, links } });
      clearSessionCookie(res, cookie);
      res.json({ ok: true });
    },
    { json: false },
  );
}
