import type { NewSubmission, Store } from '../../src/store';
import { describeStore, storeCases, type TestStore } from './stores';

/**
 * One record's contract, run on every backend: a fresh store for each test (the MongoDB case
 * runs only with MONGODB_URI, and is otherwise skipped with a warning).
 */
export function recordContract(title: string, body: (store: () => Store) => void): void {
  for (const storeCase of storeCases) {
    describeStore(storeCase, title, () => {
      let testStore: TestStore;
      beforeEach(async () => {
        testStore = await storeCase.create();
        await testStore.store.init();
      });
      afterEach(() => testStore.destroy());
      body(() => testStore.store);
    });
  }
}

/** A plain contact-form submission, received at `receivedAt`. */
export function contactSubmission(receivedAt: string, fields: Record<string, string> = {}): NewSubmission {
  return {
    form: 'contact',
    variant: 'contactScorecard',
    fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', message: 'Hello', ...fields },
    files: [],
    page: '/contact-us',
    receivedAt: new Date(receivedAt),
  };
}
