import { apiBase } from '@wpc/shared/api-client';
import { CSRF_HEADER, REVIEW_STATUSES, TEAM_API, type ReviewStatus } from '@wpc/shared/team';
import type {
  AuditPage,
  CurrentSession,
  Erasure,
  InboxPage,
  MemberRequest,
  Members,
  ReviewRequest,
  TeamMember,
  TeamSession,
  TeamSubmission,
} from '@wpc/shared/team/schemas';

/**
 * The team console's calls to /api/team/... (api/src/team/routes.ts; documented in /api/openapi.json).
 * Requests and answers are typed by the console's wire schemas, the ones the API checks with.
 */
export type {
  AuditEntry,
  AuditPage,
  InboxPage,
  InboxRow,
  Members,
  ReviewChange,
  TeamMember,
  TeamSession,
  TeamSubmission,
} from '@wpc/shared/team/schemas';
export type { ReviewStatus };
export const STATUSES = REVIEW_STATUSES;
export const STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  new: 'New',
  'in-progress': 'In progress',
  done: 'Done',
};

/** An answer other than the one hoped for: its status and the API's message. */
export class TeamApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'TeamApiError';
  }
}

const NETWORK = 'The team console could not reach the server. Check your connection and try again.';

export async function call<T>(path: string, init: RequestInit = {}, csrfToken?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    // The session cookie goes to /api/team only; "include" also lets development builds (API on its own port) send it.
    response = await fetch(`${apiBase()}${TEAM_API}${path}`, { ...init, headers, credentials: 'include' });
  } catch {
    throw new TeamApiError(0, NETWORK);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
  if (!response.ok) {
    throw new TeamApiError(response.status, body.error ?? `The server answered ${response.status}.`, body.fields);
  }
  return body as T;
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export const teamApi = {
  currentSession: () => call<CurrentSession>('/session'),
  requestLink: (email: string) => call<{ message: string }>('/sign-in', post({ email })),
  startSession: (token: string) => call<TeamSession>('/session', post({ token })),
  signOut: (session: TeamSession) => call<{ ok: true }>('/sign-out', post({}), session.csrfToken),
  signOutEverywhere: (session: TeamSession) => call<{ ok: true }>('/sign-out-everywhere', post({}), session.csrfToken),
  inbox: (query: string) => call<InboxPage>(`/submissions${query}`),
  submission: (id: string) => call<TeamSubmission>(`/submissions/${encodeURIComponent(id)}`),
  review: (session: TeamSession, id: string, change: ReviewRequest) =>
    call<TeamSubmission>(`/submissions/${encodeURIComponent(id)}/review`, post(change), session.csrfToken),
  erase: (session: TeamSession, email: string) => call<Erasure>('/erase', post({ email }), session.csrfToken),
  members: () => call<Members>('/members'),
  saveMember: (session: TeamSession, member: MemberRequest) =>
    call<TeamMember>('/members', post(member), session.csrfToken),
  removeMember: (session: TeamSession, email: string) =>
    call<{ ok: true }>('/members/remove', post({ email }), session.csrfToken),
  audit: (query: string) => call<AuditPage>(`/audit${query}`),
};

/** Where a file of a submission downloads from (an attachment; the session cookie goes along). */
export function fileUrl(submissionId: string, fileId: string): string {
  return `${apiBase()}${TEAM_API}/submissions/${encodeURIComponent(submissionId)}/files/${encodeURIComponent(fileId)}`;
}

/** Where the export of the inbox's current filter downloads from. */
export function exportUrl(filterQuery: URLSearchParams, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams(filterQuery);
  query.delete('page');
  query.set('format', format);
  return `${apiBase()}${TEAM_API}/export?${query.toString()}`;
}
