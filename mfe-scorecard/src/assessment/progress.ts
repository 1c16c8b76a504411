import { QUESTION_BANK } from '@wpc/shared/assessment';

/** Everything a visitor has entered, as kept in localStorage and in a saved file. */
export interface AssessmentProgress {
  /** question id -> score 0..5; unanswered questions are absent. */
  readonly answers: Readonly<Record<string, number>>;
  /** question id -> the visitor's note; empty notes are absent. */
  readonly notes: Readonly<Record<string, string>>;
  /** Index of the essential the visitor was on (0-9), so a return visit resumes there. */
  readonly step: number;
  /** When the answers last changed (ISO), null before the first answer. */
  readonly updatedAt: string | null;
  /** When these results were last shared with the consortium (ISO), if ever. */
  readonly sharedAt: string | null;
}

export const NOTE_MAX = 2000;
export const LAST_STEP = QUESTION_BANK.length - 1;

export const EMPTY_PROGRESS: AssessmentProgress = { answers: {}, notes: {}, step: 0, updatedAt: null, sharedAt: null };

export type ProgressAction =
  | { readonly type: 'answer'; readonly id: string; readonly score: number; readonly at: string }
  | { readonly type: 'clearAnswer'; readonly id: string; readonly at: string }
  | { readonly type: 'note'; readonly id: string; readonly note: string; readonly at: string }
  | { readonly type: 'goTo'; readonly step: number }
  | { readonly type: 'shared'; readonly at: string }
  | { readonly type: 'replace'; readonly progress: AssessmentProgress };

function without(record: Readonly<Record<string, string>>, id: string): Record<string, string>;
function without(record: Readonly<Record<string, number>>, id: string): Record<string, number>;
function without<T>(record: Readonly<Record<string, T>>, id: string): Record<string, T> {
  const { [id]: _removed, ...rest } = record;
  return rest;
}

export function progressReducer(state: AssessmentProgress, action: ProgressAction): AssessmentProgress {
  switch (action.type) {
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.id]: action.score }, updatedAt: action.at };
    case 'clearAnswer':
      return { ...state, answers: without(state.answers, action.id), updatedAt: action.at };
    case 'note': {
      const note = action.note.slice(0, NOTE_MAX);
      const notes = note === '' ? without(state.notes, action.id) : { ...state.notes, [action.id]: note };
      return { ...state, notes, updatedAt: action.at };
    }
    case 'goTo':
      return { ...state, step: Math.min(Math.max(action.step, 0), LAST_STEP) };
    case 'shared':
      return { ...state, sharedAt: action.at };
    case 'replace':
      return action.progress;
  }
}

/** The essential index a question belongs to, or -1 for an unknown id. */
export function stepOfQuestion(id: string): number {
  return QUESTION_BANK.findIndex((entry) => entry.questions.some((question) => question.id === id));
}

export function hasAnyInput(progress: AssessmentProgress): boolean {
  return Object.keys(progress.answers).length > 0 || Object.keys(progress.notes).length > 0;
}
