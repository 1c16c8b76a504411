import type { Database } from 'better-sqlite3';
import type { Db } from 'mongodb';
import type { DatabaseClient } from '../../src/db/client';
import { TOTAL_DAY } from '../../src/records/impact';
import { IMPACT_COUNTERS } from '../../src/records/impact/record';
import type { Store } from '../../src/store';
import { recordContract } from '../helpers/record-suite';
import { describeStore, mongoCase, type TestStore } from '../helpers/stores';

const view = (route: string) => ({ key: { metric: 'view', dim: 'route', value: route }, by: 1 });
const all = { metric: 'view', dim: 'all', value: '' };
const one = { key: all, by: 1 };

/** Counters as the version before the roll-up wrote them: one document per counter, `day|metric|dim|writer|value`. */
async function writeOldCounters(store: Store, counters: Record<string, number>): Promise<void> {
  let raw: DatabaseClient<object> | undefined;
  store.over((client) => {
    raw = client as DatabaseClient<object>;
    return client;
  });
  await raw!.run('old counters', async (handle) => {
    for (const [id, n] of Object.entries(counters))
      if (store.kind === 'embedded')
        (handle as Database)
          .prepare(`INSERT INTO "${IMPACT_COUNTERS.name}" (id, doc) VALUES (?, ?)`)
          .run(id, JSON.stringify({ n }));
      else await (handle as Db).collection(IMPACT_COUNTERS.name).insertOne({ _id: id as never, n });
  });
}

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

  it('sums spans across rolled-up months and open days alike, and rolls each past month once', async () => {
    const impact = store().impact;
    const added: [string, number][] = [
      ['2026-01-15', 3],
      ['2026-01-31', 2],
      ['2026-02-01', 5],
      ['2026-02-28', 1],
      ['2026-03-01', 7],
      ['2026-03-09', 4],
    ];
    for (const [day, by] of added) await impact.add(day, [{ key: all, by }, view(`/on-${day}`)]);
    const spans = [
      ['2026-01-20', '2026-03-09'],
      ['2026-02-01', '2026-02-28'],
      ['2026-01-31', '2026-02-01'],
      ['2026-01-01', '2026-03-31'],
    ] as const;
    const expected = (from: string, to: string) => {
      const inSpan = added.filter(([day]) => day >= from && day <= to);
      return {
        views: inSpan.reduce((sum, [, by]) => sum + by, 0),
        routes: inSpan.map(([day]) => `/on-${day}`).sort(),
        daily: inSpan.map(([day, by]) => ({ day, ...all, n: by })),
      };
    };
    const figures = async (from: string, to: string) => {
      const { sums, daily } = await impact.span(from, to);
      return {
        views: sums.find((sum) => sum.dim === 'all')?.n ?? 0,
        routes: sums
          .filter((sum) => sum.dim === 'route')
          .map((sum) => sum.value)
          .sort(),
        daily: [...daily].sort((a, b) => a.day.localeCompare(b.day)),
      };
    };
    for (const [from, to] of spans) expect(await figures(from, to)).toEqual(expected(from, to));
    const perDay = await impact.counts('2026-01-20', '2026-03-09');

    // On 2 March, February's last day is two days past: January and February are rolled up.
    expect(await impact.rollUp('2026-03-01')).toBe(1);
    expect(await impact.rollUp('2026-03-02')).toBe(1);
    expect(await impact.rollUp('2026-03-02')).toBe(0);
    for (const [from, to] of spans) expect(await figures(from, to)).toEqual(expected(from, to));
    expect(new Set(await impact.counts('2026-01-20', '2026-03-09'))).toEqual(new Set(perDay));
    // The open month goes on counting.
    await impact.add('2026-03-09', [{ key: all, by: 10 }]);
    expect((await figures('2026-01-01', '2026-03-31')).views).toBe(expected('2026-01-01', '2026-03-31').views + 10);
  });

  it("reads the earlier version's counters, and moves past days of them into days", async () => {
    const impact = store().impact;
    await writeOldCounters(store(), {
      '2026-02-27|view|all|old1|': 4,
      '2026-02-27|view|campaign|old1|news|email|42': 2,
      '2026-02-27|view|all|old2|': 1,
      '2026-03-09|view|all|old1|': 6,
      'total|reach:download|state|old1|CA': 3,
    });
    await impact.add('2026-02-27', [{ key: all, by: 10 }]);
    await impact.add(TOTAL_DAY, [{ key: { metric: 'reach:download', dim: 'state', value: 'CA' }, by: 1 }]);
    const figures = async () => ({
      feb: [...(await impact.span('2026-02-01', '2026-02-28')).sums].sort((a, b) => a.dim.localeCompare(b.dim)),
      march: (await impact.span('2026-03-01', '2026-03-31')).sums,
      totals: await impact.counts(TOTAL_DAY, TOTAL_DAY),
    });
    const expected = {
      feb: [
        { ...all, n: 15 },
        { metric: 'view', dim: 'campaign', value: 'news|email|42', n: 2 },
      ],
      march: [{ ...all, n: 6 }],
      totals: [{ day: TOTAL_DAY, metric: 'reach:download', dim: 'state', value: 'CA', n: 4 }],
    };
    expect(await figures()).toEqual(expected);
    // 10 March: the days before yesterday are moved (two days of February), yesterday's stays old.
    expect(await impact.rollUp('2026-03-10')).toBe(3);
    expect(await figures()).toEqual(expected);
    // 2 April: March (with the moved 9 March) is rolled up too.
    expect(await impact.rollUp('2026-04-02')).toBe(2);
    expect(await figures()).toEqual(expected);
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
