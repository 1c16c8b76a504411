import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import { ASSESSMENT_BENCHMARKS_PATH, ASSESSMENT_SHARE_PATH, assessmentShareSchema } from '@wpc/shared/schemas';
import type { ApiConfig } from '../config';
import type { BenchmarkService } from '../assessment/benchmarks';
import { shareAssessment } from '../assessment/share';
import { HttpError, sendError } from '../http/errors';
import { answerOk } from '../http/answer-ok';
import { answerKeyReused, answerReplayed, idempotencyKeyOf } from '../http/idempotency';
import { publicRoute, type PublicRoute } from '../http/public-route';
import { benchmarksSchema } from '@wpc/shared/answers';
import { KEY_REUSED, STORE_ERRORS, storedAnswer } from './answers';
import type { ImpactCounter } from '../impact/counter';
import type { Store } from '../store';

export interface AssessmentRoutesOptions {
  readonly store: Store;
  readonly config: ApiConfig;
  readonly logger: Logger;
  /** The submit endpoints' guards (the same rate limit). */
  readonly guards: readonly RequestHandler[];
  readonly benchmarks: BenchmarkService;
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

const share = publicRoute<AssessmentRoutesOptions>({
  method: 'POST',
  path: ASSESSMENT_SHARE_PATH,
  operationId: 'shareAssessment',
  summary: 'Share anonymised self-assessment results',
  description: ({ jsonKb }) =>
    `All 40 scores (whole numbers 0 to 5), the kind of community, an ISO 3166-1 alpha-2 country code and consent: true. ` +
    `The zip, when given and not empty, needs 4 to 20 characters (trimmed) under the one-line text rules. ` +
    `Counts against the same per-address rate limit as the forms. JSON up to ${jsonKb} KB.`,
  tags: ['self-assessment'],
  parameters: [{ shared: 'IdempotencyKey' }],
  body: {
    content: {
      'application/json': {
        name: 'AssessmentShare',
        schema: assessmentShareSchema,
        examples: [
          {
            communityType: 'county',
            country: 'US',
            zip: '95969',
            scores: Object.fromEntries(QUESTION_IDS.map((id) => [id, 3])),
            consent: true,
          },
        ],
      },
    },
  },
  answers: {
    200: storedAnswer('share'),
    400: 'BadRequest',
    413: 'PayloadTooLarge',
    415: 'UnsupportedMediaType',
    422: KEY_REUSED,
    ...STORE_ERRORS,
  },
  before: ({ guards, config }) => [
    ...guards,
    requireJson,
    express.json({ limit: config.jsonLimitBytes, type: 'application/json' }),
  ],
  handler:
    ({ store, logger, impact }) =>
    async ({ req, res }) => {
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
    },
});

const benchmarks = publicRoute<AssessmentRoutesOptions>({
  method: 'GET',
  path: ASSESSMENT_BENCHMARKS_PATH,
  operationId: 'assessmentBenchmarks',
  summary: 'Compare with shared results',
  description:
    'Quartiles of each essential and of the overall score, in percent, once enough complete results of the current ' +
    'scorecard version are shared; computed at most once a minute.',
  tags: ['self-assessment'],
  answers: {
    200: {
      description: 'The comparison, or how many results are still missing.',
      headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } },
      schema: { name: 'Benchmarks', schema: benchmarksSchema },
    },
    500: 'InternalError',
    503: 'ServiceUnavailable',
  },
  handler:
    ({ benchmarks: service }) =>
    async ({ res }) => {
      const answer = await service.current();
      // Browsers and proxies may reuse it for as long as the server does.
      res.set('Cache-Control', 'public, max-age=60');
      res.json(answer);
    },
});

/** POST /api/submit-assessment and GET /api/assessment-benchmarks. */
export const ASSESSMENT_ROUTES: readonly PublicRoute<AssessmentRoutesOptions>[] = [share, benchmarks];
