import { essentialResults, overallPercent, QUESTION_BANK, QUESTION_IDS } from '@wpc/shared/assessment';
import type { StoredAssessment, SubmissionStore } from '../store';
import { parseExportParams, type ExportFormat } from '../submissions/export';

/** The `form` value of the team export that selects shared self-assessments. */
export const ASSESSMENT_EXPORT_FORM = 'assessment';

function cell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  // Spreadsheets run cells starting with these as formulas; a leading quote keeps them text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One row per shared result: who shared (kind, country, zip), the 40 scores, then each
 * essential's score and the overall score in percent, as the results page shows them.
 */
export function assessmentsCsv(assessments: readonly StoredAssessment[]): string {
  const header = [
    'id',
    'receivedAt',
    'communityType',
    'country',
    'zip',
    'scorecardVersion',
    ...QUESTION_IDS,
    ...QUESTION_BANK.map(({ essential }) => `essential${essential.number}Percent`),
    'overallPercent',
  ];
  const rows = assessments.map((assessment) => [
    assessment.id,
    assessment.receivedAt.toISOString(),
    assessment.communityType,
    assessment.country,
    assessment.zip,
    assessment.scorecardVersion,
    ...QUESTION_IDS.map((id) => assessment.scores[id]),
    ...essentialResults(assessment.scores).map((result) => result.percent),
    overallPercent(assessment.scores),
  ]);
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export type AssessmentExportResult =
  | { readonly ok: true; readonly format: ExportFormat; readonly assessments: StoredAssessment[] }
  | { readonly ok: false; readonly fields: Record<string, string> };

/** The team export of shared results: the same since/format filters as the submissions export. */
export async function exportAssessments(
  store: SubmissionStore,
  params: { readonly since?: unknown; readonly format?: unknown },
): Promise<AssessmentExportResult> {
  const request = parseExportParams({ since: params.since, format: params.format });
  if (!request.ok) return request;
  return { ok: true, format: request.format, assessments: await store.listAssessments({ since: request.query.since }) };
}
