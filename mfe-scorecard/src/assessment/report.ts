import {
  essentialResults,
  isScore,
  overallPercent,
  QUESTIONS,
  answeredCount,
  SCORECARD_VERSION,
} from '@wpc/shared/assessment';
import type { AssessmentProgress } from './progress';

/**
 * The report behind the CSV and the workbook: one row per question and one per essential,
 * so the two downloads always carry the same figures as the results on the page.
 */
export interface QuestionRow {
  readonly essentialNumber: number;
  readonly essentialTitle: string;
  readonly id: string;
  readonly topic: string;
  readonly text: string;
  readonly score: number | null;
  readonly meaning: string;
  readonly note: string;
}

export interface SummaryRow {
  readonly label: string;
  readonly title: string;
  readonly answered: number;
  readonly total: number;
  readonly percent: number | null;
}

type Cell = string | number | null;

export interface Report {
  readonly questions: readonly QuestionRow[];
  readonly essentials: readonly SummaryRow[];
  readonly overall: SummaryRow;
}

export function buildReport(progress: AssessmentProgress): Report {
  const questions = QUESTIONS.map((question) => {
    const score = progress.answers[question.id];
    const answered = isScore(score);
    return {
      essentialNumber: question.essential.number,
      essentialTitle: question.essential.title,
      id: question.id,
      topic: question.topic,
      text: question.text,
      score: answered ? score : null,
      meaning: answered ? question.descriptors[score]! : 'Not answered yet',
      note: progress.notes[question.id]?.trim() ?? '',
    };
  });
  const essentials = essentialResults(progress.answers).map((result) => ({
    label: String(result.essential.number),
    title: result.essential.title,
    answered: result.answered,
    total: result.total,
    percent: result.percent,
  }));
  return {
    questions,
    essentials,
    overall: {
      label: 'Overall',
      title: 'All ten essentials',
      answered: answeredCount(progress.answers),
      total: QUESTIONS.length,
      percent: overallPercent(progress.answers),
    },
  };
}

/** YYYY-MM-DD in the visitor's own time zone, for file names and headings. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function reportFileName(now: Date, extension: 'csv' | 'xlsx' | 'json'): string {
  return `wildfire-scorecard-self-assessment-${localDay(now)}.${extension}`;
}

export const REPORT_TITLE = `Community Wildfire Resilience Scorecard – self-assessment (scorecard version ${SCORECARD_VERSION})`;

export const QUESTION_HEADERS = [
  'Essential',
  'Essential title',
  'Question',
  'Topic',
  'Question text',
  'Score (0-5)',
  'What the score means',
  'Note',
] as const;

export const SUMMARY_HEADERS = [
  'Essential',
  'Essential title',
  'Questions answered',
  'Questions',
  'Score (%)',
] as const;

/** The cells of the downloads' rows: each question in the order of QUESTION_HEADERS, then each
 * essential and the overall in the order of SUMMARY_HEADERS (the CSV and the workbook alike). */
export function reportRows(report: Report): { questions: Cell[][]; summary: Cell[][] } {
  return {
    questions: report.questions.map((row) => [
      row.essentialNumber,
      row.essentialTitle,
      row.id,
      row.topic,
      row.text,
      row.score,
      row.meaning,
      row.note,
    ]),
    summary: [...report.essentials, report.overall].map((row) => [
      row.label,
      row.title,
      row.answered,
      row.total,
      row.percent,
    ]),
  };
}
