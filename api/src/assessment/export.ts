import { essentialResults, overallPercent, QUESTION_BANK, QUESTION_IDS } from '@wpc/shared/assessment';
import type { AssessmentStreamQuery, StoredAssessment } from '../records/assessments';
import { parseExportParams, type ExportFormat, type ExportParams, type TableShape } from '../submissions/export';

export { ASSESSMENT_EXPORT_FORM } from '../submissions/export';

/**
 * One row per shared result: who shared (kind, country, zip), the 40 scores, then each
 * essential's score and the overall score in percent, as the results page shows them.
 */
export const assessmentTable: TableShape<StoredAssessment> = {
  columns: [
    'id',
    'receivedAt',
    'communityType',
    'country',
    'zip',
    'scorecardVersion',
    ...QUESTION_IDS,
    ...QUESTION_BANK.map(({ essential }) => `essential${essential.number}Percent`),
    'overallPercent',
  ],
  toCells: (assessment) => [
    assessment.id,
    assessment.receivedAt,
    assessment.communityType,
    assessment.country,
    assessment.zip,
    assessment.scorecardVersion,
    ...QUESTION_IDS.map((id) => assessment.scores[id]),
    ...essentialResults(assessment.scores).map((result) => result.percent),
    overallPercent(assessment.scores),
  ],
};

export type AssessmentExportRequest =
  | { readonly ok: true; readonly query: AssessmentStreamQuery; readonly format: ExportFormat }
  | { readonly ok: false; readonly fields: Record<string, string> };

/** The export of shared results takes the submissions export's since/format/limit/after. */
export function parseAssessmentExportParams(params: Omit<ExportParams, 'form'>): AssessmentExportRequest {
  const request = parseExportParams({
    since: params.since,
    format: params.format,
    limit: params.limit,
    after: params.after,
  });
  if (!request.ok) return request;
  const { since, limit, after } = request.query;
  return { ok: true, query: { since, limit, after }, format: request.format };
}
