import { randomUUID } from 'node:crypto';
import { endpointPath } from '@wpc/shared/schemas';
import { validBodies } from './helpers/fixtures';
import { startReplicas, type Replicas } from './helpers/replicas';
import { describeStore, mongoCase } from './helpers/stores';

/** Submissions one address may send per window, on the whole site rather than per replica. */
const LIMIT = 4;

jest.setTimeout(120_000);

// Skipped, with a loud warning, without MONGODB_URI: replicas need a database they share.
describeStore(mongoCase, 'two API processes on one database behind one proxy', () => {
  let replicas: Replicas;
  let proxy: Replicas['proxy'];
  let store: Replicas['store'];

  beforeAll(async () => {
    replicas = await startReplicas('replicas', {
      RATE_LIMIT_MAX: String(LIMIT),
      // The counts' windows are fixed, aligned to the clock: eight submissions that straddled a
      // 10-minute boundary started a new budget mid-test (f13: five 200s). A day's window ends
      // only at midnight UTC.
      RATE_LIMIT_WINDOW_MS: String(24 * 60 * 60 * 1000),
    });
    ({ proxy, store } = replicas);
  });

  afterAll(() => replicas?.close());

  const submit = (client: string, body: object, key = randomUUID()) =>
    fetch(`${proxy.url}${endpointPath('notifyme')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Test-Client': client },
      body: JSON.stringify(body),
    });

  it('holds one address to the limit across both replicas', async () => {
    const before = [...proxy.served];
    const statuses: number[] = [];
    // Twice the limit: two replicas counting apart would each let LIMIT through.
    for (let i = 0; i < LIMIT * 2; i += 1) {
      statuses.push((await submit('203.0.113.7', { ...validBodies.notifyme, lastName: `Limit${i}` })).status);
    }
    expect(proxy.served.map((count, index) => count - (before[index] ?? 0))).toEqual([LIMIT, LIMIT]);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), ...Array<number>(LIMIT).fill(429)]);
    const refused = await submit('203.0.113.7', validBodies.notifyme);
    expect(await refused.json()).toEqual({ error: expect.stringContaining('Too many submissions') });

    // Another address has a budget of its own.
    expect((await submit('198.51.100.20', { ...validBodies.notifyme, lastName: 'Other' })).status).toBe(200);
    const stored = await store.submissions.list({ form: 'notifyme' });
    expect(stored.filter((row) => String(row.fields.lastName).startsWith('Limit'))).toHaveLength(LIMIT);
  });

  it('stores a submission retried on the other replica once', async () => {
    const key = randomUUID();
    const body = { ...validBodies.notifyme, lastName: 'Retried' };
    const first = await submit('192.0.2.10', body, key);
    const retry = await submit('192.0.2.10', body, key);
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    // Two retries sent together, one to each replica, still make one submission.
    const raceKey = randomUUID();
    const raced = { ...validBodies.notifyme, lastName: 'Raced' };
    const answers = await Promise.all([submit('192.0.2.11', raced, raceKey), submit('192.0.2.11', raced, raceKey)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

    const stored = await store.submissions.list({ form: 'notifyme' });
    expect(stored.filter((row) => row.fields.lastName === 'Retried')).toHaveLength(1);
    expect(stored.filter((row) => row.fields.lastName === 'Raced')).toHaveLength(1);
  });
});
