import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { endpointPath } from '@wpc/shared/schemas';
import { createApp } from '../src/app';
import { MongoStore } from '../src/store';
import { testConfig } from './helpers/config';
import { validBodies } from './helpers/fixtures';
import { OwnFerretDb, ownFerretSkipReason } from './helpers/ferretdb';
import { freePort } from './helpers/process';

/** The promise: back within 5 s of the database, with no restart of the API. */
const RECOVERY_MS = 5000;

jest.setTimeout(90_000);

function logSink() {
  const lines: { level: number; msg: string; err?: { message?: string; type?: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as (typeof lines)[number]);
      callback();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

// Skipped, with the printed reason, where there is no MongoDB-wire server or no FerretDB binary
// to stop and start (never faked); .ci/run provides both, so CI runs these tests.
const describeOwnFerret = ownFerretSkipReason ? describe.skip : describe;
if (ownFerretSkipReason) console.warn(`SKIPPED: MongoDB self-healing tests - ${ownFerretSkipReason}.`);

describeOwnFerret('MongoDB store that heals by itself (against a FerretDB the test stops and starts)', () => {
  let ferret: OwnFerretDb;
  let store: MongoStore;
  let app: ReturnType<typeof createApp>;
  let log: ReturnType<typeof logSink>;

  beforeEach(async () => {
    ferret = await OwnFerretDb.create(await freePort());
    store = new MongoStore({ uri: ferret.uri('wpc_recovery'), serverSelectionTimeoutMS: 500, healIntervalMs: 250 });
    log = logSink();
    app = createApp({ store, config: await testConfig({ storeTimeoutMs: 1000 }), logger: log.logger });
  });

  afterEach(async () => {
    await store.close();
    await ferret.destroy();
  });

  const submit = (lastName: string) =>
    request(app)
      .post(endpointPath('notifyme'))
      .send({ ...validBodies.notifyme, lastName });
  const health = () => request(app).get('/api/health');

  /** Polls /api/health until it answers 200; fails if that takes longer than the promise. */
  async function expectRecoveryWithin(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      if ((await health()).status === 200) return;
      if (Date.now() > deadline) throw new Error(`/api/health still unavailable ${ms} ms after the database came back`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const outageLines = () => log.lines.filter((line) => line.msg.startsWith('store unavailable'));
  const recoveryLines = () => log.lines.filter((line) => line.msg === 'store available again');

  /** The end of an outage is logged once the store has stayed well for a moment: keep calling until it is. */
  async function recoveryLogged(): Promise<void> {
    for (let i = 0; i < 100 && recoveryLines().length === 0; i += 1) {
      expect((await health()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('starts with the database down, answers 503, then recovers on its own once it starts', async () => {
    // Several calls while down: the driver closes a client whose first connect failed.
    for (let i = 0; i < 3; i += 1) expect((await submit(`Down${i}`)).status).toBe(503);
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable', store: 'mongodb', notifications: 'off' });

    await ferret.start();
    await expectRecoveryWithin(RECOVERY_MS);
    expect((await submit('Up')).status).toBe(200);
    expect((await store.submissions.list()).map((row) => row.fields.lastName)).toEqual(['Up']);

    // One log line for the outage, with the driver's own error; one when it is over.
    expect(outageLines()).toHaveLength(1);
    expect(outageLines()[0]!.err?.message).toMatch(/ECONNREFUSED|connect/i);
    expect(outageLines()[0]!.err?.type).toMatch(/^Mongo/);
    await recoveryLogged();
    expect(recoveryLines()).toHaveLength(1);
    expect(outageLines()).toHaveLength(1);
  });

  it('recovers after the database is killed mid-run and restarted, keeping what it had stored', async () => {
    await ferret.start();
    expect((await submit('Before')).status).toBe(200);

    await ferret.kill9();
    const during = await Promise.all([submit('During'), health()]);
    expect(during.map((res) => res.status)).toEqual([503, 503]);

    await ferret.start();
    await expectRecoveryWithin(RECOVERY_MS);
    expect((await submit('After')).status).toBe(200);
    expect((await store.submissions.list()).map((row) => row.fields.lastName)).toEqual(['Before', 'After']);
    await recoveryLogged();
    expect(outageLines()).toHaveLength(1);
    expect(recoveryLines()).toHaveLength(1);
  });

  it('answers 503 while the database is frozen and carries on once it thaws', async () => {
    await ferret.start();
    expect((await submit('Before')).status).toBe(200);
    await ferret.freeze();
    try {
      expect((await health()).status).toBe(503);
    } finally {
      ferret.thaw();
    }
    await expectRecoveryWithin(RECOVERY_MS);
    expect((await submit('After')).status).toBe(200);
  });
});
