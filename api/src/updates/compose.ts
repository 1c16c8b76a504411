import { archiveBase } from '@wpc/shared/updates/archive';
import type { DraftRequest, UpdatePreview, UpdateView } from '@wpc/shared/updates/schemas';
import { newDocumentId } from '../db/ids';
import type { Mailer } from '../mail/transport';
import type { Store } from '../store';
import type { Update } from '../records/updates';
import { renderUpdate, updateMail, type MessageSettings } from './messages';
import { scriptProblem } from './render';
import { addresses, archivePathOf } from './archive';

type ComposeStore = Pick<Store, 'updates' | 'deliveries' | 'subscriptions' | 'audit'>;

/** A refusal the console shows next to the field (or the form) it is about. */
export class UpdateRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function checkBody(body: string): void {
  const problem = scriptProblem(body);
  if (problem) throw new UpdateRefused(400, 'The update cannot be saved.', { body: problem });
}

/** The console's view of an update; `paths` (archive.ts `addresses`) saves a read per update in a list. */
export async function updateView(
  store: ComposeStore,
  update: Update,
  paths?: ReadonlyMap<string, string>,
): Promise<UpdateView> {
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  const inArchive = update.startedAt !== null && !update.withdrawnAt;
  return {
    id: update.id,
    subject: update.subject,
    body: update.body,
    list: update.list,
    state: update.state,
    createdAt: update.createdAt.toISOString(),
    createdBy: update.createdBy,
    scheduledAt: iso(update.scheduledAt),
    startedAt: iso(update.startedAt),
    finishedAt: iso(update.finishedAt),
    fromRelease: update.fromRelease,
    counts: await store.deliveries.counts(update.id),
    withdrawnAt: iso(update.withdrawnAt),
    webVersion: inArchive ? ((paths ?? (await addresses(store))).get(update.id) ?? null) : null,
  };
}

export async function createDraft(store: ComposeStore, draft: DraftRequest, by: string, now: Date): Promise<Update> {
  checkBody(draft.body);
  const update: Update = {
    id: newDocumentId(),
    subject: draft.subject,
    body: draft.body,
    list: draft.list,
    state: 'draft',
    createdAt: now,
    createdBy: by,
    scheduledAt: null,
    startedAt: null,
    finishedAt: null,
    fromRelease: draft.fromRelease ?? null,
    fannedOut: false,
    version: 0,
  };
  await store.updates.create(update);
  return update;
}

async function changeUpdate(
  store: ComposeStore,
  id: string,
  change: (current: Update) => Update | string,
): Promise<Update> {
  let refusal: string | undefined;
  const stored = await store.updates.change(id, (current) => {
    const next = change(current);
    if (typeof next === 'string') {
      refusal = next;
      return undefined;
    }
    refusal = undefined;
    return next;
  });
  if (!stored) throw new UpdateRefused(404, 'No such update.');
  if (refusal) throw new UpdateRefused(409, refusal);
  return stored;
}

export function editDraft(store: ComposeStore, id: string, draft: DraftRequest): Promise<Update> {
  checkBody(draft.body);
  return changeUpdate(store, id, (current) =>
    current.state === 'draft'
      ? {
          ...current,
          subject: draft.subject,
          body: draft.body,
          list: draft.list,
          fromRelease: draft.fromRelease ?? null,
        }
      : 'Only a draft can be edited: this update has been scheduled or sent.',
  );
}

/** What the email will look like, with a sample recipient's links. */
export function preview(
  draft: Pick<DraftRequest, 'subject' | 'body' | 'list'>,
  settings: MessageSettings,
  now: Date,
): UpdatePreview {
  checkBody(draft.body);
  const mail = updateMail(
    renderUpdate({ id: 'preview', ...draft }, archiveBase(now, draft.subject)),
    { email: 'reader@example.org', token: `preview.${'x'.repeat(43)}` },
    '<preview@localhost>',
    settings,
  );
  return { subject: mail.subject, html: mail.html ?? '', text: mail.text };
}

/**
 * A test to the team member's own address, sent at once through the mailer (as sign-in links are):
 * one email to the sender, not a subscriber's, so it needs no delivery record. Its footer's links
 * are the preview's samples.
 */
export async function sendTest(
  store: ComposeStore,
  id: string,
  to: string,
  mailer: Mailer | undefined,
  settings: MessageSettings,
  now: Date,
): Promise<void> {
  const update = await store.updates.get(id);
  if (!update) throw new UpdateRefused(404, 'No such update.');
  if (!mailer)
    throw new UpdateRefused(409, 'Email is off on this server (SMTP_URL is not set), so no test can be sent.');
  const mail = updateMail(
    renderUpdate(update, await archivePathOf(store, update, now)),
    { email: to, token: `preview.${'x'.repeat(43)}` },
    `<test-${update.id}-${Date.now()}@${new URL(settings.siteOrigin).hostname}>`,
    settings,
  );
  await mailer.send({ ...mail, subject: `[Test] ${mail.subject}` });
}

/** Send now (no `at`) or schedule; refused in the past, or for a list with no confirmed subscriber. */
export async function send(store: ComposeStore, id: string, at: Date | undefined, now: Date): Promise<Update> {
  if (at && at.getTime() <= now.getTime()) {
    throw new UpdateRefused(400, 'Choose a time in the future.', { at: 'This time has passed: choose a later one.' });
  }
  const current = await store.updates.get(id);
  if (!current) throw new UpdateRefused(404, 'No such update.');
  if (!(await store.subscriptions.anyConfirmed(current.list))) {
    throw new UpdateRefused(
      409,
      'Nobody has confirmed a subscription to this list yet, so there is no one to send it to.',
    );
  }
  return changeUpdate(store, id, (update) =>
    update.state !== 'draft' && update.state !== 'scheduled'
      ? 'This update has been sent or cancelled already.'
      : at
        ? { ...update, state: 'scheduled', scheduledAt: at }
        : { ...update, state: 'sending', scheduledAt: null, startedAt: now },
  );
}

export const pause = (store: ComposeStore, id: string) =>
  changeUpdate(store, id, (update) =>
    update.state === 'sending' ? { ...update, state: 'paused' } : 'Only an update that is being sent can be paused.',
  );

export const resume = (store: ComposeStore, id: string) =>
  changeUpdate(store, id, (update) =>
    update.state === 'paused' ? { ...update, state: 'sending' } : 'Only a paused update can be resumed.',
  );

export async function cancel(store: ComposeStore, id: string, now: Date): Promise<Update> {
  const update = await changeUpdate(store, id, (current) =>
    ['draft', 'scheduled', 'sending', 'paused'].includes(current.state)
      ? { ...current, state: 'cancelled', finishedAt: now }
      : 'This update has been sent or cancelled already.',
  );
  await store.deliveries.cancel(id);
  return update;
}

/**
 * Takes a sent update out of the public archive: its page, the list, the feed and the sitemap no
 * longer show it (its address stays its own). Again is harmless.
 */
export const withdraw = (store: ComposeStore, id: string, now: Date) =>
  changeUpdate(store, id, (update) =>
    !update.startedAt
      ? 'Only an update that has been sent is in the archive.'
      : update.withdrawnAt
        ? update
        : { ...update, withdrawnAt: now },
  );
