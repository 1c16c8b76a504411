import { DuplicateSubmissionError } from '../../src/store';
import { contactSubmission, recordContract } from '../helpers/record-suite';

// The rest of the submissions' contract is the storage contract (helpers/store-contract.ts).
recordContract('submission record, inserts sent at once', (store) => {
  it('answers each as if it were alone: a repeated key is refused, every other insert stored', async () => {
    const tag = { key: 'c0ffee00-0000-4000-8000-00000000000a', fingerprint: 'same' };
    const outcomes = await Promise.allSettled([
      store().submissions.insert(contactSubmission('2025-03-01T10:00:00Z', { lastName: 'First' }), {
        idempotency: tag,
      }),
      store().submissions.insert(contactSubmission('2025-03-01T10:00:01Z', { lastName: 'Other' })),
      store().submissions.insert(contactSubmission('2025-03-01T10:00:02Z', { lastName: 'Again' }), {
        idempotency: tag,
      }),
      store().submissions.insert(contactSubmission('2025-03-01T10:00:03Z', { lastName: 'Last' })),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const first = (outcomes[0] as PromiseFulfilledResult<{ id: string }>).value;
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new DuplicateSubmissionError(first.id, true));
    const stored = await store().submissions.list();
    expect(stored.map((row) => row.fields.lastName)).toEqual(['First', 'Other', 'Last']);
  });
});
