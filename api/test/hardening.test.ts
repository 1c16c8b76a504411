import request from 'supertest';
import { endpointPath } from '@wpc/shared/schemas';
import { assetHeaders } from '@wpc/shared/server/security-headers.cjs';
import { createApp } from '../src/app';
import { MongoStore, type Store } from '../src/store';
import { testConfig } from './helpers/config';
import { samples, validBodies } from './helpers/fixtures';
import { cspDirectives } from './helpers/headers';
import { logSink } from './helpers/log-sink';
import { useHarness } from './helpers/harness';
import { describeStore, embeddedCase } from './helpers/stores';

/** A store that never answers, as one behind a network partition would. */
function hangingStore(): Store {
  const never = () => new Promise<never>(() => undefined);
  return new MongoStore({ uri: 'mongodb://127.0.0.1:9/wpc_hanging' }).over((client) => ({
    kind: client.kind,
    description: 'a store that never answers',
    init: never,
    run: never,
    rows: (source) => source,
    unbounded: never,
    within: never,
    health: never,
    close: async () => undefined,
  }));
}

describeStore(embeddedCase, 'hardening', () => {
  describe('headers and CORS', () => {
    const h = useHarness(embeddedCase, { allowedOrigins: ['https://wildfire.example'] });

    it('sets security headers with values that protect', async () => {
      const res = await request(h.app).get('/api/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Plain http in development: no HSTS (security-headers.test.ts: production over https sends it).
      expect(res.headers['strict-transport-security']).toBeUndefined();

      // HSTS for at least a year (the preload lists' minimum), subdomains included.
      const hsts = assetHeaders({ secure: true })['Strict-Transport-Security']!;
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toMatch(/;\s*includeSubDomains/i);

      const csp = cspDirectives(String(res.headers['content-security-policy']));
      // An API answer is never a page: nothing may load from it.
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['object-src'] ?? csp['default-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      const scripts = csp['script-src'] ?? csp['default-src'] ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(csp['script-src-attr'] ?? ["'none'"]).toEqual(["'none'"]);
    });

    it('allows listed origins with credentials and ignores others', async () => {
      const allowed = await request(h.app)
        .post(endpointPath('contact'))
        .set('Origin', 'https://wildfire.example')
        .send(validBodies.contact);
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://wildfire.example');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');

      const other = await request(h.app)
        .post(endpointPath('contact'))
        .set('Origin', 'https://evil.example')
        .send(validBodies.contact);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('keeps the team console’s API same-origin: a listed origin gets no CORS answer there', async () => {
      const read = await request(h.app).get('/api/team/session').set('Origin', 'https://wildfire.example');
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await request(h.app)
        .options('/api/team/sign-out')
        .set('Origin', 'https://wildfire.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, x-csrf-token');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(preflight.headers['access-control-allow-headers'] ?? '')).not.toMatch(/x-csrf-token/i);
    });

    it('answers a preflight from a listed origin', async () => {
      const res = await request(h.app)
        .options(endpointPath('feedback'))
        .set('Origin', 'https://wildfire.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    });
  });

  describe('rate limit', () => {
    const h = useHarness(embeddedCase, { rateLimit: { max: 3, windowMs: 60_000 } });

    it('answers 429 JSON once an address exceeds the limit across the submit endpoints', async () => {
      const first = await request(h.app).post(endpointPath('notifyme')).send(validBodies.notifyme);
      expect(first.status).toBe(200);
      // IETF draft-8 headers: the policy (3 per 60 s, with the client's partition key) and what is left.
      expect(first.headers['ratelimit-policy']).toMatch(/^"submit"; q=3; w=60; pk=:[A-Za-z0-9+/]+=*:$/);
      expect(first.headers.ratelimit).toMatch(/^"submit"; r=2; t=(59|60)$/);
      expect((await request(h.app).post(endpointPath('subscribe')).send(validBodies.subscribe)).status).toBe(200);
      expect((await request(h.app).post(endpointPath('contact')).send({})).status).toBe(400);
      const limited = await request(h.app).post(endpointPath('notifyme')).send(validBodies.notifyme);
      expect(limited.status).toBe(429);
      expect(limited.headers.ratelimit).toMatch(/^"submit"; r=0; t=\d+$/);
      expect(limited.headers['retry-after']).toBe(/t=(\d+)$/.exec(limited.headers.ratelimit as string)?.[1]);
      expect(limited.headers['ratelimit-policy']).toBe(first.headers['ratelimit-policy']);
      expect(limited.type).toBe('application/json');
      expect(limited.body.error).toMatch(/Too many submissions/);
      expect(await h.store.submissions.list()).toHaveLength(2);
      // Health checks are not counted.
      expect((await request(h.app).get('/api/health')).status).toBe(200);
    });
  });

  describe('trust proxy', () => {
    const h = useHarness(embeddedCase, { rateLimit: { max: 1 }, trustProxy: 'loopback' });

    it('limits each forwarded client address separately behind a trusted proxy', async () => {
      const from = (ip: string) =>
        request(h.app).post(endpointPath('notifyme')).set('X-Forwarded-For', ip).send(validBodies.notifyme);
      expect((await from('203.0.113.1')).status).toBe(200);
      expect((await from('203.0.113.2')).status).toBe(200);
      expect((await from('203.0.113.1')).status).toBe(429);
    });
  });

  describe('health and routing', () => {
    const h = useHarness(embeddedCase);

    it('reports the store in use', async () => {
      const res = await request(h.app).get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'ok',
        store: 'embedded',
        notifications: 'off',
        storage: { uploadsBytes: 0 },
      });
    });

    it('answers unknown API paths with 404 JSON', async () => {
      const res = await request(h.app).get('/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found.' });
    });
  });

  describe('logs', () => {
    it('carry no personal data at info level', async () => {
      const { lines, logger } = logSink();
      const testStore = await embeddedCase.create();
      try {
        const app = createApp({ store: testStore.store, config: await testConfig(), logger });
        const body = {
          ...validBodies.contact,
          email: 'private.person@example.org',
          zipCode: '99501',
          message: 'my secret',
        };
        expect(
          (await request(app).post(endpointPath('contact')).set('Cookie', 'session=s3cret').send(body)).status,
        ).toBe(200);
        expect(
          (
            await request(app)
              .post(endpointPath('contact'))
              .send({ ...body, email: 'bad@' })
          ).status,
        ).toBe(400);
        const upload = await request(app)
          .post(endpointPath('feedback'))
          .field({ ...validBodies.feedback, subscribe: 'true' } as Record<string, string>)
          .attach('files', samples.png, 'Private Person CV.png');
        expect(upload.status).toBe(200);
        const text = lines.join('');
        expect(text).toContain('submission stored');
        for (const secret of [
          'private.person',
          '99501',
          'my secret',
          'Lovelace',
          's3cret',
          'Private Person',
          '127.0.0.1',
        ]) {
          expect(text).not.toContain(secret);
        }
      } finally {
        await testStore.destroy();
      }
    });
  });
});

describe('store outage', () => {
  // No timing is asserted: the point is that the request ends with a 503 rather than hanging.
  jest.setTimeout(20_000);

  it('answers 503 JSON when the store does not answer', async () => {
    const token = 'a-token-of-at-least-thirty-two-characters';
    const app = createApp({
      store: hangingStore(),
      config: await testConfig({ storeTimeoutMs: 300, exportTimeoutMs: 300, adminToken: token }),
    });
    const submit = await request(app).post(endpointPath('download')).send(validBodies.download);
    expect(submit.status).toBe(503);
    expect(submit.body.error).toMatch(/unavailable/);
    expect(submit.headers['retry-after']).toBe('5');

    const upload = await request(app)
      .post(endpointPath('feedback'))
      .field({ ...validBodies.feedback, subscribe: 'true' } as Record<string, string>)
      .attach('files', samples.png, 'a.png');
    expect(upload.status).toBe(503);

    expect((await request(app).get('/api/health')).status).toBe(503);
    expect((await request(app).get('/api/admin/submissions').set('Authorization', `Bearer ${token}`)).status).toBe(503);
  });

  it('answers 503 JSON when MongoDB cannot be reached', async () => {
    const store = new MongoStore({ uri: 'mongodb://127.0.0.1:9/wpc_down', serverSelectionTimeoutMS: 300 });
    try {
      const app = createApp({ store, config: await testConfig() });
      const res = await request(app).post(endpointPath('notifyme')).send(validBodies.notifyme);
      expect(res.status).toBe(503);
      expect(res.type).toBe('application/json');
      const health = await request(app).get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', store: 'mongodb', notifications: 'off' });
    } finally {
      await store.close();
    }
  });
});
