import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { MovableClock, TEST_CLOCK_PATH } from '../src/test-clock';
import { useHarness } from './helpers/harness';
import { embeddedCase } from './helpers/stores';

// The clock end-to-end tests move (TEST_CLOCK=1): never in production, never mounted otherwise.

describe('TEST_CLOCK', () => {
  it('is off unless set to 1, and refused at start in production', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).testClock).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SITE_ORIGIN: 'https://www.example.org', TEST_CLOCK: '1' }),
    ).toThrow(/TEST_CLOCK is for end-to-end tests only/);
  });
});

describe('the test clock’s route', () => {
  const h = useHarness(embeddedCase);

  it('does not exist without a test clock', async () => {
    expect((await request(h.app).get(TEST_CLOCK_PATH)).status).toBe(404);
    expect((await request(h.app).post(TEST_CLOCK_PATH).send({ advanceMs: 1000 })).status).toBe(404);
  });

  it('moves the clock the app reads forward, never back', async () => {
    const clock = new MovableClock();
    const app = createApp({ store: h.store, config: h.config, clock: clock.millis, testClock: clock });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const moved = await request(app).post(TEST_CLOCK_PATH).send({ to: tomorrow.toISOString() });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now)).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());

    const advanced = await request(app).post(TEST_CLOCK_PATH).send({ advanceMs: 60_000 });
    expect(Date.parse(advanced.body.now)).toBeGreaterThanOrEqual(tomorrow.getTime() + 60_000);
    expect(Date.parse((await request(app).get(TEST_CLOCK_PATH)).body.now)).toBeGreaterThanOrEqual(
      tomorrow.getTime() + 60_000,
    );

    const back = await request(app).post(TEST_CLOCK_PATH).send({ to: new Date().toISOString() });
    expect(back.status).toBe(400);
    expect(back.body.error).toBe('The test clock only moves forward.');
    for (const body of [{}, { to: 'tomorrow' }, { advanceMs: -5 }, { advanceMs: 1.5 }]) {
      const refused = await request(app).post(TEST_CLOCK_PATH).send(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/^Send \{ "to"/);
    }
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(tomorrow.getTime() + 60_000);
  });
});
