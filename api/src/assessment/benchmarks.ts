import {
  BENCHMARK_MINIMUM,
  benchmarkFigures,
  isScore,
  QUESTION_IDS,
  SCORECARD_VERSION,
  type BenchmarksResponse,
} from '@wpc/shared/assessment';
import type { AssessmentRepository, StoredAssessment } from '../records/assessments';

/** The aggregate is recomputed at most this often, however many requests arrive. */
export const BENCHMARK_MAX_AGE_MS = 60_000;

/** Results that answer this version's 40 questions in full; others would not compare. */
function comparable(assessment: StoredAssessment): boolean {
  return (
    assessment.scorecardVersion === SCORECARD_VERSION && QUESTION_IDS.every((id) => isScore(assessment.scores[id]))
  );
}

/** The comparison from stored results: figures only once BENCHMARK_MINIMUM results are in. */
export function benchmarksFrom(assessments: readonly StoredAssessment[], computedAt: Date): BenchmarksResponse {
  const results = assessments.filter(comparable);
  const count = results.length;
  if (count < BENCHMARK_MINIMUM) {
    return {
      available: false,
      count,
      minimum: BENCHMARK_MINIMUM,
      message: `Comparison opens once ${BENCHMARK_MINIMUM} communities have shared their results; ${count} ${count === 1 ? 'has' : 'have'} so far.`,
    };
  }
  return {
    available: true,
    count,
    minimum: BENCHMARK_MINIMUM,
    computedAt: computedAt.toISOString(),
    ...benchmarkFigures(results.map((result) => result.scores)),
  };
}

export interface BenchmarkService {
  current(): Promise<BenchmarksResponse>;
}

export interface BenchmarkServiceOptions {
  readonly store: { readonly assessments: AssessmentRepository };
  readonly maxAgeMs?: number;
  /** Milliseconds since the epoch; tests pass their own clock. */
  readonly clock?: () => number;
}

/**
 * Serves the comparison from a cache that is refreshed at most once per `maxAgeMs`. Requests
 * that arrive while it is being computed share that one computation, and a failed one is not
 * kept, so the next request tries again.
 */
export function benchmarkService({
  store,
  maxAgeMs = BENCHMARK_MAX_AGE_MS,
  clock = Date.now,
}: BenchmarkServiceOptions): BenchmarkService {
  let cached: { readonly at: number; readonly value: Promise<BenchmarksResponse> } | undefined;
  return {
    current() {
      const now = clock();
      if (!cached || now - cached.at >= maxAgeMs) {
        const value = store.assessments.list().then((assessments) => benchmarksFrom(assessments, new Date(now)));
        const entry = { at: now, value };
        cached = entry;
        value.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.value;
    },
  };
}
