import { addressHash } from '../../src/records/subscriptions/address';
import { recordContract } from '../helpers/record-suite';

// Issue 27: an address that left, bounced or was erased is suppressed, by its hash alone; only a
// new confirmed opt-in takes it off the list.

const AT = new Date('2026-03-01T09:00:00.000Z');

recordContract('update suppression record', (store) => {
  it('suppresses an address once, by its hash, keeping the latest reason', async () => {
    const id = addressHash('left@example.org');
    await store().suppressions.add({ id, reason: 'left', at: AT });
    const later = new Date(AT.getTime() + 1000);
    await store().suppressions.add({ id, reason: 'erased', at: later });
    // Nothing but the hash, the reason and the time is kept.
    expect(await store().suppressions.get(id)).toEqual({ id, reason: 'erased', at: later });
    expect(await store().suppressions.count()).toBe(1);
  });

  it('answers which of many addresses are suppressed, and lifts one', async () => {
    const ids = ['a', 'b', 'c', 'd'].map((name) => addressHash(`${name}@example.org`));
    await store().suppressions.add({ id: ids[0]!, reason: 'bounced', at: AT });
    await store().suppressions.add({ id: ids[2]!, reason: 'left', at: AT });
    expect(await store().suppressions.among(ids)).toEqual(new Set([ids[0], ids[2]]));
    expect(await store().suppressions.among([])).toEqual(new Set());
    expect(await store().suppressions.count()).toBe(2);

    expect(await store().suppressions.remove(ids[0]!)).toBe(true);
    expect(await store().suppressions.remove(ids[0]!)).toBe(false);
    expect(await store().suppressions.remove(ids[1]!)).toBe(false);
    expect(await store().suppressions.get(ids[0]!)).toBeNull();
    expect(await store().suppressions.among(ids)).toEqual(new Set([ids[2]]));
    expect(await store().suppressions.count()).toBe(1);
  });
});
