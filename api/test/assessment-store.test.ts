import { createHash } from 'node:crypto';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import { ObjectId } from 'mongodb';
import { allRows } from './helpers/rows';
import { DuplicateSubmissionError, UnknownCursorError } from '../src/db/errors';
import type { NewAssessment, Store } from '../src/store';
import {
  describeStore,
  freshStorePerTest,
  mongoCase,
  storeCases,
  useMongoDatabase,
  type TestStore,
} from './helpers/stores';

function assessment(score: number, receivedAt: string): NewAssessment {
  return {
    communityType: 'tribal',
    country: 'NZ',
    zip: score % 2 === 0 ? '3010' : null,
    scores: Object.fromEntries(QUESTION_IDS.map((id, index) => [id, (index + score) % 6])),
    scorecardVersion: '02-20-24',
    receivedAt: new Date(receivedAt),
  };
}

// The storage port's shared-results methods behave the same on both adapters. The MongoDB case
// runs only with MONGODB_URI (CI sets it to FerretDB) and is otherwise skipped with a warning.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'storage of shared self-assessments', () => {
    let testStore: TestStore;
    let store: Store;
    freshStorePerTest(storeCase, (opened) => {
      testStore = opened;
      store = opened.store;
    });

    it('stores a result and returns it as a plain object with an id', async () => {
      const saved = await store.assessments.insert(assessment(2, '2026-03-01T10:00:00.000Z'));
      expect(saved).toEqual({ id: expect.any(String), ...assessment(2, '2026-03-01T10:00:00.000Z') });
      expect(saved.receivedAt).toBeInstanceOf(Date);
      expect(await store.assessments.list()).toEqual([saved]);
    });

    it('lists oldest first, filters by date, and keeps them apart from form submissions', async () => {
      await store.assessments.insert(assessment(3, '2026-03-03T00:00:00.000Z'));
      await store.assessments.insert(assessment(1, '2026-03-01T00:00:00.000Z'));
      await store.assessments.insert(assessment(2, '2026-03-02T00:00:00.000Z'));
      expect((await store.assessments.list()).map((saved) => saved.receivedAt.toISOString().slice(0, 10))).toEqual([
        '2026-03-01',
        '2026-03-02',
        '2026-03-03',
      ]);
      const since = await store.assessments.list({ since: new Date('2026-03-02T00:00:00.000Z') });
      expect(since.map((saved) => saved.zip)).toEqual(['3010', null]);
      expect(await store.submissions.list()).toEqual([]);
    });

    it('exports in order of receipt (then id) a page at a time, resuming after a named row', async () => {
      const noon = '2026-03-02T12:00:00.000Z';
      for (const [score, at] of [
        [1, noon],
        [2, '2026-03-01T00:00:00.000Z'],
        [3, noon],
        [4, '2026-03-03T00:00:00.000Z'],
        [5, noon],
      ] as const)
        await store.assessments.insert(assessment(score, at));
      const all = await allRows(store.assessments.stream());
      expect(all).toEqual(await store.assessments.list());
      const sameInstant = all.filter((saved) => saved.receivedAt.toISOString() === noon).map((saved) => saved.id);
      expect(sameInstant).toEqual([...sameInstant].sort());
      expect(all.map((saved) => saved.receivedAt.toISOString())).toEqual([
        '2026-03-01T00:00:00.000Z',
        noon,
        noon,
        noon,
        '2026-03-03T00:00:00.000Z',
      ]);
      // After the first of the three at noon: the other two, then the later one.
      expect(await allRows(store.assessments.stream({ after: all[1]!.id }))).toEqual(all.slice(2));
      expect(await allRows(store.assessments.stream({ after: all[1]!.id, limit: 2 }))).toEqual(all.slice(2, 4));
      const since = new Date('2026-03-03T00:00:00.000Z');
      expect(await allRows(store.assessments.stream({ after: all[0]!.id, since }))).toEqual(all.slice(4));
      await expect(allRows(store.assessments.stream({ after: 'no-such-result' }))).rejects.toBeInstanceOf(
        UnknownCursorError,
      );
    });

    it('stores a result once per Idempotency-Key, and tells a retry from a reused key', async () => {
      const tag = { key: 'share-key-0001', fingerprint: 'fp-a' };
      const first = await store.assessments.insert(assessment(1, '2026-03-01T00:00:00.000Z'), { idempotency: tag });
      const retry = store.assessments.insert(assessment(1, '2026-03-01T00:00:01.000Z'), { idempotency: tag });
      await expect(retry).rejects.toBeInstanceOf(DuplicateSubmissionError);
      await expect(retry).rejects.toMatchObject({ existingId: first.id, sameRequest: true });
      const reused = store.assessments.insert(assessment(2, '2026-03-01T00:00:02.000Z'), {
        idempotency: { ...tag, fingerprint: 'fp-b' },
      });
      await expect(reused).rejects.toMatchObject({ existingId: first.id, sameRequest: false });
      expect(await store.assessments.list()).toEqual([first]);
    });

    it('keeps them across a restart, when the indexes already exist', async () => {
      await store.assessments.insert(assessment(4, '2026-03-04T00:00:00.000Z'));
      await store.close();
      const reopened = testStore.reopen();
      await reopened.init();
      expect(await reopened.assessments.list()).toEqual([
        { id: expect.any(String), ...assessment(4, '2026-03-04T00:00:00.000Z') },
      ]);
    });
  });
}

// A MongoDB database written before the storage port: the driver gave each result an ObjectId
// (a keyed one the key's hash), and the store reads, resumes after and refuses repeats of them.
describeStore(mongoCase, 'shared self-assessments written before the storage port', () => {
  const mongo = useMongoDatabase('wpc_assessments_before_port');
  // How the driver-era code named a keyed result: the first 12 bytes of the key's SHA-256.
  const keyedId = new ObjectId(createHash('sha256').update('idempotency-key:old-key').digest().subarray(0, 12));

  it('reads them with their hex ids, resumes after one, and refuses a repeat of a stored key', async () => {
    const plainId = new ObjectId();
    const older = assessment(1, '2026-03-01T00:00:00.000Z');
    const keyed = assessment(2, '2026-03-02T00:00:00.000Z');
    await mongo.db.collection('assessments').insertMany([
      { _id: plainId, ...older },
      { _id: keyedId, ...keyed, idempotencyKey: 'old-key', requestFingerprint: 'old-fp' },
    ] as never[]);
    const { store } = mongo;
    expect(await store.assessments.list()).toEqual([
      { id: plainId.toHexString(), ...older },
      { id: keyedId.toHexString(), ...keyed },
    ]);
    const newer = await store.assessments.insert(assessment(3, '2026-03-03T00:00:00.000Z'));
    expect(newer.id).toMatch(/^[a-f0-9]{24}$/);
    expect(await allRows(store.assessments.stream({ after: plainId.toHexString() }))).toEqual([
      { id: keyedId.toHexString(), ...keyed },
      newer,
    ]);
    await expect(
      store.assessments.insert(assessment(4, '2026-03-04T00:00:00.000Z'), {
        idempotency: { key: 'old-key', fingerprint: 'old-fp' },
      }),
    ).rejects.toMatchObject({ existingId: keyedId.toHexString(), sameRequest: true });
    // Stored as the driver stores them, so a version before the port reads them as its own.
    expect(await mongo.db.collection('assessments').countDocuments({ _id: new ObjectId(newer.id) })).toBe(1);
  });
});
