import type { Collection, Db } from 'mongodb';
import type { DatabaseClient } from '../src/db/client';
import { documentClient } from '../src/db/port';
import { mongoDocuments } from '../src/db/port/mongo';
import type { OutboxRepository } from '../src/records/outbox';
import { submissionNotifications } from '../src/records/outbox/record';
import { DECLARED_COLLECTIONS } from '../src/records/registry';
import type { Store } from '../src/store';
import { contactSubmission } from './helpers/record-suite';
import { describeStore, freshStorePerTest, mongoCase, storeCases, useMongoDatabase } from './helpers/stores';

// Issue 31 item 4: a worker whose lease ran out (a send slower than it, a paused process) may still
// come back with an outcome after another worker claimed the entry and delivered it. That late
// outcome must change nothing: only the current holder's finish takes effect.

const LEASE_MS = 1000;
const T0 = new Date('2026-11-26T06:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function pendingEntry(store: Store): Promise<string> {
  const { id } = await store.submissions.insert(contactSubmission(T0.toISOString()), {
    notification: { status: 'pending', attempts: 0, messageId: '<late@consortium.test>', dueAt: T0 },
  });
  return id;
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'outbox: a late outcome from a holder whose lease ran out', () => {
    let store: Store;
    let outbox: OutboxRepository;
    freshStorePerTest(storeCase, (opened) => {
      store = opened.store;
      outbox = opened.store.outbox!;
    });

    it.each([
      ['failed (a refusal)', (id: string) => outbox.markFailed(id, 'lease-a', at(3000), '550 refused')],
      ['retry later (a timeout)', (id: string) => outbox.retryLater(id, 'lease-a', at(3000), 'timed out')],
      ['sent', (id: string) => outbox.markSent(id, 'lease-a', at(3000))],
    ])('changes nothing after the next holder delivered it: %s', async (_name, lateFinish) => {
      const id = await pendingEntry(store);
      expect(await outbox.claim(id, 'lease-a', T0, LEASE_MS)).not.toBeNull();
      expect(await outbox.claim(id, 'lease-b', at(LEASE_MS + 500), LEASE_MS)).not.toBeNull();
      expect(await outbox.markSent(id, 'lease-b', at(LEASE_MS + 600))).toBe(true);

      expect(await lateFinish(id)).toBe(false);
      expect(await outbox.stats()).toEqual({ pending: 0, oldestPendingAt: null, failed: 0 });
      // Sent for good: never due, never claimed again.
      expect(await outbox.due(at(24 * 60 * 60_000), 10)).toEqual([]);
      expect(await outbox.claim(id, 'lease-c', at(24 * 60 * 60_000), LEASE_MS)).toBeNull();
    });
  });
}

/**
 * A replica's database handle whose writes to the submissions wait at a gate the test opens: it
 * lets the test put another worker's claim and delivery between a finish's start and its write.
 */
function gatedReplica(db: Db) {
  let open: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  let arrived: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (arrived = resolve));
  const writes = new Set(['updateOne', 'findOneAndUpdate', 'replaceOne', 'updateMany']);
  const gated = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver) as unknown;
      return (name: string) => {
        const collection = target.collection(name);
        if (name !== 'submissions') return collection;
        return new Proxy(collection, {
          get(inner: Collection, method, innerReceiver) {
            const value = Reflect.get(inner, method, innerReceiver) as unknown;
            if (typeof value !== 'function') return value;
            const call = (value as (...args: unknown[]) => unknown).bind(inner);
            if (!writes.has(String(method))) return call;
            return async (...args: unknown[]) => {
              if (gate) {
                arrived();
                await gate;
              }
              return call(...args);
            };
          },
        });
      };
    },
  });
  const client = { run: async <T>(_what: string, work: (handle: Db) => Promise<T> | T) => work(gated) };
  return {
    outbox: submissionNotifications(
      documentClient(client as unknown as DatabaseClient<Db>, (handle) => mongoDocuments(handle, DECLARED_COLLECTIONS)),
    ),
    close() {
      gate = new Promise((resolve) => (open = resolve));
    },
    /** Resolves once a write has reached the closed gate. */
    reached: () => waiting,
    open: () => open(),
  };
}

describeStore(mongoCase, 'outbox on MongoDB: a late outcome racing the next holder', () => {
  const mongo = useMongoDatabase('wpc_late_finish');

  it('cannot undo the new holder’s success even when it checked its lease just before the claim', async () => {
    const { store, db } = mongo;
    const id = await pendingEntry(store);
    const late = gatedReplica(db);
    expect(await late.outbox.claim(id, 'lease-a', T0, LEASE_MS)).not.toBeNull();

    // The first holder's refusal arrives after its lease ran out, and is held just before its write...
    late.close();
    const lateOutcome = late.outbox.markFailed(id, 'lease-a', at(LEASE_MS + 100), '550 refused');
    await late.reached();
    // ...while the other replica claims the entry and delivers it.
    expect(await store.outbox.claim(id, 'lease-b', at(LEASE_MS + 200), LEASE_MS)).not.toBeNull();
    expect(await store.outbox.markSent(id, 'lease-b', at(LEASE_MS + 300))).toBe(true);
    late.open();

    expect(await lateOutcome).toBe(false);
    expect(await store.outbox.stats()).toEqual({ pending: 0, oldestPendingAt: null, failed: 0 });
    const doc = await db.collection('submissions').findOne({});
    expect(doc?.notification).toMatchObject({ status: 'sent', attempts: 2 });
    expect(doc?.notification).not.toHaveProperty('lastError');
  });
});
