import type { EndpointKind } from '@wpc/shared/form-definitions';

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

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
