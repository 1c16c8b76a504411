import { SCORECARD_VERSION } from '@wpc/shared/assessment';
import { parseAssessmentShare } from '@wpc/shared/schemas';
import type { SubmissionStore } from '../store';

export type ShareOutcome =
  | { readonly type: 'stored'; readonly id: string }
  /** The honeypot was filled in: answered like a success, stored nowhere. */
  | { readonly type: 'dropped' }
  | { readonly type: 'invalid'; readonly fields: Record<string, string> };

/** Validates a shared self-assessment and stores it; nothing is stored unless all of it is valid. */
export async function shareAssessment(body: unknown, store: SubmissionStore): Promise<ShareOutcome> {
  const parsed = parseAssessmentShare(body);
  if (!parsed.ok) return { type: 'invalid', fields: parsed.fields };
  if (parsed.honeypot) return { type: 'dropped' };
  const { communityType, country, zip, scores } = parsed.data;
  const { id } = await store.insertAssessment({
    communityType,
    country,
    zip: zip ?? null,
    scores,
    scorecardVersion: SCORECARD_VERSION,
    receivedAt: new Date(),
  });
  return { type: 'stored', id };
}
