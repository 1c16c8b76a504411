import { QUESTION_IDS, SCORECARD_VERSION } from '@wpc/shared/assessment';
import type { Store } from '../src/store';

/** A small deterministic generator, so every benchmark run stores the same results. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Stores `count` complete shared self-assessments with varied scores, as the benchmark's data. */
export async function seedSharedAssessments(store: Store, count: number): Promise<void> {
  const random = generator(20240220);
  for (let index = 0; index < count; index += 1) {
    await store.assessments.insert({
      communityType: 'city',
      country: 'US',
      zip: null,
      scores: Object.fromEntries(QUESTION_IDS.map((id) => [id, Math.floor(random() * 6)])),
      scorecardVersion: SCORECARD_VERSION,
      receivedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
    });
  }
}
