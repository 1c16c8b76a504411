import { contactSubmission } from './helpers/record-suite';
import { describeStore, mongoCase, useMongoDatabase } from './helpers/stores';

// Issue 31 item 5: on MongoDB each claim inserts a ticket; cleanup deleted only settled ones, so
// released and run-out tickets (and those of erased submissions) stayed forever.

// Settled tickets are stamped with the real time: the test runs in it.
const AT = new Date();
const LEASE_MS = 60_000;
const later = (ms: number) => new Date(AT.getTime() + ms);

describeStore(mongoCase, 'mail claim tickets', () => {
  const mongo = useMongoDatabase('wpc_tickets');
  const tickets = () => mongo.db.collection('notification_claims').countDocuments();

  it('are deleted whatever their end (settled, released, run out, erased), so their number stays bounded', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const { id } = await mongo.store.submissions.insert(contactSubmission(AT.toISOString()), {
        notification: { status: 'pending', attempts: 0, messageId: `<m${index}@localhost>`, dueAt: AT },
      });
      ids.push(id);
    }
    for (const id of ids) {
      // Claim 1 given back (released), claim 2 run out (its holder died), claim 3 sent (settled).
      await mongo.store.outbox.claim(id, 'a', later(1), LEASE_MS);
      await mongo.store.outbox.retryLater(id, 'a', later(2), '451 try later');
      await mongo.store.outbox.claim(id, 'b', later(2), LEASE_MS);
      expect(await mongo.store.outbox.claim(id, 'c', later(LEASE_MS + 3), LEASE_MS)).not.toBeNull();
    }
    for (const id of ids.slice(0, 5)) await mongo.store.outbox.markSent(id, 'c', later(LEASE_MS + 4));
    // The other five are erased while their last claim is held.
    await mongo.store.submissions.remove(ids.slice(5));
    expect(await tickets()).toBe(30);

    // Two hours on, the sweep's cleanup leaves none of them.
    await mongo.store.outbox.due(later(2 * 60 * 60_000), 10);
    expect(await tickets()).toBe(0);
  });
});
