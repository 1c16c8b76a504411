import type { Subscriber } from '../src/records/subscriptions';
import { addressHash } from '../src/records/subscriptions/address';
import { recordContract } from './helpers/record-suite';

// One address sent on many forms at once (the submit bench sends one address from 10 clients):
// every change of its subscriber lands, none is refused as "kept changing" (issue 39: on the
// storage port a change is a read and a conditional write, which other requests interleave).

const AT = new Date('2026-03-01T09:00:00.000Z');
const EMAIL = 'ada@example.org';

const withConsent = (current: Subscriber | null, n: number): Subscriber => ({
  id: addressHash(EMAIL),
  email: EMAIL,
  secret: 's'.repeat(43),
  lists: { scorecard: { state: 'pending', since: AT } },
  confirmationsSent: [],
  createdAt: AT,
  version: 0,
  ...current,
  consents: [
    ...(current?.consents ?? []),
    {
      at: AT,
      form: 'download',
      variant: 'download',
      page: null,
      submissionId: `submission-${n}`,
      lists: ['scorecard'],
      wording: 'Subscribe to updates',
      wordingVersion: '2026-01-15',
      privacyNoticeVersion: '2026-11-01',
    },
  ],
});

recordContract('subscriber changes at once', (store) => {
  it('keeps every one of 12 changes of one address made at once', async () => {
    const id = addressHash(EMAIL);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => store().subscriptions.change(id, (current) => withConsent(current, n))),
    );
    expect(answers.every((answer) => answer !== null)).toBe(true);
    const stored = await store().subscriptions.get(id);
    expect(stored?.version).toBe(12);
    expect(new Set(stored?.consents.map((consent) => consent.submissionId)).size).toBe(12);
    expect((await store().subscriptions.counts())[0]).toEqual({ list: 'scorecard', confirmed: 0, pending: 1, left: 0 });
  });
});
