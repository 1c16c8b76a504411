import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ASSESSMENT_BENCHMARKS_PATH, ASSESSMENT_SHARE_PATH, endpointPath, HONEYPOT_FIELD } from '@wpc/shared/schemas';
import { QUESTION_IDS } from '@wpc/shared/assessment';
import { createApp } from '../src/app';
import { StoreUnavailableError, type NewAssessment } from '../src/store';
import { validBodies } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

// At least 32 characters: a shorter ADMIN_TOKEN disables the export (issue 13).
const TOKEN = 'assessment-export-token-0123456789abcdef';

/** All 40 questions answered with one score (issue: 40 scores of 0 to 5). */
function scoresOf(score: number): Record<string, number> {
  return Object.fromEntries(QUESTION_IDS.map((id) => [id, score]));
}

const share = (score: number, extra: Record<string, unknown> = {}) => ({
  communityType: 'county',
  country: 'us',
  zip: '95945',
  scores: scoresOf(score),
  consent: true,
  ...extra,
});

function stored(score: number, changes: Partial<NewAssessment> = {}): NewAssessment {
  return {
    communityType: 'city',
    country: 'AU',
    zip: null,
    scores: scoresOf(score),
    scorecardVersion: '02-20-24',
    receivedAt: new Date('2026-03-01T12:00:00Z'),
    ...changes,
  };
}

// Every case runs on the embedded store; the MongoDB case runs only with MONGODB_URI (CI sets it
// to FerretDB) and is otherwise skipped with a warning, never faked.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'shared self-assessments', () => {
    const h = useHarness(storeCase, { adminToken: TOKEN });

    const post = (body: unknown) =>
      request(h.app).post(ASSESSMENT_SHARE_PATH).set('Content-Type', 'application/json').send(JSON.stringify(body));

    describe('POST /api/submit-assessment', () => {
      it('stores community type, country, zip and the 40 scores, and nothing personal', async () => {
        const before = Date.now();
        const res = await post({ ...share(3), firstName: 'Ada', email: 'ada@example.org', notes: { '1a': 'private' } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });
        const [saved, ...rest] = await h.store.assessments.list();
        expect(rest).toEqual([]);
        expect(saved).toEqual({
          id: expect.any(String),
          communityType: 'county',
          country: 'US',
          zip: '95945',
          scores: scoresOf(3),
          scorecardVersion: '02-20-24',
          receivedAt: expect.any(Date),
        });
        expect(saved!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(await h.store.submissions.list()).toEqual([]);
      });

      it('stores no zip when none is given', async () => {
        expect((await post({ ...share(1), zip: undefined })).status).toBe(200);
        expect((await h.store.assessments.list())[0]!.zip).toBeNull();
      });

      it('refuses incomplete scores, a score out of range and a missing consent, naming each, and stores nothing', async () => {
        const { '4c': _missing, ...scores } = scoresOf(2);
        const res = await post({ ...share(2), scores: { ...scores, '9a': 6 }, consent: false });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Some fields need attention.');
        expect(Object.keys(res.body.fields).sort()).toEqual(['consent', 'scores.4c', 'scores.9a']);
        expect(res.body.fields['scores.4c']).toMatch(/answer all 40 questions/);
        expect(await h.store.assessments.list()).toEqual([]);
      });

      it('refuses operator objects and arrays where text and numbers are expected', async () => {
        const res = await post({ ...share(2), country: { $ne: null }, scores: [1, 2, 3] });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields).sort()).toEqual(['country', 'scores']);
        expect(await h.store.assessments.list()).toEqual([]);
      });

      it('answers a filled-in honeypot with 200 and stores nothing', async () => {
        expect((await post(share(4, { [HONEYPOT_FIELD]: 'http://spam.example' }))).body).toEqual({ ok: true });
        expect(await h.store.assessments.list()).toEqual([]);
      });

      it('stores results sent again with the same Idempotency-Key once, and answers the repeat 200', async () => {
        const send = (body: unknown, key: string) =>
          request(h.app)
            .post(ASSESSMENT_SHARE_PATH)
            .set('Content-Type', 'application/json')
            .set('Idempotency-Key', key)
            .send(JSON.stringify(body));
        const key = randomUUID();
        const first = await send(share(3), key);
        expect(first.status).toBe(200);
        expect(first.headers['idempotent-replayed']).toBeUndefined();
        const again = await send(share(3), key);
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ ok: true });
        expect(again.headers['idempotent-replayed']).toBe('true');
        // Retries that arrive together are stored once too.
        const raceKey = randomUUID();
        const raced = await Promise.all([send(share(1), raceKey), send(share(1), raceKey), send(share(1), raceKey)]);
        expect(raced.map((res) => res.status)).toEqual([200, 200, 200]);
        expect((await h.store.assessments.list()).map((row) => row.scores['1a'])).toEqual([3, 1]);

        const reused = await send(share(5), key);
        expect(reused.status).toBe(422);
        expect(reused.body).toEqual({ error: expect.stringMatching(/already used/), header: 'Idempotency-Key' });
        const malformed = await send(share(5), 'short');
        expect(malformed.status).toBe(400);
        expect(malformed.body.header).toBe('Idempotency-Key');
        expect(await h.store.assessments.list()).toHaveLength(2);
      });

      it('answers 415 to a body that is not JSON', async () => {
        const res = await request(h.app).post(ASSESSMENT_SHARE_PATH).type('form').send('communityType=city');
        expect(res.status).toBe(415);
        expect(res.body.error).toMatch(/application\/json/);
      });
    });

    describe('GET /api/assessment-benchmarks', () => {
      it('says comparison opens later while fewer than five communities have shared', async () => {
        for (const score of [1, 2, 3, 4]) expect((await post(share(score))).status).toBe(200);
        const res = await request(h.app).get(ASSESSMENT_BENCHMARKS_PATH);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          available: false,
          count: 4,
          minimum: 5,
          message: 'Comparison opens once 5 communities have shared their results; 4 have so far.',
        });
      });

      it('gives the median and quartiles of each essential and overall once five have shared', async () => {
        // Five results scoring every question 0, 1, 2, 3 and 4: 0, 20, 40, 60 and 80 % everywhere.
        for (const score of [4, 0, 3, 1, 2]) await post(share(score));
        const res = await request(h.app).get(ASSESSMENT_BENCHMARKS_PATH);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        expect(res.body).toMatchObject({ available: true, count: 5, minimum: 5, computedAt: expect.any(String) });
        expect(res.body.essentials).toHaveLength(10);
        expect(res.body.essentials[0]).toEqual({ essential: 'organise', number: 1, q1: 20, median: 40, q3: 60 });
        expect(res.body.essentials[9]).toEqual({ essential: 'recovery', number: 10, q1: 20, median: 40, q3: 60 });
        expect(res.body.overall).toEqual({ q1: 20, median: 40, q3: 60 });
      });

      it('counts only complete results of this scorecard version', async () => {
        for (const score of [1, 2, 3, 4]) await h.store.assessments.insert(stored(score));
        await h.store.assessments.insert(stored(5, { scorecardVersion: '01-01-23' }));
        const res = await request(h.app).get(ASSESSMENT_BENCHMARKS_PATH);
        expect(res.body).toMatchObject({ available: false, count: 4 });
      });

      it('computes the comparison at most once a minute, however many requests arrive', async () => {
        let now = Date.parse('2026-03-11T10:00:00Z');
        const app = createApp({ store: h.store, config: h.config, clock: () => now });
        const computations = jest.spyOn(h.store.assessments, 'list');
        for (const score of [1, 2, 3, 4]) await h.store.assessments.insert(stored(score));

        const answers = await Promise.all(
          Array.from({ length: 20 }, () => request(app).get(ASSESSMENT_BENCHMARKS_PATH)),
        );
        expect(answers.every((res) => res.status === 200 && res.body.count === 4)).toBe(true);
        expect(computations).toHaveBeenCalledTimes(1);

        // The fifth share arrives; the answer may lag behind it by up to a minute.
        expect((await request(app).post(ASSESSMENT_SHARE_PATH).send(share(0))).status).toBe(200);
        now += 59_999;
        expect((await request(app).get(ASSESSMENT_BENCHMARKS_PATH)).body).toMatchObject({ available: false, count: 4 });
        expect(computations).toHaveBeenCalledTimes(1);
        now += 1;
        expect((await request(app).get(ASSESSMENT_BENCHMARKS_PATH)).body).toMatchObject({ available: true, count: 5 });
        expect(computations).toHaveBeenCalledTimes(2);
      });

      it('answers 503 when the store fails, and tries again on the next request instead of keeping the failure', async () => {
        const app = createApp({ store: h.store, config: h.config, clock: () => 0 });
        jest.spyOn(h.store.assessments, 'list').mockRejectedValueOnce(new StoreUnavailableError('down'));
        expect((await request(app).get(ASSESSMENT_BENCHMARKS_PATH)).status).toBe(503);
        const res = await request(app).get(ASSESSMENT_BENCHMARKS_PATH);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ available: false, count: 0 });
      });
    });

    describe('the team export, form=assessment', () => {
      const exportOf = (query: string) =>
        request(h.app).get(`/api/admin/submissions?${query}`).set('Authorization', `Bearer ${TOKEN}`);

      beforeEach(async () => {
        await h.store.assessments.insert(stored(2, { receivedAt: new Date('2026-01-05T08:00:00Z') }));
        await h.store.assessments.insert(stored(5, { zip: '2000', receivedAt: new Date('2026-02-05T08:00:00Z') }));
      });

      it('lists shared results as JSON, oldest first, filtered by date', async () => {
        const all = await exportOf('form=assessment');
        expect(all.status).toBe(200);
        expect(all.body.map((row: { scores: Record<string, number> }) => row.scores['1a'])).toEqual([2, 5]);
        const recent = await exportOf('form=assessment&since=2026-02-01');
        expect(recent.body).toEqual([
          expect.objectContaining({ zip: '2000', country: 'AU', scorecardVersion: '02-20-24' }),
        ]);
      });

      it('gives CSV with the 40 scores and the percentage of each essential', async () => {
        const res = await exportOf('form=assessment&format=csv');
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="?submissions-assessment-\d{4}-\d{2}-\d{2}\.csv"?$/,
        );
        // Every cell is quoted (RFC 4180) and none of these holds a comma or a quote.
        const [header, first, second] = res.text
          .trim()
          .split('\r\n')
          .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
        expect(header!.slice(0, 8)).toEqual([
          'id',
          'receivedAt',
          'communityType',
          'country',
          'zip',
          'scorecardVersion',
          '1a',
          '1b',
        ]);
        expect(header!.slice(-2)).toEqual(['essential10Percent', 'overallPercent']);
        expect(header).toHaveLength(6 + 40 + 10 + 1);
        expect(first!.slice(1, 6)).toEqual(['2026-01-05T08:00:00.000Z', 'city', 'AU', '', '02-20-24']);
        expect(first!.slice(-2)).toEqual(['40', '40']);
        expect(second!.slice(-2)).toEqual(['100', '100']);
      });

      it('still checks the token and the filters', async () => {
        expect((await request(h.app).get('/api/admin/submissions?form=assessment')).status).toBe(401);
        const bad = await exportOf('form=assessment&since=yesterday&format=xml');
        expect(bad.status).toBe(400);
        expect(Object.keys(bad.body.fields).sort()).toEqual(['format', 'since']);
        expect((await exportOf('form=assessments')).body.fields.form).toMatch(/assessment\.$/);
      });
    });
  });
}

describeStore(storeCases[0]!, 'shared self-assessments and the submit rate limit', () => {
  const h = useHarness(storeCases[0]!, { rateLimit: { max: 2, windowMs: 60_000 } });

  it('shares one budget per address with the form submissions', async () => {
    expect((await request(h.app).post(endpointPath('download')).send(validBodies.download)).status).toBe(200);
    expect((await request(h.app).post(ASSESSMENT_SHARE_PATH).send(share(1))).status).toBe(200);
    const limited = await request(h.app).post(ASSESSMENT_SHARE_PATH).send(share(2));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many submissions/);
    expect((await request(h.app).post(endpointPath('subscribe')).send(validBodies.subscribe)).status).toBe(429);
  });
});
