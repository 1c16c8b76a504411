import { QUESTION_IDS } from '@wpc/shared/assessment';
import type { NewAssessment, Store } from '../src/store';
import { describeStore, storeCases, type TestStore } from './helpers/stores';

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

    beforeEach(async () => {
      testStore = await storeCase.create();
      store = testStore.store;
      await store.init();
    });
    afterEach(() => testStore.destroy());

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
