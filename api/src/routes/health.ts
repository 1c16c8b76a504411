import { publicRoute, type PublicRoute } from '../http/public-route';
import type { Notifications } from '../notify/worker';
import { withDeadline } from '../db/guard';
import { healthSchema, healthUnavailableSchema } from '@wpc/shared/answers';
import type { Store } from '../store';

/** The outbox part of the health answer; absent while notifications are off. */
async function outboxReport(notifications: Notifications | undefined, timeoutMs: number) {
  if (!notifications) return { notifications: 'off' as const };
  const stats = await withDeadline(notifications.stats(), timeoutMs, 'outbox stats').catch(() => undefined);
  if (!stats) return { notifications: 'on' as const };
  return {
    notifications: 'on' as const,
    outbox: {
      pending: stats.pending,
      oldestPendingSeconds: stats.oldestPendingAt
        ? Math.max(0, Math.round((Date.now() - stats.oldestPendingAt.getTime()) / 1000))
        : null,
      failed: stats.failed,
      ...(notifications.nextAttemptAt() && { nextAttemptAt: notifications.nextAttemptAt()!.toISOString() }),
    },
  };
}

/** What the stored uploads take; absent when the store does not answer in time. */
async function storageReport(store: Store, timeoutMs: number) {
  const bytes = await withDeadline(store.files.totalBytes(), timeoutMs, 'uploads total').catch(() => undefined);
  return bytes === undefined ? {} : { storage: { uploadsBytes: bytes } };
}

export interface HealthDeps {
  readonly store: Store;
  readonly notifications?: Notifications;
  readonly timeoutMs: number;
}

/**
 * GET /api/health: 200 when the store answers, 503 when it does not; with notifications on,
 * the outbox too (pending, age of the oldest pending in seconds, failed, and while the SMTP
 * server is unreachable the next attempt), and what the uploads take.
 */
export const HEALTH_ROUTE: PublicRoute<HealthDeps> = publicRoute<HealthDeps>({
  method: 'GET',
  path: '/api/health',
  operationId: 'health',
  summary: 'Whether the API can reach its store, and the team notifications waiting to be sent',
  tags: ['operations'],
  answers: {
    200: { description: 'The store answers.', schema: { name: 'Health', schema: healthSchema } },
    503: {
      description: 'The store does not answer.',
      schema: { name: 'HealthUnavailable', schema: healthUnavailableSchema },
    },
  },
  handler:
    ({ store, notifications, timeoutMs }) =>
    async ({ res }) => {
      const [health, outbox, storage] = await Promise.all([
        store.health(),
        outboxReport(notifications, timeoutMs),
        storageReport(store, timeoutMs),
      ]);
      res.set('Cache-Control', 'no-store');
      if (health.ok) {
        res.json({ status: 'ok', store: store.kind, ...outbox, ...storage });
        return;
      }
      // The cause may name hosts: the store wrapper logs it once per outage, never to the public.
      res.status(503).json({ status: 'unavailable', store: store.kind, notifications: outbox.notifications });
    },
});
