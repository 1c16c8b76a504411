import express, { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ASSESSMENT_BENCHMARKS_PATH, ASSESSMENT_SHARE_PATH } from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import { benchmarkService, type BenchmarkService } from '../assessment/benchmarks';
import { shareAssessment } from '../assessment/share';
import { HttpError, sendError } from '../http/errors';
import { answerOk } from '../http/answer-ok';
import { answerKeyReused, answerReplayed, idempotencyKeyOf } from '../http/idempotency';
import type { ImpactCounter } from '../impact/counter';
import type { Store } from '../store';

export interface AssessmentRoutesOptions {
  readonly store: Store;
  readonly config: ApiConfig;
  readonly logger: Logger;
  /** The submit endpoints' guards (the same rate limit). */
  readonly guards: readonly RequestHandler[];
  readonly benchmarks?: BenchmarkService;
  /** Counts a shared self-assessment (finished and shared) and where it comes from. */
  readonly impact?: Pick<ImpactCounter, 'outcome' | 'reach'>;
}

const requireJson: RequestHandler = (req, res, next) => {
  if (req.is('application/json') === false) {
    sendError(res, new HttpError(415, 'Send the results as application/json.'));
    return;
  }
  next();
};

/**
 * A shared self-assessment was finished (its 40 scores) and shared; it reaches where its zip is.
 * A finished one that is not shared stays in the browser, uncounted.
 */
function countShared(impact: AssessmentRoutesOptions['impact'], body: unknown): void {
  if (!impact) return;
  impact.outcome('assessment-finished');
  impact.outcome('assessment-shared');
  const zip = (body as { zip?: unknown }).zip;
  impact.reach('assessment', typeof zip === 'string' ? zip : undefined);
}

/** POST /api/submit-assessment and GET /api/assessment-benchmarks. */
export function assessmentRoutes({
  store,
  config,
  logger,
  guards,
  benchmarks = benchmarkService({ store }),
  impact,
}: AssessmentRoutesOptions): Router {
  const router = Router();
  const json = express.json({ limit: config.jsonLimitBytes, type: 'application/json' });

  router.post(ASSESSMENT_SHARE_PATH, ...guards, requireJson, json, async (req, res) => {
    const outcome = await shareAssessment(req.body, store, idempotencyKeyOf(req));
    switch (outcome.type) {
      case 'stored':
        logger.info({ assessment: outcome.id }, 'self-assessment shared');
        countShared(impact, req.body);
        answerOk(res);
        return;
      case 'replayed':
        logger.info({ assessment: outcome.id }, 'repeated self-assessment answered, nothing new stored');
        answerReplayed(res);
        return;
      case 'keyReused':
        answerKeyReused(res, 'set of results');
        return;
      case 'dropped':
        logger.info('honeypot self-assessment dropped');
        answerOk(res);
        return;
      case 'invalid':
        sendError(res, new HttpError(400, 'Some fields need attention.', { fields: outcome.fields }));
        return;
    }
  });

  router.get(ASSESSMENT_BENCHMARKS_PATH, async (_req, res) => {
    const answer = await benchmarks.current();
    // Browsers and proxies may reuse it for as long as the server does.
    res.set('Cache-Control', 'public, max-age=60');
    res.json(answer);
  });

  return router;
}
