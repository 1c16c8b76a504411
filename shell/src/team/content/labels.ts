import type { EditorVersion, EntryStatus } from '@wpc/shared/team/content-schemas';
import { TeamApiError } from '../api';
import { SESSION_ENDED } from '../session';

export const STATUS_LABELS: Readonly<Record<EntryStatus, string>> = {
  draft: 'Draft (not on the site)',
  published: 'Published',
  changed: 'Published, with unpublished changes',
  scheduled: 'Scheduled',
};

export const ACTION_LABELS: Readonly<Record<EditorVersion['action'], string>> = {
  seed: 'Loaded from the site’s initial content',
  create: 'Created',
  save: 'Draft saved',
  publish: 'Published',
  schedule: 'Scheduled',
  unschedule: 'Schedule cancelled',
  'scheduled-publish': 'Published as scheduled',
  unpublish: 'Unpublished',
  restore: 'Restored an earlier version',
};

/** A failure as the editor says it; a session that ended signs the person out (their draft stays in the browser). */
export function failureText(failure: unknown, onSignedOut: (message: string) => void): string {
  if (failure instanceof TeamApiError && failure.status === 401) {
    onSignedOut(
      `${SESSION_ENDED} Your unsaved changes are kept in this browser and saved when you open the entry again.`,
    );
  }
  return failure instanceof Error ? failure.message : String(failure);
}
