import type { Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Access, AuditAction, Permission } from '@wpc/shared/team';
import type { Answer, Named, RouteDeclaration } from '../http/route';
import type { AuditAbout } from '../records/audit/log';
import type { ConsoleContext } from './context';
import type { TeamSession } from '../records/sessions';

export type { Answer, Named };

/** A signed-in request: the session, its address and what that address may do now. */
export interface Signed {
  readonly session: TeamSession;
  readonly email: string;
  readonly access: Access;
}

/** The audit log as a route sees it: only the actions the route declares. */
export interface RouteAudit<A extends AuditAction> {
  record(by: string, action: A, about?: AuditAbout): Promise<void>;
}

/** What a route's handler gets on each request: its checked query and body, and the signed-in person. */
export interface RouteInput<Q, B, P> {
  readonly req: Request;
  readonly res: Response;
  readonly query: Q;
  readonly body: B;
  /** On an open ("public") route, the session only when it declares `session: 'optional'`. */
  readonly signed: P extends 'public' ? Signed | undefined : Signed;
}

export type RouteHandler<Q, B, P> = (input: RouteInput<Q, B, P>) => unknown;

/**
 * A console route, declared once (Ghost's endpoint objects): from it the router checks the
 * session, permission, CSRF token and request, the OpenAPI document describes it, and the access
 * tests ask it as each role.
 */
export interface ConsoleRoute<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  A extends AuditAction = AuditAction,
  P extends Permission | 'public' = Permission | 'public',
> extends RouteDeclaration<Q> {
  readonly permission: P;
  /** An open route that still reads the session when there is one (the session check). */
  readonly session?: 'optional';
  /** Hands out or deletes personal data: only within 15 minutes of using a sign-in link. */
  readonly fresh?: boolean;
  /** A JSON body; a POST without one (sign-out) takes none. */
  readonly body?: Named<B>;
  /** A multipart/form-data body, read by the handler itself; the schema documents its parts. */
  readonly upload?: Named;
  /** A change that reads no body but, like every change, takes only JSON (an empty object). */
  readonly emptyBody?: true;
  /** Answers beyond those the permission and the request imply (401, 403, 400, 415, ...). */
  readonly answers: Readonly<Record<number, Answer>>;
  /** Every action the route records in the audit log (its handler can record no other). */
  readonly audit?: readonly A[];
  /** Handlers run before the checks of an open route (its rate limits). */
  readonly guards?: (context: ConsoleContext) => RequestHandler[];
  /** Made once per app from the console's context. */
  readonly handler: (
    context: Omit<ConsoleContext, 'audit'> & { readonly audit: RouteAudit<A> },
  ) => RouteHandler<z.output<Q>, z.output<B>, P>;
}

/** Declares a route, inferring its query, body and audit types (no runtime work). */
export const consoleRoute = <
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  A extends AuditAction = never,
  P extends Permission | 'public' = Permission | 'public',
>(
  route: ConsoleRoute<Q, B, A, P>,
): ConsoleRoute => route as unknown as ConsoleRoute;
