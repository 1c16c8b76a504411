import { newDocumentId } from '../../src/db/ids';
import { deliveryId, type Delivery } from '../../src/records/deliveries';
import type { Update } from '../../src/records/updates';
import { addressHash } from '../../src/records/subscriptions/address';

/** When the delivery record tests' update starts, and their deliveries fall due. */
export const AT = new Date('2026-03-01T09:00:00.000Z');

/** A new update, being sent since AT (or in another state). */
export const sendingUpdate = (state: Update['state'] = 'sending'): Update => ({
  id: newDocumentId(),
  subject: 'News',
  body: 'Hi.',
  list: 'scorecard',
  state,
  createdAt: AT,
  createdBy: 'editor@consortium.test',
  scheduledAt: null,
  startedAt: AT,
  finishedAt: null,
  fromRelease: null,
  fannedOut: false,
  version: 0,
});

/** One delivery of the update per address, as the fan-out adds them: pending (due at AT) or suppressed. */
export const deliveries = (updateId: string, emails: readonly string[], status: 'pending' | 'suppressed' = 'pending') =>
  emails.map((email): Delivery & { mail: never } => {
    const subscriberId = addressHash(email);
    return {
      id: deliveryId(updateId, subscriberId),
      updateId,
      subscriberId,
      email,
      mail: (status === 'pending'
        ? { status, attempts: 0, messageId: `<${email}@test>`, dueAt: AT }
        : { status, attempts: 0, messageId: `<${email}@test>` }) as never,
    };
  });
