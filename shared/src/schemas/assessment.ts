import { z } from 'zod';
import {
  COMMUNITY_TYPE_IDS,
  COUNTRY_CODES,
  QUESTION_IDS,
  SCORE_MAX,
  SCORE_MIN,
  ZIP_MAX,
  ZIP_MIN,
  type CommunityType,
} from '@wpc/shared/assessment';
import { HONEYPOT_FIELD, type FieldDefinition } from './definitions';
import { textFieldProblem } from './text-rules';

/** The one free-text field: the forms' character rules apply to it (issue 13). */
const ZIP_FIELD: FieldDefinition = { name: 'zip', label: 'Zip / postal code', type: 'text', required: true };

const scoreRange = `a whole number from ${SCORE_MIN} to ${SCORE_MAX}`;

function scoreSchema(id: string) {
  return z
    .int({
      error: (issue) =>
        issue.input === undefined
          ? `Question ${id} has no score: answer all ${QUESTION_IDS.length} questions before sharing.`
          : `The score of question ${id} must be ${scoreRange}.`,
    })
    .min(SCORE_MIN, `The score of question ${id} must be ${scoreRange}.`)
    .max(SCORE_MAX, `The score of question ${id} must be ${scoreRange}.`);
}

/** POST /api/submit-assessment: anonymised results, all 40 scores; unknown keys are dropped. */
export const assessmentShareSchema = z.object({
  communityType: z.enum(COMMUNITY_TYPE_IDS, { error: 'Choose the kind of community from the list.' }),
  country: z
    .string({ error: 'Choose a country from the list.' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(COUNTRY_CODES, { error: 'Choose a country from the list.' })),
  zip: z
    .string({ error: 'Zip / postal code must be text.' })
    .trim()
    .max(ZIP_MAX, `Use at most ${ZIP_MAX} characters.`)
    .superRefine((zip, context) => {
      const problem = zip === '' ? undefined : textFieldProblem(ZIP_FIELD, zip);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .refine((zip) => zip === '' || zip.length >= ZIP_MIN, `Zip / postal code needs at least ${ZIP_MIN} characters.`)
    .transform((zip) => (zip === '' ? undefined : zip))
    .optional(),
  scores: z.object(Object.fromEntries(QUESTION_IDS.map((id) => [id, scoreSchema(id)])), {
    error: 'Send the scores as an object of question id to score.',
  }),
  consent: z.literal(true, { error: 'Tick the box to agree to share your anonymised results.' }),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export interface AssessmentShareData {
  readonly communityType: CommunityType;
  readonly country: string;
  readonly zip?: string;
  readonly scores: Readonly<Record<string, number>>;
}

export type AssessmentShareResult =
  | { readonly ok: true; readonly data: AssessmentShareData; readonly honeypot: boolean }
  | { readonly ok: false; readonly fields: Record<string, string> };

/** Validates a shared assessment; on failure names every bad field ("scores.3b" for a score). */
export function parseAssessmentShare(body: unknown): AssessmentShareResult {
  const result = assessmentShareSchema.safeParse(body ?? {});
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : '_body';
      fields[key] ??= issue.message;
    }
    return { ok: false, fields };
  }
  const { communityType, country, zip, scores, [HONEYPOT_FIELD]: trap } = result.data;
  const data: AssessmentShareData = { communityType, country, scores, ...(zip ? { zip } : {}) };
  return { ok: true, data, honeypot: typeof trap === 'string' && trap.trim() !== '' };
}
