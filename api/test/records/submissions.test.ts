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
    // Sent at once over a pool of connections, either keyed insert may reach the server first
    // (CI saw both orders on FerretDB): exactly one is stored and the other is refused naming it.
    expect([outcomes[1].status, outcomes[3].status]).toEqual(['fulfilled', 'fulfilled']);
    const keyed = [outcomes[0], outcomes[2]];
    expect(keyed.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = keyed.findIndex((outcome) => outcome.status === 'fulfilled');
    const stored = (keyed[winner] as PromiseFulfilledResult<{ id: string }>).value;
    expect((keyed[1 - winner] as PromiseRejectedResult).reason).toEqual(new DuplicateSubmissionError(stored.id, true));
    const names = (await store().submissions.list()).map((row) => row.fields.lastName);
    // Listed by the time each was received, as the contract says.
    expect(names).toEqual(winner === 0 ? ['First', 'Other', 'Last'] : ['Other', 'Again', 'Last']);
  });
});
