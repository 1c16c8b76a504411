import { randomUUID } from 'node:crypto';
import cors from 'cors';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { ApiConfig } from './config';
import { errorHandler, HttpError, sendError } from './http/errors';
import { limiter } from './http/rate-limit';
import { securityHeaders } from './http/security-headers';
import { createLogger, requestLogger } from './logger';
import { ADMIN_ROUTES } from './routes/admin';
import { ASSESSMENT_ROUTES } from './routes/assessment';
import { benchmarkService } from './assessment/benchmarks';
import { HEALTH_ROUTE } from './routes/health';
import { impactCounter, type ImpactCounter } from './impact/counter';
import { IMPACT_ROUTES, impactDeps } from './impact/routes';
import type { Notifications } from './notify/worker';
import { openApiRoutes } from './openapi/routes';
import { FORM_POST_ROUTE } from './routes/form-posts';
import { TEAM_API } from '@wpc/shared/team';
import { SUBMIT_ROUTES } from './routes/submit';
import type { AfterStoredFrom } from './submissions/submit';
import { confirmationAllowed } from './updates/confirmation-caps';
import { teamRoutes } from './team/routes';
import type { ContentModels } from './content/models';
import { PUBLIC_CONTENT_ROUTES } from './content/public-routes';
import { publicRouter } from './http/public-route';
import { contentService, type ContentService } from './content/service';
import { mailerFor, type Mailer } from './mail/transport';
import { testClockRoutes, type MovableClock } from './test-clock';
import type { Store } from './store';
import { UPDATES_ROUTES } from './updates/routes';
import { subscribeFromSubmission, type SubscriberDeps } from './updates/subscribers';

export interface AppDependencies {
  readonly store: Store;
  readonly config: ApiConfig;
  readonly logger?: Logger;
  /** Milliseconds since the epoch, for the benchmark cache and the team console's sessions; tests pass their own. */
  readonly clock?: () => number;
  /** Sends the team console's sign-in links; made from SMTP_URL when not given (none when it is unset). */
  readonly mailer?: Mailer;
  /** The team notifications (outbox worker); unset when SMTP_URL is unset: nothing is queued. */
  readonly notifications?: Notifications;
  /** The areas' content declarations; read from each remote's origin when not given. */
  readonly contentModels?: ContentModels;
  /** Publishing over this store (server.ts shares it with the seed loader); made here when not given. */
  readonly content?: ContentService;
  /** The mail worker and the update sender (server.ts); without them emails wait in the store for one. */
  readonly updates?: UpdatesMachinery;
  /** TEST_CLOCK=1 only: the clock (also given as `clock`) that `POST /api/test/clock` moves. */
  readonly testClock?: MovableClock;
  /** The Impact counts (issue 40); server.ts shares its counter with the update machinery. */
  readonly impact?: ImpactCounter;
}

/** What the updates' routes ask of the running machinery. */
export interface UpdatesMachinery {
  readonly mail: SubscriberDeps['mail'];
  /** Moves updates along now (a send or a resume), rather than at the sender's next round. */
  poke(): void;
}

/** Without a worker: Message-IDs still made, nothing nudged (a worker started later sweeps the store). */
export function idleMachinery(siteOrigin: string): UpdatesMachinery {
  const host = new URL(siteOrigin).hostname;
  return { mail: { messageId: () => `<${randomUUID()}@${host}>`, queued: () => undefined }, poke: () => undefined };
}

/** The API as an Express app, without listening: server.ts listens, tests use it in-process. */
export function createApp({
  store,
  config,
  logger = createLogger(config.logLevel),
  clock,
  mailer = mailerFor(config.mail),
  notifications,
  updates = idleMachinery(config.siteOrigin),
  contentModels,
  content: givenContent,
  testClock,
  impact: givenImpact,
}: AppDependencies): Express {
  const app = express();
  // Every store call is bounded, so an unreachable store answers 503 instead of hanging.
  const guardedStore = store.bound({
    timeoutMs: config.storeTimeoutMs,
    maxInFlight: config.storeMaxInFlight,
    exportTimeoutMs: config.exportTimeoutMs,
    logger,
  });

  app.set('trust proxy', config.trustProxy);
  // Flat query strings only: no nested objects reach the export filters.
  app.set('query parser', 'simple');
  app.disable('x-powered-by');
  app.use(requestLogger(logger));
  app.use(securityHeaders(config));
  // Every route is under /api; mounted without a path so requests skip a prefix match.
  const crossOrigin = cors({
    // Same-origin and non-browser requests carry no Origin header.
    origin: (origin, callback) => callback(null, !origin || config.allowedOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Idempotent-Replayed'],
    maxAge: 600,
  });
  // The team console's API is same-origin only: no listed origin may read it or send its session
  // cookie along (a browser refuses without these headers, and its preflight gets none).
  app.use((req, res, next) => (req.path.startsWith(TEAM_API) ? next() : crossOrigin(req, res, next)));

  // One limiter for every submission, shared results included: one budget per address.
  const submitGuards = limiter(config.rateLimit, guardedStore.rateCounts, {
    name: 'submit',
    message: 'Too many submissions from your address. Please wait a minute and try again.',
  });
  // The submit endpoints before the others: a router that has no route for a request hands it
  // on in a later turn of the event loop, so each router ahead of them costs every submission one.
  const impact =
    givenImpact ??
    impactCounter({
      store: guardedStore,
      clock: () => new Date(clock?.() ?? Date.now()),
      logger,
      siteOrigin: config.siteOrigin,
    });
  const subscribers: SubscriberDeps = {
    store: guardedStore,
    clock: () => new Date(clock?.() ?? Date.now()),
    mail: updates.mail,
    impact,
  };
  // A visitor who asked for updates: the subscription (and its confirmation email) before the answer,
  // whether the form was sent by its script or posted without one. Counted first (in memory).
  const afterStored: AfterStoredFrom = (submission, client, repeat) => {
    // A retry of a stored form (same Idempotency-Key) is one form sent, not two.
    if (!repeat) impact.submitted(submission);
    return subscribeFromSubmission(subscribers, submission, () =>
      confirmationAllowed(guardedStore.rateCounts, config.confirmationCaps, client),
    );
  };
  const submitDeps = { store: guardedStore, config, guards: submitGuards, notifications, afterStored };
  app.use(publicRouter(SUBMIT_ROUTES, submitDeps));
  app.use(publicRouter([FORM_POST_ROUTE], submitDeps));
  app.use(publicRouter([HEALTH_ROUTE], { store: guardedStore, notifications, timeoutMs: config.storeTimeoutMs }));
  app.use(
    publicRouter(ASSESSMENT_ROUTES, {
      store: guardedStore,
      config,
      logger,
      guards: submitGuards,
      benchmarks: benchmarkService({ store: guardedStore, clock }),
      impact,
    }),
  );
  app.use(publicRouter(IMPACT_ROUTES, impactDeps({ counter: impact, store: guardedStore, clock })));
  app.use(
    publicRouter(ADMIN_ROUTES, {
      store: guardedStore,
      adminToken: config.adminToken,
      adminTokenError: config.adminTokenError,
      logger,
      guards: limiter(config.rateLimit, guardedStore.rateCounts, {
        name: 'admin',
        message: 'Too many failed attempts. Please wait and try again.',
        skipSuccessfulRequests: true,
      }),
    }),
  );
  const content =
    givenContent ??
    contentService({
      store: guardedStore,
      models: contentModels,
      clock: clock && (() => new Date(clock())),
    });
  app.use(publicRouter(PUBLIC_CONTENT_ROUTES, { content, images: guardedStore.contentImages }));
  app.use(
    teamRoutes({
      store: guardedStore,
      config,
      logger,
      mailer,
      notifications,
      clock: clock && (() => new Date(clock())),
      pokeUpdates: () => updates.poke(),
      content,
    }),
  );
  app.use(
    publicRouter(UPDATES_ROUTES, {
      deps: subscribers,
      store: guardedStore,
      jsonLimitBytes: config.jsonLimitBytes,
      siteOrigin: config.siteOrigin,
      clock: () => new Date(clock?.() ?? Date.now()),
    }),
  );
  app.use(openApiRoutes(config));
  if (testClock) app.use(testClockRoutes(testClock));

  app.use((_req, res) => sendError(res, new HttpError(404, 'Not found.')));
  app.use(
    errorHandler({
      logger,
      maxFiles: config.uploads.maxFiles,
      maxFileBytes: config.uploads.maxFileBytes,
      jsonLimitBytes: config.jsonLimitBytes,
    }),
  );
  return app;
}
