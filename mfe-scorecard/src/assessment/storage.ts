import type { AssessmentProgress } from './progress';
import { parseSaveFile, saveFileText } from './save-file';

/** One key per format version, so a future format never misreads this one. */
export const STORAGE_KEY = 'wpc:scorecard-self-assessment:v1';

export type StoredProgress =
  | { readonly state: 'none' }
  | { readonly state: 'found'; readonly progress: AssessmentProgress }
  /** Something is stored but cannot be read (edited by hand, or storage is blocked). */
  | { readonly state: 'unreadable'; readonly reason: string };

/** Reads the answers kept in this browser. Call from an effect: storage does not exist on the server. */
export function readStoredProgress(storage: Storage): StoredProgress {
  let text: string | null;
  try {
    text = storage.getItem(STORAGE_KEY);
  } catch {
    return { state: 'unreadable', reason: 'This browser does not let the page keep answers (storage is blocked).' };
  }
  if (text === null) return { state: 'none' };
  const result = parseSaveFile(text);
  if (!result.ok) return { state: 'unreadable', reason: [result.message, ...result.problems].join(' ') };
  return { state: 'found', progress: result.progress };
}

/** Keeps the answers in this browser; false when storage is blocked or full. */
export function writeStoredProgress(storage: Storage, progress: AssessmentProgress, now: Date): boolean {
  try {
    storage.setItem(STORAGE_KEY, saveFileText(progress, now));
    return true;
  } catch {
    return false;
  }
}

/** Where unreadable stored answers are moved, so starting afresh never destroys them. */
export const SET_ASIDE_KEY = `${STORAGE_KEY}:unreadable`;

export function setAsideStoredProgress(storage: Storage): void {
  try {
    const text = storage.getItem(STORAGE_KEY);
    if (text !== null) storage.setItem(SET_ASIDE_KEY, text);
  } catch {
    // Blocked or full storage: nothing more can be done here.
  }
}
