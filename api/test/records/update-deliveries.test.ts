import { deliveryId } from '../../src/records/deliveries';
import { addressHash } from '../../src/records/subscriptions/address';
import { AT, deliveries, sendingUpdate } from '../helpers/deliveries';
import { recordContract } from '../helpers/record-suite';

// Issue 27: one durable delivery per recipient of an update (its id "<update>.<subscriber>", so a
// fan-out run again adds nobody twice), sent through the outbox's queue only while the update is
// being sent; counts per update; cancelling and erasure.

recordContract('update delivery record', (store) => {
  it('adds one delivery per update and subscriber: a fan-out run again adds only who is missing', async () => {
    const update = sendingUpdate();
    await store().updates.create(update);
    expect(await store().deliveries.add(deliveries(update.id, ['a@example.org', 'b@example.org']))).toBe(2);
    expect(
      await store().deliveries.add(deliveries(update.id, ['a@example.org', 'b@example.org', 'c@example.org'])),
    ).toBe(1);
    expect(await store().deliveries.add([])).toBe(0);
    // The same subscriber in another update is another delivery.
    const next = sendingUpdate();
    await store().updates.create(next);
    expect(await store().deliveries.add(deliveries(next.id, ['a@example.org']))).toBe(1);

    expect(await store().deliveries.counts(update.id)).toEqual({
      queued: 3,
      sent: 0,
      failed: 0,
      suppressed: 0,
      cancelled: 0,
    });
    const id = deliveryId(update.id, addressHash('c@example.org'));
    expect(id).toBe(`${update.id}.${addressHash('c@example.org')}`);
    expect(await store().deliveries.get(id)).toMatchObject({
      id,
      updateId: update.id,
      email: 'c@example.org',
      mail: { status: 'pending' },
    });
    expect((await store().deliveries.queue.due(AT, 10)).sort()).toEqual(
      [
        ...['a', 'b', 'c'].map((name) => deliveryId(update.id, addressHash(`${name}@example.org`))),
        deliveryId(next.id, addressHash('a@example.org')),
      ].sort(),
    );
  });

  it('sends nothing of a paused update, counts suppressed recipients, and cancels what is left', async () => {
    const update = sendingUpdate('paused');
    await store().updates.create(update);
    await store().deliveries.add(deliveries(update.id, ['a@example.org', 'b@example.org']));
    await store().deliveries.add(deliveries(update.id, ['gone@example.org'], 'suppressed'));
    expect(await store().deliveries.queue.due(AT, 10)).toEqual([]);
    expect(await store().deliveries.anyPending(update.id)).toBe(true);
    expect(await store().deliveries.cancel(update.id)).toBe(2);
    // Nothing is left to send: the sender may mark the update sent.
    expect(await store().deliveries.anyPending(update.id)).toBe(false);
    expect(await store().deliveries.counts(update.id)).toEqual({
      queued: 0,
      sent: 0,
      failed: 0,
      suppressed: 1,
      cancelled: 2,
    });
    expect(await store().deliveries.cancel(update.id)).toBe(0);
  });

  it('forgets an erased address in every delivery and cancels its pending ones', async () => {
    const update = sendingUpdate();
    await store().updates.create(update);
    await store().deliveries.add(deliveries(update.id, ['erased@example.org', 'stays@example.org']));
    await store().deliveries.erase(addressHash('erased@example.org'));
    const erased = await store().deliveries.get(deliveryId(update.id, addressHash('erased@example.org')));
    expect(erased).toMatchObject({ email: '', mail: { status: 'cancelled' } });
    expect(await store().deliveries.get(deliveryId(update.id, addressHash('stays@example.org')))).toMatchObject({
      email: 'stays@example.org',
      mail: { status: 'pending' },
    });
    expect(await store().deliveries.queue.due(AT, 10)).toEqual([
      deliveryId(update.id, addressHash('stays@example.org')),
    ]);
  });
});
