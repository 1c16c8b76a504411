import { TOTAL_DAY } from '../../src/records/impact';
import { recordContract } from '../helpers/record-suite';
import { describeStore, mongoCase, type TestStore } from '../helpers/stores';

const view = (route: string) => ({ key: { metric: 'view', dim: 'route', value: route }, by: 1 });
const all = { metric: 'view', dim: 'all', value: '' };
const one = { key: all, by: 1 };

recordContract('impact record', (store) => {
  it('adds to counters per day and key, and reads back exactly the days asked for', async () => {
    const impact = store().impact;
    await impact.add('2026-03-01', [one, view('/scorecard')]);
    await impact.add('2026-03-01', [one, view('/scorecard')]);
    await impact.add('2026-03-02', [one, view('/')]);
    await impact.add('2026-03-03', [{ key: all, by: 4 }]);
    await impact.add(TOTAL_DAY, [{ key: { metric: 'reach:download', dim: 'state', value: 'CA' }, by: 1 }]);
    // A value may hold the separator: it stays whole.
    await impact.add('2026-03-02', [{ key: { metric: 'view', dim: 'campaign', value: 'news|email|42' }, by: 1 }]);

    const sorted = (counts: Awaited<ReturnType<typeof impact.counts>>) =>
      [...counts].sort((a, b) => `${a.day}${a.dim}${a.value}`.localeCompare(`${b.day}${b.dim}${b.value}`));
    expect(sorted(await impact.counts('2026-03-01', '2026-03-02'))).toEqual([
      { day: '2026-03-01', metric: 'view', dim: 'all', value: '', n: 2 },
      { day: '2026-03-01', metric: 'view', dim: 'route', value: '/scorecard', n: 2 },
      { day: '2026-03-02', metric: 'view', dim: 'all', value: '', n: 1 },
      { day: '2026-03-02', metric: 'view', dim: 'campaign', value: 'news|email|42', n: 1 },
      { day: '2026-03-02', metric: 'view', dim: 'route', value: '/', n: 1 },
    ]);
    expect(await impact.counts(TOTAL_DAY, TOTAL_DAY)).toEqual([
      { day: TOTAL_DAY, metric: 'reach:download', dim: 'state', value: 'CA', n: 1 },
    ]);
  });

  it('counts concurrent first hits of one key without losing any', async () => {
    const impact = store().impact;
    await Promise.all(Array.from({ length: 20 }, () => impact.add('2026-03-01', [one])));
    expect(await impact.counts('2026-03-01', '2026-03-01')).toEqual([{ day: '2026-03-01', ...all, n: 20 }]);
  });

  it('gives every caller the same salt for a day, a new one for the next day', async () => {
    const impact = store().impact;
    const [first, second] = await Promise.all([impact.salt('2026-03-01'), impact.salt('2026-03-01')]);
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await impact.salt('2026-03-02')).not.toBe(first);
  });

  it('sees a visitor once a day, and forgets the days before with their salts', async () => {
    const impact = store().impact;
    expect(await impact.firstSeen('2026-03-01', 'abc')).toBe(true);
    expect(await impact.firstSeen('2026-03-01', 'abc')).toBe(false);
    expect(await impact.firstSeen('2026-03-02', 'abc')).toBe(true);
    const oldSalt = await impact.salt('2026-03-01');
    const todaysSalt = await impact.salt('2026-03-02');

    // Two hashes and a salt of 03-01 go; 03-02's stay.
    await impact.firstSeen('2026-03-01', 'def');
    expect(await impact.forgetBefore('2026-03-02')).toBe(3);
    expect(await impact.firstSeen('2026-03-02', 'abc')).toBe(false);
    expect(await impact.salt('2026-03-02')).toBe(todaysSalt);
    expect(await impact.salt('2026-03-01')).not.toBe(oldSalt);
  });
});

// Two API processes on one database (replicas): MongoDB only, the embedded store has one process.
describeStore(mongoCase, 'impact record: two writers on one database', () => {
  let testStore: TestStore;
  beforeEach(async () => {
    testStore = await mongoCase.create();
    await testStore.store.init();
  });
  afterEach(() => testStore.destroy());

  it('loses no count when two replicas count the same keys at once', async () => {
    const other = testStore.reopen();
    await other.init();
    const writers = [testStore.store.impact, other.impact];
    await Promise.all(
      Array.from({ length: 40 }, (_, index) => writers[index % 2]!.add('2026-03-01', [one, { key: all, by: 2 }])),
    );
    expect(await testStore.store.impact.counts('2026-03-01', '2026-03-01')).toEqual([
      { day: '2026-03-01', ...all, n: 120 },
    ]);
  });
});
