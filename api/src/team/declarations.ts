import { IMPACT_TEAM_ROUTES } from './impact-routes';
import { auditRoutes } from './audit-routes';
import type { ConsoleRoute } from './console-route';
import { inboxRoutes } from './inbox-routes';
import { memberRoutes } from './member-routes';
import { signInRoutes } from './sign-in-routes';

/** The console's routes declared as data (console-route.ts); the router, the document and the access tests read this list. */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  ...signInRoutes,
  ...inboxRoutes,
  ...memberRoutes,
  ...auditRoutes,
  ...IMPACT_TEAM_ROUTES,
];
