import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { contactSubmission } from './helpers/record-suite';
import { allRows } from './helpers/rows';
import { describeStore, mongoCase, useMongoDatabase } from './helpers/stores';

// Issue 39: a MongoDB database written before the submissions moved onto the storage port. The
// driver gave each submission an ObjectId (a keyed one the first 12 bytes of the key's SHA-256) and
// kept its team notification as the `notification` field; the store reads, exports, claims, erases
// and refuses repeats of them as before, and writes new ones the same way.
describeStore(mongoCase, 'submissions written before the storage port', () => {
  const mongo = useMongoDatabase('wpc_submissions_before_port');
  const keyedId = new ObjectId(createHash('sha256').update('idempotency-key:old-key').digest().subarray(0, 12));
  const plainId = new ObjectId();
  const older = contactSubmission('2026-03-01T00:00:00.000Z', { lastName: 'Older' });
  const keyed = contactSubmission('2026-03-02T00:00:00.000Z', { lastName: 'Keyed' });
  const now = new Date('2026-03-05T00:00:00.000Z');

  beforeAll(async () => {
    await mongo.db.collection('submissions').insertMany([
      {
        _id: plainId,
        ...older,
        notification: { status: 'pending', attempts: 0, messageId: '<old@wpc.test>', dueAt: older.receivedAt },
      },
      { _id: keyedId, ...keyed, idempotencyKey: 'old-key', requestFingerprint: 'old-fp' },
    ] as never[]);
  });

  it('reads and exports them by their hex ids, and refuses a repeat of a stored key', async () => {
    const { store } = mongo;
    const rows = [
      { id: plainId.toHexString(), ...older },
      { id: keyedId.toHexString(), ...keyed },
    ];
    expect(await store.submissions.list()).toEqual(rows);
    expect(await allRows(store.submissions.stream({ after: plainId.toHexString() }))).toEqual([rows[1]]);
    const page = await store.submissions.inboxPage({ search: 'keyed' }, 0, 10);
    expect(page.rows).toEqual([rows[1]]);
    await expect(
      store.submissions.insert(contactSubmission('2026-03-04T00:00:00.000Z'), {
        idempotency: { key: 'old-key', fingerprint: 'old-fp' },
      }),
    ).rejects.toMatchObject({ existingId: keyedId.toHexString(), sameRequest: true });
  });

  it('claims and settles a notification queued before, and stores a new one as the driver did', async () => {
    const { store, db } = mongo;
    const id = plainId.toHexString();
    expect(await store.outbox.due(now, 10)).toEqual([id]);
    expect(await store.outbox.claim(id, 'lease-1', now, 60_000)).toMatchObject({ submission: { id } });
    expect(await store.outbox.markSent(id, 'lease-1', now)).toBe(true);
    expect((await db.collection('submissions').findOne({ _id: plainId }))?.notification).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
    const newer = await store.submissions.insert(contactSubmission('2026-03-04T00:00:00.000Z'), {
      notification: { status: 'pending', attempts: 0, messageId: '<new@wpc.test>', dueAt: now },
    });
    const stored = await db.collection('submissions').findOne({ _id: new ObjectId(newer.id) });
    expect(stored?.notification).toMatchObject({ status: 'pending', messageId: '<new@wpc.test>' });
  });

  it('erases them by their hex ids', async () => {
    const { store, db } = mongo;
    expect(await store.submissions.remove([keyedId.toHexString()])).toBe(1);
    expect(await db.collection('submissions').countDocuments({ _id: keyedId })).toBe(0);
  });
});
