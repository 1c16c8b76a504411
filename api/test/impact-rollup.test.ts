import type { ImpactQuery } from '@wpc/shared/team/impact-schemas';
import { impactReportSchema } from '@wpc/shared/team/impact-schemas';
import { impactCounter } from '../src/impact/counter';
import { impactReport } from '../src/impact/report';
import type { Store } from '../src/store';
import { describeStore, storeCases, type TestStore } from './helpers/stores';

// Issue 40's report speed: past months are rolled up into a document each, and the report must
// give exactly what the day counters gave, before and after the roll-up. Expected figures come
// from the views this test sends, counted here.

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY_MS = 86_400_000;
const ROUTES = ['/', '/scorecard', '/about'];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Sent {
  readonly day: string;
  readonly route: string;
  readonly optedOut: boolean;
  readonly download: boolean;
}

/** 150 days up to NOW (six months, the last one open): 1 to 3 views a day, a download every 7th day. */
const SENT: Sent[] = Array.from({ length: 150 }, (_, back) => {
  const day = new Date(NOW.getTime() - back * DAY_MS).toISOString().slice(0, 10);
  return Array.from({ length: (back % 3) + 1 }, (_, i) => ({
    day,
    route: ROUTES[(back + i) % ROUTES.length]!,
    optedOut: i === 2,
    download: i === 0 && back % 7 === 0,
  }));
}).flat();

const within = (from: string, to: string) => SENT.filter(({ day }) => day >= from && day <= to);

function expectedFor(from: string, to: string) {
  const sent = within(from, to);
  return {
    views: sent.length,
    visitors: sent.filter((view) => !view.optedOut).length,
    pages: Object.fromEntries(ROUTES.map((route) => [route, sent.filter((view) => view.route === route).length])),
    downloads: sent.filter((view) => view.download).length,
  };
}

async function sendAll(store: Store): Promise<ReturnType<typeof impactCounter>> {
  let now = NOW;
  const counter = impactCounter({ store, clock: () => now, siteOrigin: 'https://wildfire.example' });
  for (const [index, view] of SENT.entries()) {
    now = new Date(`${view.day}T10:00:00Z`);
    // Each view from an address of its own: every view not opted out is a visitor of its day.
    await counter.view({
      path: view.route,
      utm: {},
      ip: `198.51.100.${index % 250}`,
      userAgent: `${BROWSER} ${index}`,
      optedOut: view.optedOut,
    });
    if (view.download) counter.outcome('scorecard-download');
  }
  await counter.flush();
  now = NOW;
  return counter;
}

const QUERIES: ImpactQuery[] = [
  { period: '7d' },
  { period: '30d' },
  { period: '90d' },
  { period: '365d' },
  { period: 'custom', from: '2025-11-14', to: '2026-01-20' },
];

for (const storeCase of storeCases) {
  describeStore(storeCase, 'impact: the roll-up keeps the report exact', () => {
    let testStore: TestStore;
    beforeEach(async () => {
      testStore = await storeCase.create();
      await testStore.store.init();
    });
    afterEach(() => testStore.destroy());

    it('answers every period with the counts sent, before and after the past months are rolled up', async () => {
      const store = testStore.store;
      const counter = await sendAll(store);
      const sources = {
        impact: store.impact,
        listCounts: () => Promise.resolve([]),
        update: () => Promise.resolve(null),
      };
      const reports = () =>
        Promise.all(QUERIES.map(async (query) => impactReportSchema.parse(await impactReport(sources, query, NOW))));

      const before = await reports();
      for (const report of before) {
        const now = expectedFor(report.period.from, report.period.to);
        const earlier = expectedFor(report.previous.from, report.previous.to);
        expect(report.totals.views).toEqual({ current: now.views, previous: earlier.views });
        expect(report.totals.visitors).toEqual({ current: now.visitors, previous: earlier.visitors });
        expect(report.totals.outcomes['scorecard-download']).toEqual({
          current: now.downloads,
          previous: earlier.downloads,
        });
        for (const route of ROUTES)
          expect(report.topPages.find((page) => page.route === route) ?? { current: 0, previous: 0 }).toMatchObject({
            current: now.pages[route],
            previous: earlier.pages[route],
          });
        for (const { day, views, visitors } of report.visits)
          expect({ day, views, visitors }).toEqual({
            day,
            views: expectedFor(day, day).views,
            visitors: expectedFor(day, day).visitors,
          });
        for (const { day, served } of report.downloads)
          expect({ day, served }).toEqual({ day, served: expectedFor(day, day).downloads });
      }

      // October to February are rolled up (March is open); a second run finds nothing more to do.
      expect(await counter.rollUp()).toBe(5);
      expect(await counter.rollUp()).toBe(0);
      expect(await reports()).toEqual(before);
    });
  });
}
