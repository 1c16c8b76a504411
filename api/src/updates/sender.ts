import type { Logger } from 'pino';
import { documentIdTime } from '../db/ids';
import type { MailLane } from '../notify/worker';
import type { Store } from '../store';
import type { Confirmation } from '../records/confirmations';
import type { Delivery } from '../records/deliveries';
import { deliveryId } from '../records/deliveries';
import { archivePathOf } from './archive';
import { tokenOf } from './links';
import { confirmationMail, renderUpdate, updateMail, type MessageSettings, type UpdateContent } from './messages';
import { UPDATE_LISTS } from '@wpc/shared/updates';

type SenderStore = Pick<Store, 'subscriptions' | 'confirmations' | 'suppressions' | 'updates' | 'deliveries'>;

/** Update emails in flight at once: half the mailer's connections, the rest kept for notifications and sign-in links. */
export const UPDATE_MAX_IN_FLIGHT = 2;

/** The confirmation emails' lane of the mail worker: after the notifications, before updates. */
export function confirmationLane(store: SenderStore, settings: MessageSettings): MailLane<Confirmation> {
  return {
    name: 'confirmation',
    queue: store.confirmations.queue,
    async compose(confirmation, state) {
      const subscriber = await store.subscriptions.get(confirmation.subscriberId);
      const waiting = subscriber ? UPDATE_LISTS.filter((list) => subscriber.lists[list]?.state === 'pending') : [];
      if (!subscriber || waiting.length === 0) return { skip: 'cancelled', reason: 'nothing left to confirm' };
      return confirmationMail(
        subscriber.email,
        tokenOf(confirmation.id, confirmation.secret),
        waiting,
        state.messageId,
        settings,
      );
    },
    startedAt: (confirmation) => confirmation.createdAt,
  };
}

/**
 * The update deliveries' lane: last, at UPDATES_RATE, two at a time. Each email is written when it
 * is sent, for the recipient as they are then: one who left the list, or whose address was
 * suppressed or erased since the fan-out, is skipped ("suppressed"). A permanent refusal (5xx)
 * suppresses the address.
 */
export function deliveryLane(
  store: SenderStore,
  settings: MessageSettings,
  perSecond: number,
  /** Each update email the server took (the Impact page's "updates delivered"). */
  delivered?: () => void,
): MailLane<Delivery> {
  const rendered = new Map<string, UpdateContent>();
  const started = new Map<string, Date>();
  return {
    name: 'update',
    queue: store.deliveries.queue,
    maxInFlight: UPDATE_MAX_IN_FLIGHT,
    perSecond,
    async compose(delivery, state) {
      let content = rendered.get(delivery.updateId);
      if (!content) {
        const update = await store.updates.get(delivery.updateId);
        if (!update) return { skip: 'cancelled', reason: 'the update is gone' };
        content = renderUpdate(update, await archivePathOf(store, update, new Date()));
        if (rendered.size > 20) {
          rendered.clear();
          started.clear();
        }
        rendered.set(update.id, content);
        if (update.startedAt) started.set(update.id, update.startedAt);
      }
      const [subscriber, suppressed] = await Promise.all([
        store.subscriptions.get(delivery.subscriberId),
        store.suppressions.get(delivery.subscriberId),
      ]);
      if (!subscriber || suppressed || subscriber.lists[content.list]?.state !== 'confirmed') {
        return { skip: 'suppressed', reason: 'left the list or suppressed since the update was queued' };
      }
      return updateMail(
        content,
        { email: subscriber.email, token: tokenOf(subscriber.id, subscriber.secret) },
        state.messageId,
        settings,
      );
    },
    // A failing email is given up a day after its update started sending.
    startedAt: (delivery) => started.get(delivery.updateId) ?? documentIdTime(delivery.updateId),
    async refused(delivery) {
      await store.suppressions.add({ id: delivery.subscriberId, reason: 'bounced', at: new Date() });
    },
    sent: delivered,
  };
}

export interface UpdateSenderDeps {
  readonly store: SenderStore;
  readonly logger: Logger;
  /** The mail worker: new Message-IDs, and a nudge when deliveries were queued. */
  readonly mail: { messageId(): string; queued(lane: string, ids?: readonly string[]): void };
  readonly clock?: () => Date;
  readonly intervalMs?: number;
}

/** Recipients read and queued per step of a fan-out. */
const FAN_OUT_PAGE = 500;

/**
 * Moves updates along: a scheduled one starts when due; a sending one fans out into one delivery
 * record per confirmed recipient (idempotent: ids are "<update>.<subscriber>", so a fan-out cut
 * short by a crash, or run by two replicas, adds nobody twice); one whose deliveries are all
 * settled is sent. Runs every few seconds and when asked (send, resume).
 */
export class UpdateSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly clock: () => Date;

  constructor(private readonly deps: UpdateSenderDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  start(): void {
    this.timer = setInterval(() => this.poke(), this.deps.intervalMs ?? 5000);
    this.timer.unref();
    this.poke();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a step now (or right after the one running). */
  poke(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.step()
      .catch((error: unknown) =>
        this.deps.logger.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'update sender step failed',
        ),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.poke();
        }
      });
    return this.running;
  }

  private async step(): Promise<void> {
    const { store } = this.deps;
    const now = this.clock();
    for (const due of await store.updates.due(now)) {
      let update = due;
      if (update.state === 'scheduled') {
        const started = await store.updates.change(update.id, (current) =>
          current.state === 'scheduled' ? { ...current, state: 'sending', startedAt: now } : undefined,
        );
        if (!started || started.state !== 'sending') continue;
        update = started;
        this.deps.logger.info({ update: update.id }, 'scheduled update started');
      }
      if (!update.fannedOut) await this.fanOut(update.id, update.list);
    }
    for (const update of await store.updates.list()) {
      if (update.state !== 'sending' || !update.fannedOut) continue;
      // Not the counts: counting 10,000 deliveries on FerretDB took longer than STORE_TIMEOUT_MS
      // at every step, so an update there was never marked sent (bench:updates).
      if (await store.deliveries.anyPending(update.id)) continue;
      await store.updates.change(update.id, (current) =>
        current.state === 'sending' ? { ...current, state: 'sent', finishedAt: this.clock() } : undefined,
      );
      this.deps.logger.info({ update: update.id }, 'update sent');
    }
  }

  private async fanOut(updateId: string, list: (typeof UPDATE_LISTS)[number]): Promise<void> {
    const { store, mail } = this.deps;
    let after: string | undefined;
    let added = 0;
    for (;;) {
      const recipients = await store.subscriptions.recipients(list, after, FAN_OUT_PAGE);
      if (recipients.length === 0) break;
      after = recipients[recipients.length - 1]!.id;
      const now = this.clock();
      const suppressed = await store.suppressions.among(recipients.map((recipient) => recipient.id));
      const rows = recipients.map((recipient) => ({
        id: deliveryId(updateId, recipient.id),
        updateId,
        subscriberId: recipient.id,
        email: recipient.email,
        mail: suppressed.has(recipient.id)
          ? { status: 'suppressed' as const, attempts: 0, messageId: mail.messageId() }
          : { status: 'pending' as const, attempts: 0 as const, messageId: mail.messageId(), dueAt: now },
      }));
      added += await store.deliveries.add(rows);
      mail.queued('update');
      const current = await store.updates.get(updateId);
      if (!current || current.state === 'cancelled') break;
    }
    const done = await store.updates.change(updateId, (current) =>
      current.fannedOut ? undefined : { ...current, fannedOut: true },
    );
    if (done?.state === 'cancelled') await store.deliveries.cancel(updateId);
    this.deps.logger.info({ update: updateId, added }, 'update fanned out');
  }
}
