import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { MongoStore, type Store } from '../../src/store';
import { deliveryId } from '../../src/records/deliveries';
import { addressHash } from '../../src/records/subscriptions/address';
import { AT, deliveries, sendingUpdate } from '../helpers/deliveries';
import { recordContract } from '../helpers/record-suite';
import { describeStore, mongoCase } from '../helpers/stores';

// Issue 38 item 11: an update's delivery counts are running tallies, like the subscriber counts,
// kept right through the fan-out (run again), sends, retries, bounces, skips, erasure and
// cancelling. The expected counts follow from the steps (issue 27: queued, sent, failed,
// suppressed, cancelled), not from the code.

const LATER = new Date(AT.getTime() + 60_000);
const LEASE_MS = 30_000;

/** The deliveries to <name>@example.org of each name. */
const recipients = (updateId: string, names: readonly string[], status?: 'pending' | 'suppressed') =>
  deliveries(
    updateId,
    names.map((name) => `${name}@example.org`),
    status,
  );

const idOf = (updateId: string, name: string) => deliveryId(updateId, addressHash(`${name}@example.org`));

/** Claims one delivery (at `now`) and answers its lease. */
async function claimed(store: Store, id: string, now = AT): Promise<string> {
  const claim = await store.deliveries.queue.claim(id, randomBytes(8).toString('hex'), now, LEASE_MS);
  if (!claim) throw new Error(`${id} could not be claimed`);
  return claim.lease;
}

recordContract('update delivery tallies', (store) => {
  it('stay right through a fan-out run again, sends, a retry, a bounce, a skip and erasure', async () => {
    const update = sendingUpdate();
    await store().updates.create(update);
    await store().deliveries.add(recipients(update.id, ['a', 'b', 'c', 'd', 'e']));
    await store().deliveries.add(recipients(update.id, ['gone'], 'suppressed'));
    // Run again after a crash: only f is new.
    expect(await store().deliveries.add(recipients(update.id, ['a', 'b', 'c', 'd', 'e', 'f']))).toBe(1);
    expect(await store().deliveries.counts(update.id)).toEqual({
      queued: 6,
      sent: 0,
      failed: 0,
      suppressed: 1,
      cancelled: 0,
    });

    const deliveries = store().deliveries.queue;
    expect(await deliveries.markSent(idOf(update.id, 'a'), await claimed(store(), idOf(update.id, 'a')), AT)).toBe(
      true,
    );
    // A temporary refusal: still queued, then sent on the retry.
    const retried = idOf(update.id, 'b');
    expect(await deliveries.retryLater(retried, await claimed(store(), retried), LATER, '421 busy')).toBe(true);
    expect((await store().deliveries.counts(update.id)).queued).toBe(5);
    expect(await deliveries.markSent(retried, await claimed(store(), retried, LATER), LATER)).toBe(true);
    // A bounce (a permanent refusal), and an address that left the list since the fan-out.
    const bounced = idOf(update.id, 'c');
    expect(await deliveries.markFailed(bounced, await claimed(store(), bounced), AT, '550 no such user')).toBe(true);
    const skipped = idOf(update.id, 'd');
    expect(await deliveries.markFailed(skipped, await claimed(store(), skipped), AT, 'left', 'suppressed')).toBe(true);
    // Erasure cancels e's pending delivery; a's, sent already, stays sent.
    await store().deliveries.erase(addressHash('e@example.org'));
    await store().deliveries.erase(addressHash('a@example.org'));
    // An outcome recorded twice (a lost lease) changes nothing.
    expect(await deliveries.markSent(bounced, 'not-the-lease', AT)).toBe(false);

    expect(await store().deliveries.counts(update.id)).toEqual({
      queued: 1,
      sent: 2,
      failed: 1,
      suppressed: 2,
      cancelled: 1,
    });
  });

  it('stay right when an update is cancelled, each update counting its own', async () => {
    const update = sendingUpdate();
    await store().updates.create(update);
    await store().deliveries.add(recipients(update.id, ['a', 'b', 'c']));
    const other = sendingUpdate();
    await store().updates.create(other);
    await store().deliveries.add(recipients(other.id, ['a', 'b']));
    expect(
      await store().deliveries.queue.markSent(idOf(other.id, 'a'), await claimed(store(), idOf(other.id, 'a')), AT),
    ).toBe(true);
    await store().updates.change(other.id, (current) => ({ ...current, state: 'cancelled' }));
    expect(await store().deliveries.cancel(other.id)).toBe(1);
    expect(await store().deliveries.cancel(other.id)).toBe(0);

    expect(await store().deliveries.counts(other.id)).toEqual({
      queued: 0,
      sent: 1,
      failed: 0,
      suppressed: 0,
      cancelled: 1,
    });
    // Another update's tally is its own.
    expect(await store().deliveries.counts(update.id)).toEqual({
      queued: 3,
      sent: 0,
      failed: 0,
      suppressed: 0,
      cancelled: 0,
    });
  });
});

describeStore(mongoCase, 'update delivery tallies, read', () => {
  it('a look at an update reads its tally, not its deliveries, unless the tally cannot be right', async () => {
    const dbName = `wpc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const uri = process.env.MONGODB_URI ?? '';
    const store = new MongoStore({ uri, dbName, serverSelectionTimeoutMS: 5000 });
    const direct = new MongoClient(uri);
    try {
      const update = sendingUpdate();
      await store.updates.create(update);
      await store.deliveries.add(recipients(update.id, ['a', 'b']));
      // A delivery written behind the record's back is not in the tally: the look did not count.
      await direct
        .db(dbName)
        .collection('update_deliveries')
        .insertOne({ ...recipients(update.id, ['x'])[0]!, _id: idOf(update.id, 'x') as never });
      expect((await store.deliveries.counts(update.id)).queued).toBe(2);
      // A count below zero (a change two writers both made, FerretDB 1.x not isolating them) is
      // counted afresh at once: then the delivery written behind its back is in it.
      await direct
        .db(dbName)
        .collection('update_tallies')
        .updateOne({ _id: `deliveries ${update.id}` as never }, { $inc: { 'counts.pending': -3, 'counts.sent': 3 } });
      expect(await store.deliveries.counts(update.id)).toEqual({
        queued: 3,
        sent: 0,
        failed: 0,
        suppressed: 0,
        cancelled: 0,
      });
    } finally {
      await store.dropDatabase();
      await store.close();
      await direct.close();
    }
  });
});
