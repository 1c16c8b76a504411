import type { UpdateListId } from '@wpc/shared/updates';
import type { ListState, Subscriber } from '../../src/records/subscriptions';
import { addressHash } from '../../src/records/subscriptions/address';
import { recordContract } from '../helpers/record-suite';

// Issue 27: one subscription record per address (known by its hash), its lists and its consent
// records (GDPR Art. 7); the console's counts per list, its search, and an update's recipients.

const AT = new Date('2026-03-01T09:00:00.000Z');

const subscriber = (email: string, lists: Partial<Record<UpdateListId, ListState>>): Subscriber => ({
  id: addressHash(email),
  email,
  secret: 's'.repeat(43),
  lists: Object.fromEntries(Object.entries(lists).map(([list, state]) => [list, { state, since: AT }])),
  consents: [],
  confirmationsSent: [],
  createdAt: AT,
  version: 0,
});

recordContract('update subscription record', (store) => {
  const put = (email: string, lists: Partial<Record<UpdateListId, ListState>>) =>
    store().subscriptions.change(addressHash(email), () => subscriber(email, lists));

  it('keeps one subscription per address, however its case and spaces are typed, with its consent records', async () => {
    expect(addressHash(' Rosa@Example.ORG ')).toBe(addressHash('rosa@example.org'));
    const id = addressHash('rosa@example.org');
    const consent = {
      at: AT,
      form: 'contact' as const,
      variant: 'contactScorecard' as const,
      page: '/contact-us',
      submissionId: '0123456789abcdef01234567',
      lists: ['scorecard' as const],
      wording: 'Subscribe to updates',
      wordingVersion: '2026-01-15',
      privacyNoticeVersion: '2026-11-01',
    };
    await store().subscriptions.change(id, () => ({
      ...subscriber('Rosa@Example.org', { scorecard: 'pending' }),
      consents: [consent],
    }));
    const confirmedAt = new Date(AT.getTime() + 60_000);
    // The second sign-up of the same address (another case) changes the one record.
    const after = await store().subscriptions.change(addressHash('ROSA@example.org'), (current) => ({
      ...current!,
      lists: { scorecard: { state: 'confirmed', since: confirmedAt, confirmedAt } },
      consents: current!.consents.map((entry) => ({ ...entry, confirmedAt })),
    }));
    expect(after?.version).toBe(2);
    const stored = await store().subscriptions.get(id);
    expect(stored).toEqual(after);
    // Proof of consent survives storage as it was given: times stay times.
    expect(stored?.consents).toEqual([{ ...consent, confirmedAt }]);
    expect(stored?.lists.scorecard?.confirmedAt).toEqual(confirmedAt);
    expect(await store().subscriptions.all()).toHaveLength(1);
  });

  it('leaves a subscriber as it is when a change makes nothing of it, and removes it on erasure', async () => {
    const first = await put('kai@example.org', { showcase: 'pending' });
    expect(await store().subscriptions.change(first!.id, () => undefined)).toEqual(first);
    expect(await store().subscriptions.change(addressHash('nobody@example.org'), () => undefined)).toBeNull();
    expect(await store().subscriptions.change(first!.id, () => null)).toBeNull();
    expect(await store().subscriptions.get(first!.id)).toBeNull();
    expect(await store().subscriptions.all()).toEqual([]);
  });

  it('counts every list’s confirmed, waiting and departed addresses as they change', async () => {
    await put('a@example.org', { scorecard: 'confirmed', showcase: 'pending' });
    await put('b@example.org', { scorecard: 'confirmed' });
    await put('c@example.org', { scorecard: 'pending' });
    const counts = (scorecard: number[], showcase: number[]) => [
      { list: 'scorecard', confirmed: scorecard[0], pending: scorecard[1], left: scorecard[2] },
      { list: 'showcase', confirmed: showcase[0], pending: showcase[1], left: showcase[2] },
    ];
    expect(await store().subscriptions.counts()).toEqual(counts([2, 1, 0], [0, 1, 0]));
    // c confirms, b leaves the scorecard list and joins the showcase, a is erased.
    await store().subscriptions.change(addressHash('c@example.org'), (current) => ({
      ...current!,
      lists: { scorecard: { state: 'confirmed', since: AT } },
    }));
    await store().subscriptions.change(addressHash('b@example.org'), (current) => ({
      ...current!,
      lists: { scorecard: { state: 'left', since: AT }, showcase: { state: 'confirmed', since: AT } },
    }));
    await store().subscriptions.change(addressHash('a@example.org'), () => null);
    const expected = counts([1, 0, 1], [1, 0, 0]);
    expect(await store().subscriptions.counts()).toEqual(expected);
    expect(await store().subscriptions.counts()).toEqual(expected);
  });

  it('finds a whole address only, part of one in any case, by address, on a list if asked, at most the limit', async () => {
    await put('jo@example.org', { scorecard: 'confirmed' });
    await put('mojo@example.org', { showcase: 'pending' });
    await put('Jolene@Example.net', { scorecard: 'left' });
    await put('kai@example.org', { scorecard: 'confirmed' });
    const emails = async (q: string, list?: UpdateListId, limit = 10) =>
      (await store().subscriptions.search({ q, list, limit })).map((row) => row.email);

    expect(await emails('JO@EXAMPLE.ORG')).toEqual(['jo@example.org']);
    expect(await emails('jo')).toEqual(['jo@example.org', 'Jolene@Example.net', 'mojo@example.org']);
    expect(await emails('jo', 'scorecard')).toEqual(['jo@example.org', 'Jolene@Example.net']);
    expect(await emails('jo', 'showcase')).toEqual(['mojo@example.org']);
    expect(await emails('mojo@example.org', 'scorecard')).toEqual([]);
    expect(await emails('example', undefined, 2)).toEqual(['jo@example.org', 'Jolene@Example.net']);
    // Patterns are text, not expressions.
    expect(await emails('.*')).toEqual([]);
    const [row] = await store().subscriptions.search({ q: 'kai', limit: 1 });
    expect(row).toMatchObject({ id: addressHash('kai@example.org'), email: 'kai@example.org', createdAt: AT });
    expect(row?.lists.scorecard?.state).toBe('confirmed');
  });

  it('gives an update’s recipients: the confirmed subscribers of its list only, each once, page by page', async () => {
    expect(await store().subscriptions.anyConfirmed('scorecard')).toBe(false);
    for (let n = 0; n < 23; n += 1) await put(`reader${n}@example.org`, { scorecard: 'confirmed' });
    await put('waiting@example.org', { scorecard: 'pending' });
    await put('gone@example.org', { scorecard: 'left', showcase: 'confirmed' });
    expect(await store().subscriptions.anyConfirmed('scorecard')).toBe(true);
    expect(await store().subscriptions.anyConfirmed('showcase')).toBe(true);

    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await store().subscriptions.recipients('scorecard', after, 10);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(10);
      seen.push(...page.map((recipient) => recipient.email));
      after = page.at(-1)!.id;
    }
    expect(seen.sort()).toEqual(Array.from({ length: 23 }, (_, n) => `reader${n}@example.org`).sort());
    expect(await store().subscriptions.recipients('showcase', undefined, 10)).toEqual([
      { id: addressHash('gone@example.org'), email: 'gone@example.org' },
    ]);
  });
});
