import { newDocumentId } from '../../src/db/ids';
import type { Confirmation } from '../../src/records/confirmations';
import { addressHash } from '../../src/records/subscriptions/address';
import { recordContract } from '../helpers/record-suite';

// Issue 27: a confirmation link is stored with its one email, queued through the outbox; it is used
// once (confirming twice changes nothing), and erasure forgets every link of the address.

const AT = new Date('2026-03-01T09:00:00.000Z');
const WEEK = 7 * 24 * 60 * 60 * 1000;

const link = (email: string): Confirmation => ({
  id: newDocumentId(),
  subscriberId: addressHash(email),
  email,
  secret: 'x'.repeat(43),
  createdAt: AT,
  expiresAt: new Date(AT.getTime() + WEEK),
});
const pending = (n: number) => ({
  status: 'pending' as const,
  attempts: 0 as const,
  messageId: `<c${n}@test>`,
  dueAt: AT,
});

recordContract('update confirmation record', (store) => {
  it('keeps a link with its queued email, and lets it be used once', async () => {
    const confirmation = link('rosa@example.org');
    await store().confirmations.create(confirmation, pending(1));
    expect(await store().confirmations.get(confirmation.id)).toEqual({
      ...confirmation,
      mail: expect.objectContaining({ status: 'pending', attempts: 0, messageId: '<c1@test>' }),
    });
    // Its email is due through the outbox's queue.
    expect(await store().confirmations.queue.due(AT, 10)).toEqual([confirmation.id]);

    const used = new Date(AT.getTime() + 60_000);
    expect(await store().confirmations.use(confirmation.id, used)).toBe(true);
    expect(await store().confirmations.use(confirmation.id, new Date(used.getTime() + 1))).toBe(false);
    expect((await store().confirmations.get(confirmation.id))?.usedAt).toEqual(used);
    expect(await store().confirmations.use(newDocumentId(), used)).toBe(false);
    expect(await store().confirmations.get(newDocumentId())).toBeNull();
  });

  it('forgets every link of an erased address and no other', async () => {
    const first = link('erased@example.org');
    const second = link('erased@example.org');
    const other = link('stays@example.org');
    for (const [n, confirmation] of [first, second, other].entries())
      await store().confirmations.create(confirmation, pending(n));
    expect(await store().confirmations.removeFor(addressHash('erased@example.org'))).toBe(2);
    expect(await store().confirmations.get(first.id)).toBeNull();
    expect(await store().confirmations.get(second.id)).toBeNull();
    expect(await store().confirmations.get(other.id)).not.toBeNull();
    expect(await store().confirmations.queue.due(AT, 10)).toEqual([other.id]);
    expect(await store().confirmations.removeFor(addressHash('erased@example.org'))).toBe(0);
  });
});
