import bank from './question-bank.json';
import { TEN_ESSENTIALS, type Essential } from '@wpc/shared/scorecard';

/**
 * The self-assessment's question bank: four short-form questions per essential, each scored
 * 0 to 5 with a one-line descriptor per score. The data sits in JSON so the document generator
 * (shared/scripts/make-documents.py) writes the downloadable workbook from the same questions.
 */
export interface Question {
  /** Stable id such as "3b": essential number, then a letter. Never contains a dot (NeDB keys). */
  readonly id: string;
  /** A few words naming what the question is about, for tables and exports. */
  readonly topic: string;
  readonly text: string;
  /** descriptors[score] describes what that score means for this question (six of them). */
  readonly descriptors: readonly string[];
  /** One concrete action for a community that scores low on this question. */
  readonly nextStep: string;
  readonly essential: Essential;
}

export interface EssentialQuestions {
  readonly essential: Essential;
  readonly questions: readonly Question[];
}

export interface ScaleStep {
  readonly score: number;
  readonly label: string;
}

export const SCORE_MIN = 0;
export const SCORE_MAX = 5;
export const QUESTIONS_PER_ESSENTIAL = 4;

/** The scorecard version the bank belongs to (the downloadable files carry the same label). */
export const SCORECARD_VERSION: string = bank.scorecardVersion;

/** The general meaning of each score; every question's descriptors make it specific. */
export const SCALE: readonly ScaleStep[] = bank.scale;

function joinBank(): readonly EssentialQuestions[] {
  if (bank.essentials.length !== TEN_ESSENTIALS.length) {
    throw new Error(
      `The question bank covers ${bank.essentials.length} essentials, the scorecard has ${TEN_ESSENTIALS.length}`,
    );
  }
  return bank.essentials.map((entry, index) => {
    const essential = TEN_ESSENTIALS[index]!;
    // Same order as the Ten Essentials, so "Essential 3" means the same thing everywhere.
    if (entry.essential !== essential.id) {
      throw new Error(`Question bank entry ${index + 1} is "${entry.essential}", expected "${essential.id}"`);
    }
    return {
      essential,
      questions: entry.questions.map((question) => ({ ...question, essential })),
    };
  });
}

export const QUESTION_BANK: readonly EssentialQuestions[] = joinBank();

/** All questions in order: essential 1's four, then essential 2's, and so on. */
export const QUESTIONS: readonly Question[] = QUESTION_BANK.flatMap((entry) => entry.questions);

export const QUESTION_IDS: readonly string[] = QUESTIONS.map((question) => question.id);

const byId = new Map(QUESTIONS.map((question) => [question.id, question]));

export function questionById(id: string): Question | undefined {
  return byId.get(id);
}

export function isScore(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SCORE_MIN && value <= SCORE_MAX;
}
