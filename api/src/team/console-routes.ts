import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { can, CSRF_HEADER, TEAM_API, type Permission } from '@wpc/shared/team';
import { HttpError, sendError } from '../http/errors';
import type { Store } from '../store';
import type { AccessOf } from './access';
import type { ConsoleRoute, Signed } from './console-route';
import type { ConsoleContext } from './context';
import { parse } from '../http/requests';
import { z } from 'zod';
import { currentSession, freshUntil, SIGNED_OUT } from './session';

/** A console route as declared: what it needs ("public": sign-in, the session check). */
export interface DeclaredRoute {
  readonly method: 'GET' | 'POST';
  /** Under TEAM_API, with Express parameters (":submissionId"). */
  readonly path: string;
  readonly permission: Permission | 'public';
  /** Erasure and exports of personal data: only within 15 minutes of using a sign-in link. */
  readonly fresh?: boolean;
}

export interface ConsoleRoutesOptions {
  readonly store: Pick<Store, 'sessions'>;
  readonly accessOf: AccessOf;
  readonly clock: () => Date;
  readonly jsonLimitBytes: number;
}

export const SIGN_IN_AGAIN =
  'Exports and erasure need a fresh sign-in: ask for a new link, use it, and try again within 15 minutes.';

export const ACCESS_ENDED =
  'Your access to the team console has ended. Ask an admin of the console if you need it again.';

/** What a permission is, in a 403's message. */
const NEEDS: Readonly<Record<string, string>> = {
  inbox: 'the inbox (form submissions)',
  updates: 'updates to subscribers',
  content: 'content of any area',
  admin: 'admin tasks (members and the audit log)',
};
export const forbidden = (permission: Permission) =>
  `This needs ${NEEDS[permission] ?? `content of the ${permission.slice('content:'.length)} area`}, which your roles do not include. Ask an admin of the console if you need it.`;

function sameText(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const signedOf = (res: Response) => (res.locals as { signed: Signed }).signed;

/**
 * Every change needs the session's CSRF token in X-CSRF-Token. Another site cannot read it,
 * and cannot send the header without a CORS preflight the API refuses; the SameSite=Strict
 * cookie is a second wall, not the only one.
 */
const requireCsrf: RequestHandler = (req, res, next) => {
  const given = req.get(CSRF_HEADER);
  if (!given || !sameText(given, signedOf(res).session.csrfToken)) {
    sendError(
      res,
      new HttpError(403, `This change needs the console's ${CSRF_HEADER} header. Reload the page and try again.`),
    );
    return;
  }
  next();
};

const requireJson: RequestHandler = (req, res, next) => {
  // JSON only: a cross-site HTML form cannot send it without a CORS preflight, which is refused.
  if (req.is('application/json') !== 'application/json') {
    sendError(res, new HttpError(415, 'Send the request as application/json.'));
    return;
  }
  next();
};

/** The body of a route that takes none: `{}`, as the document says (no other field is accepted). */
const EMPTY_BODY = z.object({}).strict();

/**
 * The console's routes, each declaring the permission it needs. A declared route answers 401
 * without a session, or when its address is no longer an admin or a member (the session is then
 * ended); 403 when the roles lack the permission; and, for a change (POST), 403 without the
 * session's CSRF token and 415 for anything but JSON. Features declare theirs
 * (console-route.ts) and `add` them. `declared` lists them all for the tests.
 */
export class ConsoleRoutes {
  readonly router = Router();
  readonly declared: DeclaredRoute[] = [];
  readonly json: RequestHandler;

  constructor(private readonly options: ConsoleRoutesOptions) {
    this.json = express.json({ limit: options.jsonLimitBytes, type: 'application/json' });
    this.router.use(TEAM_API, (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      res.set('X-Robots-Tag', 'noindex, nofollow');
      next();
    });
  }

  /** A declared route (console-route.ts): its checks, then its request parsed by its schemas, then its handler. */
  add(route: ConsoleRoute, context: ConsoleContext): void {
    const { method, path, permission, fresh = false } = route;
    this.declared.push({ method, path, permission, fresh });
    const handle = route.handler(context);
    const invalid = route.invalid ?? 'The request is not valid.';
    const run: RequestHandler = async (req, res) => {
      const query: unknown = route.query ? parse(route.query, req.query, res, invalid) : undefined;
      if (route.query && query === undefined) return;
      const schema = route.body?.schema ?? (route.emptyBody ? EMPTY_BODY : undefined);
      const body: unknown = schema ? parse(schema, req.body, res, invalid) : undefined;
      if (schema && body === undefined) return;
      const signed = route.session === 'optional' ? await this.signed(req) : signedOf(res);
      await handle({ req, res, query, body, signed });
    };
    const json = route.body || route.emptyBody ? [requireJson, this.json] : [];
    const checks =
      permission === 'public'
        ? (route.guards?.(context) ?? [])
        : [this.access(permission, fresh), ...(method === 'POST' ? [requireCsrf] : [])];
    const handlers = [...checks, ...json, run];
    if (method === 'GET') this.router.get(`${TEAM_API}${path}`, ...handlers);
    else this.router.post(`${TEAM_API}${path}`, ...handlers);
  }

  /** The signed-in session and its access now, or undefined. */
  async signed(req: Request): Promise<Signed | undefined> {
    const found = await this.resolve(req);
    return found === 'access-ended' ? undefined : found;
  }

  /** As signed(), telling a session whose address lost its access (the session is ended then). */
  private async resolve(req: Request): Promise<Signed | 'access-ended' | undefined> {
    const { store, accessOf, clock } = this.options;
    const session = await currentSession(req, store, clock());
    if (!session) return undefined;
    const access = await accessOf(session.email);
    if (!access) {
      await store.sessions.delete(session.tokenHash);
      return 'access-ended';
    }
    return { session, email: session.email, access };
  }

  private access(permission: Permission, fresh: boolean): RequestHandler {
    return async (req, res, next) => {
      const signed = await this.resolve(req);
      if (!signed || signed === 'access-ended') {
        sendError(res, new HttpError(401, signed ? ACCESS_ENDED : SIGNED_OUT));
        return;
      }
      if (!can(signed.access, permission)) {
        sendError(res, new HttpError(403, forbidden(permission)));
        return;
      }
      if (fresh && this.options.clock().getTime() >= freshUntil(signed.session).getTime()) {
        sendError(res, new HttpError(403, SIGN_IN_AGAIN));
        return;
      }
      (res.locals as { signed: Signed }).signed = signed;
      next();
    };
  }
}
