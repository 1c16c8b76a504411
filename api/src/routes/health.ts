import { Router } from 'express';
import type { Logger } from 'pino';
import type { SubmissionStore } from '../store';

/** GET /api/health: 200 when the store answers, 503 when it does not. */
export function healthRoutes(store: SubmissionStore, logger: Logger): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const health = await store.health();
    res.set('Cache-Control', 'no-store');
    if (health.ok) {
      res.json({ status: 'ok', store: store.kind });
      return;
    }
    // The detail may name hosts; it goes to the log, not to the public.
    logger.warn({ store: store.kind, detail: health.detail }, 'health check failed');
    res.status(503).json({ status: 'unavailable', store: store.kind });
  });
  return router;
}
