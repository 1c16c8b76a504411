import type { Router } from 'express';
import type { Logger } from 'pino';
import type { ApiConfig } from '../config';
import type { Mailer } from '../mail/transport';
import type { Notifications } from '../notify/worker';
import { EDITOR_ROUTES } from './editor-routes';
import { contentService, type ContentService } from '../content/service';
import type { Store } from '../store';
import { accessOf } from './access';
import { auditLog } from '../records/audit/log';
import { ConsoleRoutes } from './console-routes';
import type { ConsoleContext } from './context';
import { CONSOLE_ROUTES } from './declarations';
import { UPDATES_TEAM_ROUTES } from './updates-routes';

export interface TeamRoutesOptions {
  readonly store: Store;
  readonly config: ApiConfig;
  readonly logger: Logger;
  readonly mailer?: Mailer;
  /** The outbox, whose state the inbox shows; unset when notifications are off. */
  readonly notifications?: Notifications;
  readonly clock?: () => Date;
  /** Moves updates along at once after a send or a resume (the update sender); unset: at its next round. */
  readonly pokeUpdates?: () => void;
  /** Publishing (issue 28); made over the store when not given. */
  readonly content?: ContentService;
}

/**
 * The team console's API: every route declared with the permission it needs (console-routes.ts).
 * Each part of the console adds its routes here: sign-in, the inbox, members, the audit log, updates,
 * content.
 */
export function teamConsole({
  store,
  config,
  logger,
  mailer,
  notifications,
  clock = () => new Date(),
  pokeUpdates = () => undefined,
  content = contentService({ store, clock }),
}: TeamRoutesOptions): ConsoleRoutes {
  const context: ConsoleContext = {
    store,
    config,
    logger,
    mailer,
    notifications,
    clock,
    accessOf: accessOf(store.members, config.teamEmails),
    audit: auditLog(store.audit, clock),
    pokeUpdates,
    content,
  };
  const routes = new ConsoleRoutes({
    store,
    accessOf: context.accessOf,
    clock,
    jsonLimitBytes: config.jsonLimitBytes,
  });
  for (const route of [...CONSOLE_ROUTES, ...UPDATES_TEAM_ROUTES, ...EDITOR_ROUTES]) routes.add(route, context);
  return routes;
}

export const teamRoutes = (options: TeamRoutesOptions): Router => teamConsole(options).router;
