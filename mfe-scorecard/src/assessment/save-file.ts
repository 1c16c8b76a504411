import { isScore, QUESTION_IDS, SCORE_MAX, SCORE_MIN, SCORECARD_VERSION } from '@wpc/shared/assessment';
import { LAST_STEP, NOTE_MAX, type AssessmentProgress } from './progress';

/**
 * One JSON format for "Save progress to a file" and for localStorage, so both are read by the
 * same checks. `version` is the format's own version; `scorecardVersion` that of the questions.
 */
export const SAVE_FORMAT = 'wpc-wildfire-scorecard-self-assessment';
export const SAVE_VERSION = 1;

export interface SaveFile {
  readonly format: typeof SAVE_FORMAT;
  readonly version: typeof SAVE_VERSION;
  readonly scorecardVersion: string;
  readonly savedAt: string;
  readonly step: number;
  readonly updatedAt: string | null;
  readonly sharedAt: string | null;
  readonly answers: Readonly<Record<string, number>>;
  readonly notes: Readonly<Record<string, string>>;
}

export type LoadResult =
  | { readonly ok: true; readonly progress: AssessmentProgress; readonly savedAt: string }
  | { readonly ok: false; readonly message: string; readonly problems: readonly string[] };

export function toSaveFile(progress: AssessmentProgress, savedAt: Date): SaveFile {
  return {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    scorecardVersion: SCORECARD_VERSION,
    savedAt: savedAt.toISOString(),
    step: progress.step,
    updatedAt: progress.updatedAt,
    sharedAt: progress.sharedAt,
    answers: progress.answers,
    notes: progress.notes,
  };
}

export function saveFileText(progress: AssessmentProgress, savedAt: Date): string {
  return `${JSON.stringify(toSaveFile(progress, savedAt), null, 2)}\n`;
}

const KNOWN_IDS = new Set(QUESTION_IDS);
const MAX_PROBLEMS = 6;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Exactly as toISOString() writes it: that also refuses days a month does not have. */
function isInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString() === value;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function refuse(message: string, problems: readonly string[] = []): LoadResult {
  return { ok: false, message, problems };
}

/**
 * Reads a saved assessment and checks every value in it. A file from elsewhere, from another
 * format or scorecard version, or with values no one could have entered on the page is refused
 * as a whole with a message saying why, so the answers on the page are never half replaced.
 */
export function parseSaveFile(text: string): LoadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse(
      'This file is not a saved self-assessment: it is not valid JSON. Choose the .json file that “Save progress to a file” created.',
    );
  }
  if (!isRecord(data) || data.format !== SAVE_FORMAT) {
    return refuse(
      'This file is not a saved self-assessment from this site. Choose the .json file that “Save progress to a file” created.',
    );
  }
  if (data.version !== SAVE_VERSION) {
    return refuse(
      `This file was saved in format version ${shown(data.version)} of the self-assessment, and this page reads version ${SAVE_VERSION} files only, so nothing was loaded.`,
    );
  }
  if (data.scorecardVersion !== SCORECARD_VERSION) {
    return refuse(
      `This file holds answers to scorecard version ${shown(data.scorecardVersion)}, and this page asks the questions of version ${SCORECARD_VERSION}, so nothing was loaded.`,
    );
  }

  const problems: string[] = [];
  const answers: Record<string, number> = {};
  const notes: Record<string, string> = {};
  if (!isRecord(data.answers)) {
    problems.push('The answers are missing or not a list of question and score.');
  } else {
    for (const [id, score] of Object.entries(data.answers)) {
      if (!KNOWN_IDS.has(id))
        problems.push(`There is an answer to question “${id}”, which the scorecard does not have.`);
      else if (!isScore(score))
        problems.push(
          `Question ${id} has the score ${shown(score)}; scores are whole numbers from ${SCORE_MIN} to ${SCORE_MAX}.`,
        );
      else answers[id] = score;
    }
  }
  if (!isRecord(data.notes)) {
    problems.push('The notes are missing or not a list of question and note.');
  } else {
    for (const [id, note] of Object.entries(data.notes)) {
      if (!KNOWN_IDS.has(id)) problems.push(`There is a note on question “${id}”, which the scorecard does not have.`);
      else if (typeof note !== 'string') problems.push(`The note on question ${id} is not text.`);
      else if (note.length > NOTE_MAX)
        problems.push(`The note on question ${id} is longer than ${NOTE_MAX} characters.`);
      else if (note !== '') notes[id] = note;
    }
  }
  const step = data.step;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > LAST_STEP) {
    problems.push(`The saved position ${shown(step)} is not one of the ten essentials.`);
  }
  if (!isInstant(data.savedAt)) problems.push('The date it was saved is missing or not a date.');
  for (const key of ['updatedAt', 'sharedAt'] as const) {
    if (data[key] !== null && !isInstant(data[key]))
      problems.push(`The ${key === 'updatedAt' ? 'last change' : 'sharing'} date is not a date.`);
  }

  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_PROBLEMS);
    if (problems.length > MAX_PROBLEMS) listed.push(`…and ${problems.length - MAX_PROBLEMS} more problems.`);
    return refuse('This file has been changed since it was saved, or is damaged, so nothing was loaded:', listed);
  }
  return {
    ok: true,
    savedAt: data.savedAt as string,
    progress: {
      answers,
      notes,
      step: step as number,
      updatedAt: data.updatedAt as string | null,
      sharedAt: data.sharedAt as string | null,
    },
  };
}
