import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createApp } from './app';
import { startSeedLoading } from './content/seed-loader';
import { unusedContentImagesJob } from './content/image-sweep';
import { contentService } from './content/service';
import { loadConfig } from './config';
import { Housekeeping } from './housekeeping';
import { impactCounter } from './impact/counter';
import { createLogger } from './logger';
import { mailerFor } from './mail/transport';
import { NotificationWorker, type MailLane } from './notify/worker';
import { idleMachinery } from './app';
import { startInbound } from './updates/inbound';
import { confirmationLane, deliveryLane, UpdateSender } from './updates/sender';
import { createStore, DataDirLockedError } from './store';
import { teamJobs } from './team/housekeeping';
import { uploadRetentionJob } from './uploads/retention';
import { MovableClock } from './test-clock';

const SHUTDOWN_GRACE_MS = 10_000;

type Store = ReturnType<typeof createStore>;
type Logger = ReturnType<typeof createLogger>;

async function openStore(store: Store, logger: Logger): Promise<void> {
  try {
    await store.init();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // A second writer would lose submissions: refuse to start, naming the holder.
      logger.fatal(error.message);
      process.exit(1);
    }
    // Mongo may come up after the API; requests get 503 until it does, then it recovers.
    logger.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'store not ready yet');
  }
}

/** The mail worker, when SMTP is set: notifications, then confirmations, then updates. */
function startMailWorker({
  store,
  config,
  logger,
  clock,
  mailer,
  impact,
}: {
  readonly store: Store;
  readonly config: ReturnType<typeof loadConfig>;
  readonly logger: Logger;
  readonly clock: MovableClock;
  readonly mailer: ReturnType<typeof mailerFor>;
  readonly impact: ReturnType<typeof impactCounter>;
}): NotificationWorker | undefined {
  if (!mailer) {
    logger.info('notifications are off: SMTP_URL is not set, so submissions are stored without emailing the team');
    return undefined;
  }
  const worker = new NotificationWorker({
    outbox: store.outbox,
    mailer,
    settings: config,
    logger,
    clock: clock.millis,
    timing: Object.fromEntries(Object.entries(config.mail.timing).filter(([, value]) => value !== undefined)),
    // After the notifications: confirmation emails, then updates (slower, and never ahead of either).
    lanes: [
      confirmationLane(store, config) as MailLane,
      deliveryLane(store, config, config.updates.perSecond, () => impact.outcome('update-delivered')) as MailLane,
    ],
  });
  logger.info({ from: config.mail.from }, 'notifications are on: each submission is emailed to the team');
  void worker.start();
  return worker;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const store = createStore(config);
  // The one clock of the API; only TEST_CLOCK=1 (refused in production) lets a test move it.
  const clock = new MovableClock();
  if (config.testClock)
    logger.warn(`TEST_CLOCK=1: end-to-end tests may move this API's clock forward (POST /api/test/clock)`);
  logger.info({ store: store.kind }, `using the ${store.description}`);
  if (config.adminTokenError) logger.error(config.adminTokenError);
  await openStore(store, logger);

  // Counts what the site achieves (issue 40); the mail worker reports each update delivered.
  const impact = impactCounter({ store, clock: clock.now, logger, siteOrigin: config.siteOrigin });
  const mailer = mailerFor(config.mail);
  const worker = startMailWorker({ store, config, logger, clock, mailer, impact });
  const mail = worker ?? idleMachinery(config.siteOrigin).mail;
  // Starts scheduled updates, fans them out into deliveries, and marks them sent.
  const sender = new UpdateSender({ store, logger, mail, clock: clock.now });
  sender.start();
  const inbound = config.updates.inboundSmtpPort
    ? await startInbound({
        port: config.updates.inboundSmtpPort,
        deps: { store, clock: clock.now, mail },
        logger,
      })
    : undefined;

  // One transport for the notifications and the team console's sign-in links.
  const content = contentService({ store, clock: clock.now });
  const app = createApp({
    store,
    config,
    logger,
    clock: clock.millis,
    testClock: config.testClock ? clock : undefined,
    notifications: worker,
    mailer,
    updates: { mail, poke: () => void sender.poke() },
    content,
    impact,
  });
  const seeds = startSeedLoading(content.publishing, logger);
  const housekeeping = new Housekeeping(
    [
      ...teamJobs(store, config),
      uploadRetentionJob(store, config.uploads.retentionMonths),
      unusedContentImagesJob(store, config.contentImagesUnusedDays),
      // Nothing per visit outlives its day: the visitors' hashes and the salt go (issue 40).
      { name: 'impact visitors of past days', run: async () => void (await impact.forgetPastDays()) },
      // A year's report reads ~13 months rather than 365 days of each process's counters.
      { name: 'impact months roll-up', run: async () => void (await impact.rollUp()) },
    ],
    logger,
    clock.now,
  );
  housekeeping.start();
  const server = http.createServer(
    {
      // Slow senders are cut off: headers within HEADERS_TIMEOUT_MS, the whole request within
      // UPLOAD_TIMEOUT_MS (the app's own deadline ends JSON bodies sooner, at BODY_TIMEOUT_MS).
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.uploadTimeoutMs,
      // How often Node checks those two; its default of 30 s would let a limit overrun by that much.
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  server.listen(config.port, () => {
    logger.info(
      { port: config.port, origins: config.allowedOrigins },
      `API listening on http://localhost:${config.port}`,
    );
  });
  server.on('error', (error) => {
    logger.error({ err: error }, 'server failed');
    process.exit(1);
  });

  // Responses still being written when shutdown starts close their connection when done,
  // so keep-alive sockets do not hold the process open for their idle timeout.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting connections, waits for in-flight requests and drops idle keep-alives.
    server.close(async (error) => {
      try {
        await sender.stop();
        await inbound?.close();
        await worker?.stop();
        await housekeeping.stop();
        seeds.stop();
        // The last second's counts, before the store goes.
        await impact.flush();
        await store.close();
        logger.info('store closed; bye');
        process.exit(error ? 1 : 0);
      } catch (closeError) {
        logger.error({ err: closeError }, 'store did not close cleanly');
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
