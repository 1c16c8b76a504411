import { SCORECARD_VERSION } from '@wpc/shared/assessment';
import { parseAssessmentShare } from '@wpc/shared/schemas';
import { fingerprint } from '../http/idempotency';
import { DuplicateSubmissionError } from '../db/errors';
import type { AssessmentRepository } from '../records/assessments';

export type ShareOutcome =
  | { readonly type: 'stored'; readonly id: string }
  /** A retry of a share already stored (same key, same results): nothing new is stored. */
  | { readonly type: 'replayed'; readonly id: string }
  /** The key was used before for other results. */
  | { readonly type: 'keyReused' }
  /** The honeypot was filled in: answered like a success, stored nowhere. */
  | { readonly type: 'dropped' }
  | { readonly type: 'invalid'; readonly fields: Record<string, string> };

/** Validates a shared self-assessment and stores it; nothing is stored unless all of it is valid. */
export async function shareAssessment(
  body: unknown,
  store: { readonly assessments: AssessmentRepository },
  idempotencyKey?: string,
): Promise<ShareOutcome> {
  const parsed = parseAssessmentShare(body);
  if (!parsed.ok) return { type: 'invalid', fields: parsed.fields };
  if (parsed.honeypot) return { type: 'dropped' };
  const { communityType, country, zip, scores } = parsed.data;
  const content = { communityType, country, zip: zip ?? null, scores, scorecardVersion: SCORECARD_VERSION };
  try {
    const { id } = await store.assessments.insert(
      { ...content, receivedAt: new Date() },
      { idempotency: idempotencyKey ? { key: idempotencyKey, fingerprint: fingerprint(content) } : undefined },
    );
    return { type: 'stored', id };
  } catch (error) {
    if (!(error instanceof DuplicateSubmissionError)) throw error;
    return error.sameRequest ? { type: 'replayed', id: error.existingId } : { type: 'keyReused' };
  }
}
