import { apiBase } from '@wpc/shared/api-client';
import { TEAM_API } from '@wpc/shared/team';
import type {
  DraftRequest,
  ReleasesAnswer,
  SubscribersAnswer,
  UpdatePreview,
  UpdatesAnswer,
  UpdateView,
} from '@wpc/shared/updates/schemas';
import type { UpdateListId } from '@wpc/shared/updates';
import { call, type TeamSession } from '../api';

/**
 * The console's Updates calls (/api/team/updates, /api/team/subscribers; api/src/team/updates-routes.ts),
 * typed by the wire schemas the API checks with. Every change carries the session's CSRF token.
 */
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const one = (id: string) => `/updates/${encodeURIComponent(id)}`;

/** What the list's buttons do to an update (withdraw: out of the public archive). */
export type UpdateAction = 'pause' | 'resume' | 'cancel' | 'withdraw';

export const updatesApi = {
  list: () => call<UpdatesAnswer>('/updates'),
  create: (session: TeamSession, draft: DraftRequest) => call<UpdateView>('/updates', post(draft), session.csrfToken),
  edit: (session: TeamSession, id: string, draft: DraftRequest) =>
    call<UpdateView>(one(id), post(draft), session.csrfToken),
  releases: () => call<ReleasesAnswer>('/update-releases'),
  fromRelease: (session: TeamSession, slug: string, list: UpdateListId) =>
    call<UpdateView>('/update-releases', post({ slug, list }), session.csrfToken),
  preview: (session: TeamSession, draft: Omit<DraftRequest, 'fromRelease'>) =>
    call<UpdatePreview>('/update-preview', post(draft), session.csrfToken),
  test: (session: TeamSession, id: string) => call<{ sentTo: string }>(`${one(id)}/test`, post({}), session.csrfToken),
  send: (session: TeamSession, id: string, at?: string) =>
    call<UpdateView>(`${one(id)}/send`, post(at ? { at } : {}), session.csrfToken),
  act: (session: TeamSession, id: string, action: UpdateAction) =>
    call<UpdateView>(`${one(id)}/${action}`, post({}), session.csrfToken),
  subscribers: (q: string, list?: UpdateListId) => {
    const query = new URLSearchParams();
    if (q.trim()) query.set('q', q.trim());
    if (list) query.set('list', list);
    return call<SubscribersAnswer>(`/subscribers${query.size ? `?${query.toString()}` : ''}`);
  },
};

/** Where the subscribers' export downloads from (the session cookie goes along). */
export const subscribersExportUrl = (format: 'csv' | 'xlsx') =>
  `${apiBase()}${TEAM_API}/subscribers/export?format=${format}`;
