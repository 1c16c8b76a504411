import fs from 'node:fs/promises';
import type { Express } from 'express';
import request from 'supertest';
import { ASSESSMENT_SHARE_PATH, endpointPath } from '@wpc/shared/schemas';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import {
  BEACON_MAX_BYTES,
  EDGE_BATCH_MAX_BYTES,
  EDGE_BATCH_MAX_RECORDS,
  EDGE_BATCH_PATH,
  impactReportSchema,
  type EdgeRecord,
  publicReachSchema,
  REACH_MIN_COUNT,
} from '@wpc/shared/team/impact-schemas';
import { createApp } from '../src/app';
import { StoreUnavailableError } from '../src/db/errors';
import type { ApiConfig } from '../src/config';
import { impactCounter, type ImpactCounter } from '../src/impact/counter';
import { BEACONS_PER_MINUTE } from '../src/impact/limit';
import { impactReport } from '../src/impact/report';
import type { Store } from '../src/store';
import { testConfig } from './helpers/config';
import { validBodies } from './helpers/fixtures';
import { describeStore, storeCases, type TestStore } from './helpers/stores';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Setup {
  app: Express;
  store: Store;
  counter: ImpactCounter;
  config: ApiConfig;
  clock: { now: number };
}

function useImpactApp(storeCase: (typeof storeCases)[number]): Setup {
  const setup = {} as Setup;
  let testStore: TestStore;
  beforeEach(async () => {
    testStore = await storeCase.create();
    setup.store = testStore.store;
    await setup.store.init();
    setup.config = await testConfig({ siteOrigin: 'https://wildfire.example' });
    setup.clock = { now: NOW };
    const clock = () => setup.clock.now;
    setup.counter = impactCounter({
      store: setup.store,
      clock: () => new Date(clock()),
      siteOrigin: setup.config.siteOrigin,
    });
    setup.app = createApp({ store: setup.store, config: setup.config, clock, impact: setup.counter });
  });
  afterEach(async () => {
    await setup.counter.flush();
    await testStore.destroy();
    await fs.rm(setup.config.uploads.tmpDir, { recursive: true, force: true });
  });
  return setup;
}

const from = (ip: string, userAgent = BROWSER) => ({ 'X-Forwarded-For': ip, 'User-Agent': userAgent });

async function report(setup: Setup, period: '7d' | '30d' = '7d') {
  await setup.counter.flush();
  const answer = await impactReport(
    {
      impact: setup.store.impact,
      listCounts: () => setup.store.subscriptions.counts(),
      update: (id) => setup.store.updates.get(id),
    },
    { period },
    new Date(setup.clock.now),
  );
  return impactReportSchema.parse(answer);
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'impact: counting and the report', () => {
    const setup = useImpactApp(storeCase);

    it('answers a beacon 204, a malformed one 400, one over 1 KB 413', async () => {
      const beacon = (body: string) =>
        request(setup.app).post('/api/impact/beacon').set(from('203.0.113.1')).type('text/plain').send(body);
      await beacon(JSON.stringify({ type: 'view', route: '/scorecard' })).expect(204);
      await beacon('{not json').expect(400);
      await beacon(JSON.stringify({ type: 'view', route: '/scorecard', email: 'ada@example.org' })).expect(400);
      await beacon(JSON.stringify({ type: 'outcome', outcome: 'update-delivered', route: '/' })).expect(400);
      const large = await beacon(JSON.stringify({ type: 'view', route: `/${'a'.repeat(BEACON_MAX_BYTES)}` })).expect(
        413,
      );
      expect(large.body.error).toMatch(/at most 1024 bytes/);
      expect((await report(setup)).totals.views.current).toBe(1);
    });

    it('refuses an edge call that names no page with 400, and counts nothing for it', async () => {
      const refused = await request(setup.app).post('/api/impact/view').set(from('203.0.113.2')).expect(400);
      expect(refused.body.error).toMatch(/X-Impact-Page|x-impact-page/);
      await request(setup.app)
        .post('/api/impact/view')
        .set(from('203.0.113.2'))
        .set('X-Impact-Page', 'scorecard')
        .expect(400);
      expect((await report(setup)).totals.views.current).toBe(0);
    });

    it('counts nothing, and answers 204, for a page that the URL parser reads as another host or as no URL', async () => {
      // Found by contract fuzzing: "//" made the batch answer 500.
      const oddPages = ['//', '/\\', '//evil.example/scorecard', '/\t/evil.example/scorecard', '/\\evil.example/'];
      for (const page of oddPages)
        await request(setup.app)
          .post('/api/impact/view')
          .set(from('203.0.113.3'))
          .set('X-Impact-Page', page)
          .expect(204);
      const records = oddPages.map((page) => ({
        type: 'view',
        page,
        optedOut: false,
        userAgent: BROWSER,
        forwardedFor: ['203.0.113.4', '127.0.0.1'],
      }));
      await request(setup.app)
        .post(EDGE_BATCH_PATH)
        .type('application/json')
        .send(JSON.stringify({ records: [...records, { ...records[0], page: '/scorecard' }] }))
        .expect(204);
      const answer = await report(setup);
      expect(answer.totals.views.current).toBe(1);
      expect(answer.topPages).toEqual([{ route: '/scorecard', current: 1, previous: 0 }]);
    });

    it('counts views by route, referrer domain, campaign and device; a visitor once a day', async () => {
      const edge = (page: string, headers: Record<string, string>) =>
        request(setup.app).post('/api/impact/view').set('X-Impact-Page', page).set(headers).expect(204);
      await edge('/scorecard?utm_source=partner&utm_medium=social&utm_campaign=spring', {
        ...from('203.0.113.1'),
        Referer: 'https://www.example.com/article?id=1',
      });
      await edge('/', from('203.0.113.1'));
      await edge('/', from('203.0.113.2', PHONE));
      // Not pages of the site: nothing.
      await edge('/team/inbox', from('203.0.113.1'));
      await edge('/no-such-page', from('203.0.113.1'));
      const answer = await report(setup);
      expect(answer.totals.views.current).toBe(3);
      expect(answer.totals.visitors.current).toBe(2);
      expect(answer.topPages).toEqual([
        { route: '/', current: 2, previous: 0 },
        { route: '/scorecard', current: 1, previous: 0 },
      ]);
      expect(answer.referrers).toEqual([
        { domain: '(direct)', current: 2, previous: 0 },
        { domain: 'example.com', current: 1, previous: 0 },
      ]);
      expect(answer.campaigns).toEqual([
        { source: 'partner', medium: 'social', campaign: 'spring', current: 1, previous: 0 },
      ]);
      expect(answer.devices).toEqual([
        { device: 'desktop', current: 2, previous: 0 },
        { device: 'tablet', current: 0, previous: 0 },
        { device: 'mobile', current: 1, previous: 0 },
      ]);
      expect(answer.visits.at(-1)).toEqual({ day: '2026-03-10', views: 3, visitors: 2 });
    });

    describe("the node edge's batch", () => {
      /** As the edge sends it: the visitor's hops, then the edge's own peer (here the loopback). */
      const view = (page: string, ip: string, extra: Partial<EdgeRecord> = {}): EdgeRecord =>
        ({
          type: 'view',
          page,
          optedOut: false,
          userAgent: BROWSER,
          forwardedFor: [ip, '127.0.0.1'],
          ...extra,
        }) as EdgeRecord;
      const send = (records: unknown[], app = setup.app) =>
        request(app).post(EDGE_BATCH_PATH).type('application/json').send(JSON.stringify({ records }));

      it('counts each record as a call of its own would: dimensions, uniques, bots, opt-outs, the zip', async () => {
        await send([
          view('/scorecard?utm_source=partner&utm_medium=social&utm_campaign=spring', '203.0.113.1', {
            referrer: 'https://www.example.com/article?id=1',
          }),
          view('/', '203.0.113.1'),
          view('/', '203.0.113.2', { userAgent: PHONE }),
          view('/about', '203.0.113.3', { optedOut: true }),
          view('/about', '203.0.113.4', { userAgent: GOOGLEBOT }),
          view('/team/inbox', '203.0.113.1'),
          view('/?utm_source=updates&utm_medium=email&utm_campaign=upd123', '203.0.113.5', { optedOut: true }),
          { type: 'download', userAgent: BROWSER, forwardedFor: ['203.0.113.1', '127.0.0.1'] },
          { type: 'download', userAgent: GOOGLEBOT, forwardedFor: ['203.0.113.4', '127.0.0.1'] },
        ]).expect(204);
        const answer = await report(setup);
        // Five pages of the site by people; the bot and the console page add nothing.
        expect(answer.totals.views.current).toBe(5);
        // 203.0.113.1 and .2; the opted-out visitors are views only.
        expect(answer.totals.visitors.current).toBe(2);
        expect(answer.topPages).toEqual([
          { route: '/', current: 3, previous: 0 },
          { route: '/about', current: 1, previous: 0 },
          { route: '/scorecard', current: 1, previous: 0 },
        ]);
        expect(answer.referrers).toContainEqual({ domain: 'example.com', current: 1, previous: 0 });
        expect(answer.campaigns).toContainEqual({
          source: 'partner',
          medium: 'social',
          campaign: 'spring',
          current: 1,
          previous: 0,
        });
        expect(answer.devices).toContainEqual({ device: 'mobile', current: 1, previous: 0 });
        expect(answer.totals.outcomes).toMatchObject({
          'scorecard-download': { current: 1, previous: 0 },
          'update-visit': { current: 1, previous: 0 },
        });
      });

      it("keeps each visitor's limit: a flood in batches adds at most BEACONS_PER_MINUTE, forged hops or not", async () => {
        // The visitor's own X-Forwarded-For comes before the hops the API trusts, and is not believed.
        const flood = Array.from({ length: 300 }, (_, i) =>
          view('/scorecard', '198.51.100.66', { forwardedFor: [`192.0.2.${i % 250}`, '198.51.100.66', '127.0.0.1'] }),
        );
        await send(flood.slice(0, 150)).expect(204);
        await send([...flood.slice(150), view('/', '198.51.100.67')]).expect(204);
        expect((await report(setup)).totals.views.current).toBe(BEACONS_PER_MINUTE + 1);
      });

      it("counts the rest of a batch when the store fails one visitor's check, and answers 503", async () => {
        const firstSeen = jest
          .spyOn(setup.store.impact, 'firstSeen')
          .mockRejectedValueOnce(new StoreUnavailableError('The store is down.'));
        try {
          await send([view('/', '203.0.113.1'), view('/about', '203.0.113.2'), view('/', '203.0.113.3')]).expect(503);
        } finally {
          firstSeen.mockRestore();
        }
        const answer = await report(setup);
        // Every view counted; one of the three visitors' checks failed.
        expect(answer.totals.views.current).toBe(3);
        expect(answer.totals.visitors.current).toBe(2);
      });

      it('is taken only straight from a caller the API trusts as a proxy; relayed or from outside, 403', async () => {
        const relayed = await send([view('/', '203.0.113.1')])
          .set('X-Forwarded-For', '203.0.113.1')
          .expect(403);
        expect(relayed.body.error).toMatch(/edge/);
        const untrusting = createApp({
          store: setup.store,
          config: { ...setup.config, trustProxy: false },
          clock: () => setup.clock.now,
          impact: setup.counter,
        });
        await send([view('/', '203.0.113.1')], untrusting).expect(403);
        expect((await report(setup)).totals.views.current).toBe(0);
      });

      it('answers a batch that is not JSON, not the schema, or too long 400, and one too large 413', async () => {
        await request(setup.app).post(EDGE_BATCH_PATH).type('application/json').send('{not json').expect(400);
        await send([]).expect(400);
        await send([{ ...view('/', '203.0.113.1'), ip: '203.0.113.1' }]).expect(400);
        await send([view('scorecard', '203.0.113.1')]).expect(400);
        const tooMany = await send(Array.from({ length: EDGE_BATCH_MAX_RECORDS + 1 }, () => view('/', '203.0.113.1')));
        expect(tooMany.status).toBe(400);
        expect(tooMany.body.error).toMatch(/batch/);
        const large = await request(setup.app)
          .post(EDGE_BATCH_PATH)
          .type('application/json')
          .send(' '.repeat(EDGE_BATCH_MAX_BYTES + 1))
          .expect(413);
        expect(large.body.error).toMatch(/at most/);
        expect((await report(setup)).totals.views.current).toBe(0);
      });
    });

    it('counts a bot nothing, and a visitor sending Sec-GPC or DNT as a view, never a unique', async () => {
      const beacon = (headers: Record<string, string>) =>
        request(setup.app).post('/api/impact/beacon').set(headers).send({ type: 'view', route: '/about' }).expect(204);
      await beacon(from('203.0.113.7', GOOGLEBOT));
      await beacon({ ...from('203.0.113.8'), 'Sec-GPC': '1' });
      await beacon({ ...from('203.0.113.9'), DNT: '1' });
      const answer = await report(setup);
      expect(answer.totals.views.current).toBe(2);
      expect(answer.totals.visitors.current).toBe(0);
    });

    it('counts at most BEACONS_PER_MINUTE of a burst of forged beacons from one address', async () => {
      const forged = JSON.stringify({ type: 'view', route: '/scorecard' });
      await Promise.all(
        Array.from({ length: 300 }, () =>
          request(setup.app)
            .post('/api/impact/beacon')
            .set(from('198.51.100.66'))
            .type('text/plain')
            .send(forged)
            .expect(204),
        ),
      );
      // Another address is not held back by the first one's flood.
      await request(setup.app)
        .post('/api/impact/beacon')
        .set(from('198.51.100.67'))
        .send({ type: 'view', route: '/' })
        .expect(204);
      expect((await report(setup)).totals.views.current).toBe(BEACONS_PER_MINUTE + 1);
    });

    it('counts the outcomes: forms sent, download forms, the zip served, beacons, shared assessments, update visits', async () => {
      const body = { ...validBodies.download, subscribe: false };
      await request(setup.app).post(endpointPath('download')).set(from('203.0.113.20')).send(body).expect(200);
      await request(setup.app).post('/api/impact/download').set(from('203.0.113.20')).expect(204);
      await request(setup.app).post('/api/impact/download').set(from('203.0.113.21', GOOGLEBOT)).expect(204);
      await request(setup.app)
        .post('/api/impact/beacon')
        .set(from('203.0.113.20'))
        .send({ type: 'outcome', outcome: 'form-opened', route: '/scorecard', form: 'download' })
        .expect(204);
      await request(setup.app)
        .post('/api/impact/beacon')
        .set(from('203.0.113.20'))
        .send({ type: 'outcome', outcome: 'partner-register', route: '/scorecard' })
        .expect(204);
      const scores = Object.fromEntries(QUESTION_IDS.map((id) => [id, 3]));
      await request(setup.app)
        .post(ASSESSMENT_SHARE_PATH)
        .set(from('203.0.113.22'))
        .send({ communityType: 'county', country: 'us', zip: '95945', scores, consent: true })
        .expect(200);
      await request(setup.app)
        .post('/api/impact/view')
        .set('X-Impact-Page', '/?utm_source=updates&utm_medium=email&utm_campaign=upd123')
        .set(from('203.0.113.23'))
        .expect(204);
      const { totals, forms, downloads, updates, funnel } = await report(setup);
      expect(totals.outcomes).toMatchObject({
        'form-sent': { current: 1, previous: 0 },
        'download-form-sent': { current: 1, previous: 0 },
        'scorecard-download': { current: 1, previous: 0 },
        'form-opened': { current: 1, previous: 0 },
        'partner-register': { current: 1, previous: 0 },
        'assessment-finished': { current: 1, previous: 0 },
        'assessment-shared': { current: 1, previous: 0 },
        'update-visit': { current: 1, previous: 0 },
      });
      expect(forms.find((form) => form.form === 'download')).toEqual({
        form: 'download',
        opened: { current: 1, previous: 0 },
        sent: { current: 1, previous: 0 },
      });
      expect(downloads.at(-1)).toEqual({ day: '2026-03-10', served: 1, formsSent: 1 });
      expect(updates).toEqual([{ campaign: 'upd123', visits: { current: 1, previous: 0 } }]);
      expect(funnel.map((step) => step.current)).toEqual([1, 1, 1, 0]);
    });

    it('counts a form retried with the same Idempotency-Key once', async () => {
      const body = { ...validBodies.download, subscribe: false };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await request(setup.app)
          .post(endpointPath('download'))
          .set(from('203.0.113.30'))
          .set('Idempotency-Key', 'retry-of-one-download-form-0001')
          .send(body)
          .expect(200);
      }
      const { totals } = await report(setup);
      expect(totals.outcomes).toMatchObject({
        'form-sent': { current: 1, previous: 0 },
        'download-form-sent': { current: 1, previous: 0 },
      });
    });

    it('counts reach by county, state and province; fewer than 5 fold into other, unmatched codes are unknown', async () => {
      // San Francisco County is FIPS 06075; Los Angeles County 06037; V6B is British Columbia.
      const codes = ['94102', '94103', '94107', '94110', '94114-1234', '90210', 'V6B 1A1', '0000', 'ABCDE'];
      for (const [index, zipCode] of codes.entries()) {
        await request(setup.app)
          .post(endpointPath('download'))
          .set(from(`203.0.113.${30 + index}`))
          .send({ ...validBodies.download, subscribe: false, pilot: index === 0, zipCode })
          .expect(200);
      }
      const reach = (await report(setup)).reach;
      expect(reach.find((kind) => kind.kind === 'download')).toEqual({
        kind: 'download',
        regions: [
          { level: 'state', code: 'CA', name: 'California', count: 6 },
          { level: 'county', code: '06075', name: 'San Francisco, CA', count: 5 },
        ],
        other: 1,
        unknown: 2,
      });
      expect(reach.find((kind) => kind.kind === 'pilot')).toEqual({ kind: 'pilot', regions: [], other: 1, unknown: 0 });

      await setup.counter.flush();
      const line = publicReachSchema.parse((await request(setup.app).get('/api/impact/reach').expect(200)).body);
      expect(line).toMatchObject({ regions: 1, states: 1, provinces: 0 });
      expect(REACH_MIN_COUNT).toBe(5);
    });

    it('counts toward the public reach line only the states and provinces with 5 or more downloads (issue 40)', async () => {
      // Wyoming 5, Montana 4: N = 1. Then a fifth from Montana and five from British Columbia: N = 3.
      const send = async (codes: readonly string[], first: number) => {
        for (const [index, zipCode] of codes.entries())
          await request(setup.app)
            .post(endpointPath('download'))
            .set(from(`203.0.113.${first + index}`))
            .send({ ...validBodies.download, subscribe: false, zipCode })
            .expect(200);
        await setup.counter.flush();
        return publicReachSchema.parse((await request(setup.app).get('/api/impact/reach').expect(200)).body);
      };
      expect(await send(['83001', '83002', '83011', '83012', '83014', '59001', '59002', '59003', '59004'], 40)).toEqual(
        {
          regions: 1,
          states: 1,
          provinces: 0,
          updatedAt: new Date(NOW).toISOString(),
        },
      );
      expect(await send(['59101', 'V6B 1A1', 'V5K 0A1', 'V8W 1P6', 'V2C 1A1', 'V1Y 1A1'], 60)).toMatchObject({
        regions: 3,
        states: 2,
        provinces: 1,
      });
    });

    it('compares the period with the one before it', async () => {
      await request(setup.app)
        .post('/api/impact/beacon')
        .set(from('203.0.113.1'))
        .send({ type: 'view', route: '/' })
        .expect(204);
      setup.clock.now = NOW + 7 * 86_400_000;
      await request(setup.app)
        .post('/api/impact/beacon')
        .set(from('203.0.113.1'))
        .send({ type: 'view', route: '/' })
        .expect(204);
      await request(setup.app)
        .post('/api/impact/beacon')
        .set(from('203.0.113.2'))
        .send({ type: 'view', route: '/' })
        .expect(204);
      const answer = await report(setup);
      expect(answer.period).toEqual({ from: '2026-03-11', to: '2026-03-17', days: 7 });
      expect(answer.previous).toEqual({ from: '2026-03-04', to: '2026-03-10' });
      expect(answer.totals.views).toEqual({ current: 2, previous: 1 });
      expect(answer.visits).toHaveLength(7);
    });
  });
}
