import { apiBase } from '@wpc/shared/api-client';
import type { ContentArea } from '@wpc/shared/content-model';
import { CSRF_HEADER, TEAM_API } from '@wpc/shared/team';
import type {
  AreaContent,
  EditorEntry,
  EntryAnswer,
  EntryCreate,
  EntryReferrer,
  EntrySave,
  PreviewAnswer,
} from '@wpc/shared/team/content-schemas';
import { TeamApiError, type TeamSession } from '../api';

export type * from '@wpc/shared/team/content-schemas';

/**
 * A refused change; on 409, `current` is the entry as another editor left it, or (unpublishing)
 * `referencedBy` the published entries that name it.
 */
export class ContentApiError extends TeamApiError {
  constructor(
    status: number,
    message: string,
    fields: Readonly<Record<string, string>>,
    readonly current?: EditorEntry,
    readonly referencedBy?: readonly EntryReferrer[],
  ) {
    super(status, message, fields);
    this.name = 'ContentApiError';
  }
}

const NETWORK = 'The editor could not reach the server. Your changes are kept in this browser; try again.';

async function call<T>(path: string, session: TeamSession, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers[CSRF_HEADER] = session.csrfToken;
  }
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${TEAM_API}/content${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      credentials: 'include',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ContentApiError(0, NETWORK, {});
  }
  const answer = (await response.json().catch(() => ({}))) as {
    error?: string;
    fields?: Record<string, string>;
    current?: EditorEntry;
    referencedBy?: EntryReferrer[];
  };
  if (!response.ok)
    throw new ContentApiError(
      response.status,
      answer.error ?? `The server answered ${response.status}.`,
      answer.fields ?? {},
      answer.current,
      answer.referencedBy,
    );
  return answer as T;
}

const entryPath = (area: ContentArea, id: string, action = '') =>
  `/${area}/entries/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** The editor's calls to /api/team/content/... (api/src/team/editor-routes.ts). */
export const contentApi = {
  areas: (session: TeamSession) => call<{ areas: ContentArea[] }>('', session),
  list: (session: TeamSession, area: ContentArea) => call<AreaContent>(`/${area}`, session),
  open: (session: TeamSession, area: ContentArea, id: string) => call<EntryAnswer>(entryPath(area, id), session),
  create: (session: TeamSession, area: ContentArea, entry: EntryCreate) =>
    call<{ entry: EditorEntry }>(`/${area}/entries`, session, entry),
  save: (session: TeamSession, area: ContentArea, id: string, draft: EntrySave) =>
    call<{ entry: EditorEntry }>(entryPath(area, id), session, draft),
  publish: (session: TeamSession, area: ContentArea, id: string, version: number) =>
    call<{ entry: EditorEntry }>(entryPath(area, id, 'publish'), session, { version }),
  schedule: (session: TeamSession, area: ContentArea, id: string, version: number, at: string) =>
    call<{ entry: EditorEntry }>(entryPath(area, id, 'schedule'), session, { version, at }),
  unschedule: (session: TeamSession, area: ContentArea, id: string, version: number) =>
    call<{ entry: EditorEntry }>(entryPath(area, id, 'unschedule'), session, { version }),
  /** `confirm` after a 409 listing the entries that name it. */
  unpublish: (session: TeamSession, area: ContentArea, id: string, version: number, confirm = false) =>
    call<{ entry: EditorEntry }>(
      entryPath(area, id, 'unpublish'),
      session,
      confirm ? { version, confirm } : { version },
    ),
  restore: (session: TeamSession, area: ContentArea, id: string, version: number, to: number) =>
    call<{ entry: EditorEntry }>(entryPath(area, id, 'restore'), session, { version, to }),
  preview: (session: TeamSession, area: ContentArea, id: string) =>
    call<PreviewAnswer>(entryPath(area, id, 'preview'), session, {}),
  uploadImage: async (session: TeamSession, area: ContentArea, type: string, field: string, file: File) => {
    const form = new FormData();
    form.set('type', type);
    form.set('field', field);
    form.set('file', file);
    let response: Response;
    try {
      response = await fetch(`${apiBase()}${TEAM_API}/content/${area}/images`, {
        method: 'POST',
        headers: { Accept: 'application/json', [CSRF_HEADER]: session.csrfToken },
        credentials: 'include',
        body: form,
      });
    } catch {
      throw new ContentApiError(0, NETWORK, {});
    }
    const answer = (await response.json().catch(() => ({}))) as {
      error?: string;
      id: string;
      width: number;
      height: number;
    };
    if (!response.ok)
      throw new ContentApiError(response.status, answer.error ?? `The server answered ${response.status}.`, {});
    return answer;
  },
  markdown: (session: TeamSession, area: ContentArea, markdown: string) =>
    call<{ html: string }>(`/${area}/markdown`, session, { markdown }),
};
