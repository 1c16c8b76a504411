import { useEffect, useState } from 'react';
import type { BenchmarksResponse } from '@wpc/shared/assessment';
import { fetchAssessmentBenchmarks } from '@wpc/shared/api-client';

export type BenchmarkState =
  | { readonly status: 'loading' }
  | { readonly status: 'closed'; readonly count: number; readonly minimum: number }
  | { readonly status: 'open'; readonly benchmarks: Extract<BenchmarksResponse, { available: true }> }
  | { readonly status: 'error' };

/** The comparison with other communities, fetched once each time the results are shown. */
export function useBenchmarks(): BenchmarkState {
  const [state, setState] = useState<BenchmarkState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchAssessmentBenchmarks()
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as BenchmarksResponse;
        if (!current) return;
        setState(
          body.available
            ? { status: 'open', benchmarks: body }
            : { status: 'closed', count: body.count, minimum: body.minimum },
        );
      })
      .catch(() => {
        if (current) setState({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, []);
  return state;
}
