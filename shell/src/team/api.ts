import { apiBase } from '@wpc/shared/api-client';
import type { EndpointKind } from '@wpc/shared/form-definitions';

/** The team console's calls to /api/team/... (api/src/routes/team.ts; documented in /api/openapi.json). */
export const TEAM_API = '/api/team';
export const CSRF_HEADER = 'X-CSRF-Token';

export const STATUSES = ['new', 'in-progress', 'done'] as const;
export type ReviewStatus = (typeof STATUSES)[number];
export const STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  new: 'New',
  'in-progress': 'In progress',
  done: 'Done',
};

export interface TeamSession {
  readonly signedIn: true;
  readonly email: string;
  readonly csrfToken: string;
}

export interface InboxRow {
  readonly id: string;
  readonly form: EndpointKind;
  readonly receivedAt: string;
  readonly name: string;
  readonly organization: string;
  readonly email: string;
  readonly status: ReviewStatus;
  readonly files: number;
}

export interface InboxPage {
  readonly rows: readonly InboxRow[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly counts: Readonly<Record<EndpointKind, number>>;
}

export interface ReviewChange {
  readonly at: string;
  readonly by: string;
  readonly status?: { readonly from: ReviewStatus; readonly to: ReviewStatus };
  readonly note?: 'added' | 'changed' | 'removed';
}

export interface TeamSubmission {
  readonly id: string;
  readonly form: EndpointKind;
  readonly variant: string;
  readonly receivedAt: string;
  readonly page: string | null;
  readonly fields: Readonly<Record<string, string | boolean>>;
  readonly files: readonly {
    readonly id: string;
    readonly name: string;
    readonly contentType: string;
    readonly size: number;
  }[];
  readonly review: { readonly status: ReviewStatus; readonly note: string; readonly history: readonly ReviewChange[] };
}

export interface Erasure {
  readonly submissions: number;
  readonly files: number;
  readonly assessments: number;
}

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

async function call<T>(path: string, init: RequestInit = {}, csrfToken?: string): Promise<T> {
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
  currentSession: () => call<TeamSession | { readonly signedIn: false }>('/session'),
  requestLink: (email: string) => call<{ message: string }>('/sign-in', post({ email })),
  startSession: (token: string) => call<TeamSession>('/session', post({ token })),
  signOut: (session: TeamSession) => call<{ ok: true }>('/sign-out', post({}), session.csrfToken),
  inbox: (query: string) => call<InboxPage>(`/submissions${query}`),
  submission: (id: string) => call<TeamSubmission>(`/submissions/${encodeURIComponent(id)}`),
  review: (session: TeamSession, id: string, change: { status?: ReviewStatus; note?: string }) =>
    call<TeamSubmission>(`/submissions/${encodeURIComponent(id)}/review`, post(change), session.csrfToken),
  erase: (session: TeamSession, email: string) => call<Erasure>('/erase', post({ email }), session.csrfToken),
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
