import { contactSubmission, recordContract } from '../helpers/record-suite';

const AT = new Date('2025-03-01T10:00:00.000Z');
const LEASE_MS = 60_000;
const later = (ms: number) => new Date(AT.getTime() + ms);

recordContract('outbox record', (store) => {
  const queued = async () => {
    const { id } = await store().submissions.insert(contactSubmission(AT.toISOString()), {
      notification: { status: 'pending', attempts: 0, messageId: '<m1@localhost>', dueAt: AT },
    });
    return id;
  };

  it('queues a notification with its submission, hands it to one claimer, and records the outcome', async () => {
    const id = await queued();
    expect(await store().outbox.stats()).toEqual({ pending: 1, failed: 0, oldestPendingAt: AT });
    expect(await store().outbox.due(later(1), 10)).toEqual([id]);

    const claim = await store().outbox.claim(id, 'lease-1', later(1), LEASE_MS);
    expect(claim).toMatchObject({
      lease: 'lease-1',
      notification: { status: 'pending', attempts: 1, messageId: '<m1@localhost>' },
    });
    expect(claim?.submission).toMatchObject({ id, form: 'contact', fields: { firstName: 'Ada' } });
    // Held: not due, and no second claim while the lease runs.
    expect(await store().outbox.due(later(2), 10)).toEqual([]);
    expect(await store().outbox.claim(id, 'lease-2', later(2), LEASE_MS)).toBeNull();

    expect(await store().outbox.markSent(id, 'lease-other', later(3))).toBe(false);
    expect(await store().outbox.markSent(id, 'lease-1', later(3))).toBe(true);
    expect(await store().outbox.stats()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    expect(await store().outbox.claim(id, 'lease-3', later(LEASE_MS * 2), LEASE_MS)).toBeNull();
  });

  it('gives an entry back for later, and marks one failed for good', async () => {
    const id = await queued();
    await store().outbox.claim(id, 'lease-1', later(1), LEASE_MS);
    expect(await store().outbox.retryLater(id, 'lease-1', later(10_000), 'SMTP 451')).toBe(true);
    expect(await store().outbox.due(later(9_999), 10)).toEqual([]);
    expect(await store().outbox.due(later(10_000), 10)).toEqual([id]);
    const again = await store().outbox.claim(id, 'lease-2', later(10_000), LEASE_MS);
    expect(again?.notification).toMatchObject({ attempts: 2, lastError: 'SMTP 451' });
    expect(await store().outbox.markFailed(id, 'lease-2', later(10_001), 'SMTP 550')).toBe(true);
    expect(await store().outbox.stats()).toEqual({ pending: 0, failed: 1, oldestPendingAt: null });
  });

  it('renews a claim for its holder only, and never once it was taken over or settled', async () => {
    const id = await queued();
    await store().outbox.claim(id, 'lease-1', later(1), LEASE_MS);
    expect(await store().outbox.renew(id, 'lease-other', later(LEASE_MS - 10), LEASE_MS)).toBe(false);
    expect(await store().outbox.renew(id, 'lease-1', later(LEASE_MS - 10), LEASE_MS)).toBe(true);
    // Renewed from its renewal: still held where the first lease would have run out.
    expect(await store().outbox.due(later(LEASE_MS + 1), 10)).toEqual([]);
    expect(await store().outbox.claim(id, 'lease-2', later(LEASE_MS + 1), LEASE_MS)).toBeNull();
    const takenOver = 2 * LEASE_MS;
    expect(await store().outbox.claim(id, 'lease-2', later(takenOver), LEASE_MS)).toMatchObject({ lease: 'lease-2' });
    expect(await store().outbox.renew(id, 'lease-1', later(takenOver + 1), LEASE_MS)).toBe(false);
    expect(await store().outbox.markSent(id, 'lease-2', later(takenOver + 2))).toBe(true);
    expect(await store().outbox.renew(id, 'lease-2', later(takenOver + 3), LEASE_MS)).toBe(false);
  });

  it('makes a claim whose lease ran out claimable again, and forgets an erased submission’s entry', async () => {
    const id = await queued();
    await store().outbox.claim(id, 'lease-1', later(1), LEASE_MS);
    expect(await store().outbox.due(later(LEASE_MS + 1), 10)).toEqual([id]);
    expect(await store().outbox.claim(id, 'lease-2', later(LEASE_MS + 1), LEASE_MS)).toMatchObject({
      lease: 'lease-2',
    });
    expect(await store().outbox.markSent(id, 'lease-1', later(LEASE_MS + 2))).toBe(false);

    expect(await store().submissions.remove([id])).toBe(1);
    expect(await store().outbox.stats()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
  });
});
