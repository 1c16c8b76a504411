import type { StoredSubmission } from '../records/submissions';
import { consentOf, CONFIRMATION_TTL_MS, LIST_NAMES, UPDATE_LISTS, type UpdateListId } from '@wpc/shared/updates';
import type { ConfirmInfo, Preferences } from '@wpc/shared/updates/schemas';
import { newDocumentId } from '../db/ids';
import type { Store } from '../store';
import { addressHash, newSecret } from '../records/subscriptions/address';
import type { ConsentRecord, ListMembership, Subscriber } from '../records/subscriptions';
import { parseToken, sameSecret } from './links';
import type { ImpactCounter } from '../impact/counter';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Confirmation emails to one address per day: the first and at most one more. */
const CONFIRMATIONS_PER_DAY = 2;

type UpdatesStore = Pick<Store, 'subscriptions' | 'confirmations' | 'suppressions' | 'deliveries'>;

export interface SubscriberDeps {
  readonly store: UpdatesStore;
  readonly clock: () => Date;
  /** A Message-ID for a new email (the worker's), and a nudge to send what was queued. */
  readonly mail: { messageId(): string; queued(lane: string, ids?: readonly string[]): void };
  /** Counts subscriptions confirmed and left (issue 40): a number, never the address. */
  readonly impact?: Pick<ImpactCounter, 'outcome'>;
}

/** Why a link is refused: its page explains each. */
export type LinkProblem = 'invalid' | 'expired' | 'used';

export class LinkError extends Error {
  constructor(readonly problem: LinkProblem) {
    super(
      problem === 'expired'
        ? 'This confirmation link has expired. Send the form again to get a new one.'
        : problem === 'used'
          ? 'This confirmation link was used already, so nothing changed. The link at the foot of every update lets you choose what you receive.'
          : 'This link is not valid: it may be incomplete, or the address it was for has been removed. Open it again from the email.',
    );
  }
}

const emptySubscriber = (id: string, email: string, now: Date): Subscriber => ({
  id,
  email,
  secret: newSecret(),
  lists: {},
  consents: [],
  confirmationsSent: [],
  createdAt: now,
  version: 0,
});

const stateOf = (subscriber: Subscriber, list: UpdateListId) => subscriber.lists[list]?.state;
const listsIn = (subscriber: Subscriber, state: ListMembership['state']) =>
  UPDATE_LISTS.filter((list) => stateOf(subscriber, list) === state);

/**
 * Whether this submission would queue a confirmation for the address as it stands: the change
 * below decides again, so a race costs at most one confirmation counted but not sent.
 */
function wouldConfirm(
  subscriber: Subscriber | null | undefined,
  submissionId: string,
  lists: readonly UpdateListId[],
  now: Date,
): boolean {
  if (!subscriber) return true;
  if (subscriber.consents.some((entry) => entry.submissionId === submissionId)) return false;
  const recent = subscriber.confirmationsSent.filter((at) => now.getTime() - at.getTime() < DAY_MS);
  return recent.length < CONFIRMATIONS_PER_DAY && lists.some((list) => stateOf(subscriber, list) !== 'confirmed');
}

/**
 * Whether the address gave this consent already within a day, in the same form and words, for
 * lists it is on (pending or confirmed): then a repeat changes nothing and adds no record (its
 * submission keeps its own copy), so an address sent again and again neither grows its document
 * without end (16 MB is MongoDB's limit) nor queues one write behind another (the submit bench on
 * FerretDB: api/src/updates/README.md).
 */
function repeatsRecentConsent(subscriber: Subscriber | null | undefined, record: ConsentRecord): boolean {
  if (!subscriber) return false;
  const onLists = record.lists.every((list) => ['pending', 'confirmed'].includes(stateOf(subscriber, list) ?? ''));
  if (!onLists) return false;
  const sameLists = (lists: readonly UpdateListId[]) =>
    lists.length === record.lists.length && lists.every((list) => record.lists.includes(list));
  return subscriber.consents.some(
    (entry) =>
      record.at.getTime() - entry.at.getTime() < DAY_MS &&
      entry.form === record.form &&
      entry.variant === record.variant &&
      entry.wordingVersion === record.wordingVersion &&
      entry.privacyNoticeVersion === record.privacyNoticeVersion &&
      sameLists(entry.lists),
  );
}

/**
 * A stored submission whose visitor asked for updates creates or refreshes the address's
 * subscriptions (pending until confirmed) with a consent record, and queues a confirmation email
 * unless the address needs none (already confirmed), has had two in the last day, or `mayConfirm`
 * (the hourly caps: confirmation-caps.ts) refuses it; asked only when one would be sent. Running it
 * again for the same submission changes nothing, so a retried or replayed submission is safe.
 */
export async function subscribeFromSubmission(
  deps: SubscriberDeps,
  submission: StoredSubmission,
  mayConfirm: () => Promise<boolean> = async () => true,
): Promise<void> {
  const consent = consentOf(submission.variant, submission.fields);
  const email = typeof submission.fields.email === 'string' ? submission.fields.email.trim() : '';
  if (!consent || !email) return;
  const id = addressHash(email);
  const now = deps.clock();
  const before = await deps.store.subscriptions.get(id);
  const confirming = wouldConfirm(before, submission.id, consent.lists, now);
  const record: ConsentRecord = {
    at: submission.receivedAt,
    form: submission.form,
    variant: submission.variant,
    page: submission.page,
    submissionId: submission.id,
    lists: consent.lists,
    wording: consent.wording,
    wordingVersion: consent.wordingVersion,
    privacyNoticeVersion: consent.privacyNoticeVersion,
  };
  // Read without a write first: a form sent again and again with one address costs one read each.
  if (!confirming && repeatsRecentConsent(before, record)) return;
  const allowed = confirming && (await mayConfirm());
  const stored = await deps.store.subscriptions.change(id, (current) => {
    const base = current ?? emptySubscriber(id, email, now);
    if (base.consents.some((entry) => entry.submissionId === submission.id)) return undefined;
    const lists = { ...base.lists };
    for (const list of consent.lists) {
      if (lists[list]?.state !== 'confirmed') lists[list] = { state: 'pending', since: now };
    }
    const recent = base.confirmationsSent.filter((at) => now.getTime() - at.getTime() < DAY_MS);
    const waiting = consent.lists.some((list) => lists[list]?.state === 'pending');
    const send = allowed && waiting && recent.length < CONFIRMATIONS_PER_DAY;
    if (!send && repeatsRecentConsent(current, record)) return undefined;
    return {
      ...base,
      lists,
      consents: [...base.consents, record],
      confirmationsSent: send ? [...recent, now] : recent,
    };
  });
  // Sent when this change recorded a confirmation at `now` (the change may have run more than once).
  if (!stored?.confirmationsSent.some((at) => at.getTime() === now.getTime())) return;
  const confirmationId = newDocumentId();
  await deps.store.confirmations.create(
    {
      id: confirmationId,
      subscriberId: id,
      email: stored.email,
      secret: newSecret(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    },
    { status: 'pending', attempts: 0, messageId: deps.mail.messageId(), dueAt: now },
  );
  deps.mail.queued('confirmation', [confirmationId]);
}

async function confirmationOf(deps: SubscriberDeps, token: string) {
  const parts = parseToken(token);
  const confirmation = parts && (await deps.store.confirmations.get(parts.id));
  if (!parts || !confirmation || !sameSecret(parts.secret, confirmation.secret)) throw new LinkError('invalid');
  const subscriber = await deps.store.subscriptions.get(confirmation.subscriberId);
  if (!subscriber) throw new LinkError('invalid');
  return { confirmation, subscriber };
}

/** What the confirmation page shows; changes nothing (mail scanners follow links). */
export async function confirmationInfo(deps: SubscriberDeps, token: string): Promise<ConfirmInfo> {
  const { confirmation, subscriber } = await confirmationOf(deps, token);
  const used = confirmation.usedAt !== undefined;
  if (!used && confirmation.expiresAt.getTime() <= deps.clock().getTime()) throw new LinkError('expired');
  return {
    email: subscriber.email,
    lists: listsIn(subscriber, used ? 'confirmed' : 'pending'),
    state: used ? 'confirmed' : 'pending',
    expiresAt: confirmation.expiresAt.toISOString(),
  };
}

/** Confirm pressed: every list the address waits on is confirmed, and it leaves the suppression list. */
export async function confirm(deps: SubscriberDeps, token: string): Promise<UpdateListId[]> {
  const { confirmation } = await confirmationOf(deps, token);
  const now = deps.clock();
  if (confirmation.usedAt) throw new LinkError('used');
  if (confirmation.expiresAt.getTime() <= now.getTime()) throw new LinkError('expired');
  if (!(await deps.store.confirmations.use(confirmation.id, now))) throw new LinkError('used');
  let confirmed: UpdateListId[] = [];
  await deps.store.subscriptions.change(confirmation.subscriberId, (current) => {
    if (!current) return undefined;
    confirmed = listsIn(current, 'pending');
    const lists = { ...current.lists };
    for (const list of confirmed) lists[list] = { state: 'confirmed', since: now, confirmedAt: now };
    const consents = current.consents.map((entry) =>
      entry.confirmedAt === undefined && entry.lists.some((list) => confirmed.includes(list))
        ? { ...entry, confirmedAt: now }
        : entry,
    );
    return { ...current, lists, consents };
  });
  if (confirmed.length > 0) {
    deps.impact?.outcome('subscription-confirmed');
    await deps.store.suppressions.remove(confirmation.subscriberId);
  }
  return confirmed;
}

async function subscriberOf(deps: SubscriberDeps, token: string): Promise<Subscriber> {
  const parts = parseToken(token);
  const subscriber = parts && (await deps.store.subscriptions.get(parts.id));
  if (!parts || !subscriber || !sameSecret(parts.secret, subscriber.secret)) throw new LinkError('invalid');
  return subscriber;
}

function preferencesView(subscriber: Subscriber): Preferences {
  return {
    email: subscriber.email,
    lists: UPDATE_LISTS.map((id) => {
      const state = stateOf(subscriber, id) ?? 'none';
      return { id, state, subscribed: state === 'confirmed' };
    }),
  };
}

/** The preferences page's data; changes nothing. */
export async function preferences(deps: SubscriberDeps, token: string): Promise<Preferences> {
  return preferencesView(await subscriberOf(deps, token));
}

/**
 * The address keeps exactly `wanted`: other lists are left; a wanted list it had left (or never
 * joined) is joined again, confirmed, with a consent record of the preferences page: the link came
 * to this inbox, so choosing there is a confirmed opt-in. An address on no list is suppressed.
 */
export async function setPreferences(
  deps: SubscriberDeps,
  token: string,
  wanted: readonly UpdateListId[],
): Promise<Preferences> {
  const subscriber = await subscriberOf(deps, token);
  return applyLists(deps, subscriber.id, (list, state) => (wanted.includes(list) ? 'confirmed' : state && 'left'));
}

/** RFC 8058 one-click: the address leaves one list (or every list), at once; again changes nothing. */
export async function leave(deps: SubscriberDeps, token: string, list?: UpdateListId): Promise<Preferences> {
  const subscriber = await subscriberOf(deps, token);
  return applyLists(deps, subscriber.id, (each, state) =>
    list === undefined || each === list ? state && 'left' : state,
  );
}

async function applyLists(
  deps: SubscriberDeps,
  id: string,
  target: (list: UpdateListId, state: ListMembership['state'] | undefined) => ListMembership['state'] | undefined,
): Promise<Preferences> {
  const now = deps.clock();
  let joinedAny = false;
  let leftAny = false;
  const stored = await deps.store.subscriptions.change(id, (current) => {
    if (!current) return undefined;
    const lists = { ...current.lists };
    const joined: UpdateListId[] = [];
    for (const list of UPDATE_LISTS) {
      const state = lists[list]?.state;
      const next = target(list, state);
      if (next === undefined || next === state) continue;
      if (next === 'confirmed') {
        joined.push(list);
        lists[list] = { state: 'confirmed', since: now, confirmedAt: now };
      } else lists[list] = { ...lists[list]!, state: next, since: now, leftAt: now };
    }
    joinedAny = joined.length > 0;
    leftAny = UPDATE_LISTS.some((list) => lists[list]?.state === 'left' && current.lists[list]?.state !== 'left');
    if (joined.length === 0 && UPDATE_LISTS.every((list) => lists[list] === current.lists[list])) return undefined;
    const consents: readonly ConsentRecord[] = joined.length
      ? [
          ...current.consents,
          {
            at: now,
            form: 'preferences',
            variant: 'preferences',
            page: '/updates/preferences',
            submissionId: '',
            lists: joined,
            wording: joined.map((list) => `Preferences page: ${LIST_NAMES[list]}`).join(' + '),
            wordingVersion: '',
            privacyNoticeVersion: '',
            confirmedAt: now,
          },
        ]
      : current.consents;
    return { ...current, lists, consents };
  });
  if (!stored) throw new LinkError('invalid');
  if (joinedAny) deps.impact?.outcome('subscription-confirmed');
  if (leftAny) deps.impact?.outcome('subscription-left');
  const onAny = UPDATE_LISTS.some((list) => ['confirmed', 'pending'].includes(stateOf(stored, list) ?? ''));
  if (onAny) await deps.store.suppressions.remove(id);
  else await deps.store.suppressions.add({ id, reason: 'left', at: now });
  return preferencesView(stored);
}

/**
 * Erasure: the address's subscriptions, consent records and links go, its deliveries forget it,
 * and only its hash stays, on the suppression list. Answers whether it had subscriptions.
 */
export async function eraseSubscriber(store: UpdatesStore, email: string, at: Date): Promise<boolean> {
  const id = addressHash(email);
  const existed = (await store.subscriptions.get(id)) !== null;
  await store.suppressions.add({ id, reason: 'erased', at });
  await store.deliveries.erase(id);
  await store.confirmations.removeFor(id);
  await store.subscriptions.change(id, () => null);
  return existed;
}
