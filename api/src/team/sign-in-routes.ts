import type { Response } from 'express';
import {
  currentSessionSchema,
  sessionRequestSchema,
  sessionSchema,
  signInAcceptedSchema,
  signInRequestSchema,
  type TeamSession as SessionAnswer,
} from '@wpc/shared/team/schemas';
import type { Access } from '@wpc/shared/team';
import { HttpError, sendError } from '../http/errors';
import { limiter } from '../http/rate-limit';
import { mailErrorReason } from '../mail/transport';
import { okSchema } from '@wpc/shared/answers';
import { consoleRoute } from './console-route';
import type { ConsoleContext } from './context';
import { clearSessionCookie, freshUntil, newToken, setSessionCookie, SESSION_COOKIE, tokenHash } from './session';
import type { TeamSession } from '../records/sessions';
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

const cookieOptions = ({ config }: Pick<ConsoleContext, 'config'>) => ({ secure: config.nodeEnv === 'production' });
const ok = { name: 'Ok', schema: okSchema };
const signedOut = (description: string) => ({ description, schema: ok });

/** Sign-in by emailed link, the session check, sign-out and sign-out everywhere. */
export const signInRoutes = [
  consoleRoute({
    method: 'POST',
    path: '/sign-in',
    permission: 'public',
    operationId: 'teamSignIn',
    summary: 'Ask for a sign-in link',
    description:
      'A team member (TEAM_EMAILS) receives a link by email that signs in once, within 15 minutes. Every address gets ' +
      'the same answer, so the answer tells nothing about who is on the team.',
    body: { name: 'TeamSignInRequest', schema: signInRequestSchema, examples: [{ email: 'coordinator@example.org' }] },
    invalid: 'Enter your email address.',
    answers: {
      202: {
        description: 'Accepted (whether or not a link is sent).',
        schema: { name: 'TeamSignInAccepted', schema: signInAcceptedSchema },
      },
      429: { description: 'Too many sign-in attempts from this address: at most 10 per 15 minutes.' },
    },
    guards: ({ config, store }) =>
      limiter({ windowMs: SIGN_IN_RATE_WINDOW_MS, max: config.teamSignInRateMax }, store.rateCounts, {
        name: 'team-sign-in',
        message: 'Too many sign-in requests from your address. Please wait a few minutes and try again.',
      }),
    handler: ({ store, config, logger, mailer, clock, accessOf }) => {
      const links = signInLinks({
        store,
        accessOf,
        siteOrigin: config.siteOrigin,
        production: config.nodeEnv === 'production',
        mailer,
        logger,
        clock,
      });
      return ({ res, body }) => {
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
      };
    },
  }),

  consoleRoute({
    method: 'POST',
    path: '/session',
    permission: 'public',
    operationId: 'teamStartSession',
    summary: 'Follow a sign-in link: start a session',
    description: `Sets the ${SESSION_COOKIE} cookie (HttpOnly, SameSite=Strict, Secure in production). A link works once.`,
    body: { name: 'TeamSessionRequest', schema: sessionRequestSchema },
    invalid: 'This sign-in link is not complete.',
    answers: {
      201: {
        description: 'Signed in.',
        headers: {
          'Set-Cookie': {
            description: `${SESSION_COOKIE}=...; Path=/api/team; HttpOnly; SameSite=Strict`,
            schema: { type: 'string' },
          },
        },
        schema: { name: 'TeamSession', schema: sessionSchema },
      },
      401: {
        description: 'The link expired (15 minutes) or was already used, or its address is no longer on the team.',
      },
      429: { description: 'Too many refused links from this address: at most 10 per 15 minutes.' },
    },
    audit: ['sign-in', 'sign-in-refused'],
    guards: ({ store }) =>
      limiter(REFUSED_LINK_RATE, store.rateCounts, {
        name: 'team-session',
        message: 'Too many sign-in links were refused from your address. Please wait a few minutes and try again.',
        skipSuccessfulRequests: true,
      }),
    handler: (context) => {
      const { store, clock, accessOf, audit } = context;
      const refuse = async (res: Response, by: string, detail: string) => {
        await audit.record(by, 'sign-in-refused', { detail });
        sendError(res, new HttpError(401, 'This sign-in link has expired or was already used. Ask for a new one.'));
      };
      return async ({ res, body }) => {
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
        setSessionCookie(res, token, cookieOptions(context));
        res.status(201).json(sessionAnswer(session, access));
      };
    },
  }),

  // Answers 200 either way: a signed-out visitor of the console is normal, not an error in the browser's console.
  consoleRoute({
    method: 'GET',
    path: '/session',
    permission: 'public',
    session: 'optional',
    operationId: 'teamCurrentSession',
    summary: 'Who is signed in, and the CSRF token for changes',
    description: 'Answers signedIn: false without a session (or after it ended), rather than an error.',
    answers: {
      200: {
        description: 'The session, or signedIn: false.',
        schema: { name: 'TeamCurrentSession', schema: currentSessionSchema },
      },
    },
    handler:
      () =>
      ({ res, signed }) => {
        res.json(signed ? sessionAnswer(signed.session, signed.access) : { signedIn: false });
      },
  }),

  consoleRoute({
    method: 'POST',
    path: '/sign-out',
    permission: 'signed-in',
    operationId: 'teamSignOut',
    summary: 'End the session',
    answers: { 200: signedOut('Signed out.') },
    audit: ['sign-out'],
    handler:
      (context) =>
      async ({ res, signed: { session, email } }) => {
        await context.store.sessions.delete(session.tokenHash);
        // A link asked for on this device and not followed would sign the next person in.
        await context.store.sessions.endSignInTokens(email);
        await context.audit.record(email, 'sign-out');
        clearSessionCookie(res, cookieOptions(context));
        res.json({ ok: true });
      },
  }),

  // Every browser and device of this address: a lost laptop, a shared computer left signed in.
  consoleRoute({
    method: 'POST',
    path: '/sign-out-everywhere',
    permission: 'signed-in',
    operationId: 'teamSignOutEverywhere',
    summary: 'End every session of the signed-in address, on every browser and device',
    answers: { 200: signedOut('Every session ended.') },
    audit: ['sign-out-everywhere'],
    handler:
      (context) =>
      async ({ res, signed: { email } }) => {
        const sessions = await context.store.sessions.deleteAll(email);
        const links = await context.store.sessions.endSignInTokens(email);
        await context.audit.record(email, 'sign-out-everywhere', { counts: { sessions, links } });
        clearSessionCookie(res, cookieOptions(context));
        res.json({ ok: true });
      },
  }),
];
