import type { Essential } from '@wpc/shared/scorecard';
import { isScore, QUESTION_BANK, QUESTIONS, SCORE_MAX, type Question } from './question-bank';

/** A community's answers: question id -> score 0..5. Unanswered questions are absent. */
export type Answers = Readonly<Record<string, number>>;

export interface EssentialResult {
  readonly essential: Essential;
  readonly answered: number;
  readonly total: number;
  /** Answered scores as a share of their maximum, 0-100 with one decimal; null when none is answered. */
  readonly percent: number | null;
}

/** One decimal place is enough to tell results apart without false precision. */
export function roundPercent(value: number): number {
  return Math.round(value * 10) / 10;
}

function percentOf(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  const sum = scores.reduce((total, score) => total + score, 0);
  return roundPercent((sum / (scores.length * SCORE_MAX)) * 100);
}

function answeredScores(questions: readonly Question[], answers: Answers): number[] {
  return questions.map((question) => answers[question.id]).filter(isScore);
}

/**
 * The score of each essential. Unanswered questions are left out rather than counted as 0, so a
 * half-finished assessment shows what is known; the results list what is still unanswered.
 */
export function essentialResults(answers: Answers): EssentialResult[] {
  return QUESTION_BANK.map(({ essential, questions }) => {
    const scores = answeredScores(questions, answers);
    return { essential, answered: scores.length, total: questions.length, percent: percentOf(scores) };
  });
}

/** Every answered score as a share of the maximum (0-100), or null before the first answer. */
export function overallPercent(answers: Answers): number | null {
  return percentOf(answeredScores(QUESTIONS, answers));
}

export function answeredCount(answers: Answers): number {
  return answeredScores(QUESTIONS, answers).length;
}

export function unansweredQuestions(answers: Answers): Question[] {
  return QUESTIONS.filter((question) => !isScore(answers[question.id]));
}

export function isComplete(answers: Answers): boolean {
  return unansweredQuestions(answers).length === 0;
}

/**
 * The `count` lowest-scoring essentials that have room to improve, lowest first; ties go to
 * the essential that comes first in the framework.
 */
export function weakestEssentials(results: readonly EssentialResult[], count = 3): EssentialResult[] {
  return results
    .filter(
      (result): result is EssentialResult & { percent: number } => result.percent !== null && result.percent < 100,
    )
    .sort((a, b) => a.percent - b.percent || a.essential.number - b.essential.number)
    .slice(0, count);
}

/** The next steps for one essential: its answered questions below full marks, lowest score first. */
export function nextStepsFor(essentialId: string, answers: Answers, max = 3): Question[] {
  const entry = QUESTION_BANK.find((candidate) => candidate.essential.id === essentialId);
  if (!entry) return [];
  return entry.questions
    .filter((question) => isScore(answers[question.id]) && answers[question.id]! < SCORE_MAX)
    .sort((a, b) => answers[a.id]! - answers[b.id]!)
    .slice(0, max);
}

export interface Quartiles {
  readonly q1: number;
  readonly median: number;
  readonly q3: number;
}

/** The p-quantile of sorted values by linear interpolation (spreadsheets' QUARTILE.INC). */
function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower]!;
  return low + (sorted[upper]! - low) * (position - lower);
}

export function quartiles(values: readonly number[]): Quartiles {
  if (values.length === 0) throw new Error('quartiles of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    q1: roundPercent(quantile(sorted, 0.25)),
    median: roundPercent(quantile(sorted, 0.5)),
    q3: roundPercent(quantile(sorted, 0.75)),
  };
}

export interface EssentialBenchmark extends Quartiles {
  readonly essential: string;
  readonly number: number;
}

export interface BenchmarkFigures {
  readonly essentials: readonly EssentialBenchmark[];
  readonly overall: Quartiles;
}

/** Median and quartiles of each essential's score (and the overall score) over shared results. */
export function benchmarkFigures(shared: readonly Answers[]): BenchmarkFigures {
  const perResult = shared.map((answers) => essentialResults(answers));
  return {
    essentials: QUESTION_BANK.map(({ essential }, index) => ({
      essential: essential.id,
      number: essential.number,
      ...quartiles(perResult.map((results) => results[index]!.percent ?? 0)),
    })),
    overall: quartiles(shared.map((answers) => overallPercent(answers) ?? 0)),
  };
}
