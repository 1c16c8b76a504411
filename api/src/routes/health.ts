import { Router } from 'express';
import type { SubmissionStore } from '../store';

/** GET /api/health: 200 when the store answers, 503 when it does not. */
export function healthRoutes(store: SubmissionStore): Router {
  const router = Router();
  router.get('/api/health', async (_req, res) => {
    const health = await store.health();
    res.set('Cache-Control', 'no-store');
    if (health.ok) {
      res.json({ status: 'ok', store: store.kind });
      return;
    }
    // The cause may name hosts: the store wrapper logs it once per outage, never to the public.
    res.status(503).json({ status: 'unavailable', store: store.kind });
  });
  return router;
}
