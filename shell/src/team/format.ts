import type { EndpointKind } from '@wpc/shared/form-definitions';
import type { AuditAction } from '@wpc/shared/team';

/** The form kinds as the team calls them (the endpoints' names are technical). */
export const KIND_LABELS: Readonly<Record<EndpointKind, string>> = {
  download: 'Scorecard download',
  notifyme: 'Showcase notification',
  sponsor: 'Sponsorship',
  collab: 'Collaboration',
  subscribe: 'Subscription',
  feedback: 'Feedback and uploads',
  contact: 'Contact',
  support: 'Support',
};

/** Date and time in the team member's own time zone (the console renders in the browser only). */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as written, whatever the member's time zone: it is no instant. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A time of day to the second, in the team member's own time zone (a retry is seconds away). */
export function formatTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(new Date(iso));
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What each audited action is called in the audit log. */
export const AUDIT_LABELS: Readonly<Record<AuditAction, string>> = {
  'sign-in': 'Signed in',
  'sign-in-refused': 'Sign-in refused',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  export: 'Exported submissions',
  'file-download': 'Downloaded a file',
  erase: 'Erased a person',
  'member-add': 'Added a member',
  'member-change': 'Changed a member’s roles',
  'member-remove': 'Removed a member',
  publish: 'Published content',
  schedule: 'Scheduled content',
  unschedule: 'Cancelled a content schedule',
  unpublish: 'Unpublished content',
  restore: 'Restored a version',
  'update-test': 'Sent a test of an update',
  'update-send': 'Sent an update',
  'update-schedule': 'Scheduled an update',
  'update-pause': 'Paused an update',
  'update-resume': 'Resumed an update',
  'update-cancel': 'Cancelled an update',
  'update-withdraw': 'Withdrew an update from the archive',
  'uploads-retention': 'Deleted old uploads',
  'content-images-sweep': 'Deleted unused images',
};
