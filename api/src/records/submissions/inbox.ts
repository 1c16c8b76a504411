/** What the inbox's query on the submissions shares on both backends. */
import type { EndpointKind } from '@wpc/shared/schemas';

/** The fields the inbox searches and shows. */
export const SEARCH_FIELDS = ['firstName', 'lastName', 'email', 'organization'] as const;

/** The search as words: each must appear in one of SEARCH_FIELDS (any case). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function emptyCounts(): Record<EndpointKind, number> {
  return { download: 0, notifyme: 0, sponsor: 0, collab: 0, subscribe: 0, feedback: 0, contact: 0, support: 0 };
}
