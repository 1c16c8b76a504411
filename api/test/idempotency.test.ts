import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { endpointPath } from '@wpc/shared/schemas';
import { createApp } from '../src/app';
import type { Store } from '../src/store';
import { testConfig } from './helpers/config';
import { samples, validBodies } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { eventually } from './helpers/notify';
import { describeStore, storeCases } from './helpers/stores';

const KEY = 'Idempotency-Key';

/** The same store, but every insert is acknowledged only after `delayMs` (written all the same). */
function slowInserts(store: Store, delayMs: number): Store {
  return store.over((client) => ({
    kind: client.kind,
    description: client.description,
    run: async (what, work) => {
      const result = await client.run(what, work);
      if (what === 'insert') await new Promise((resolve) => setTimeout(resolve, delayMs));
      return result;
    },
    init: () => client.init(),
    rows: (source) => client.rows(source),
    unbounded: (what, work) => client.unbounded(what, work),
    within: (what, waiting) => client.within(what, waiting),
    health: () => client.health(),
    close: () => client.close(),
  }));
}

for (const storeCase of storeCases) {
  describeStore(storeCase, 'idempotent submissions', () => {
    const h = useHarness(storeCase);
    const post = (key: string | undefined, body: object = validBodies.contact) => {
      const req = request(h.app).post(endpointPath('contact'));
      if (key !== undefined) void req.set(KEY, key);
      return req.send(body);
    };

    it('answers a repeat with the same key 200 and stores nothing new', async () => {
      const key = randomUUID();
      const first = await post(key);
      expect(first.status).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await post(key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ok: true });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await h.store.submissions.list()).toHaveLength(1);
    });

    it('stores one submission when the retries of one attempt arrive together', async () => {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 6 }, () => post(key)));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await h.store.submissions.list()).toHaveLength(1);
    });

    it('refuses a key reused for different content with 422, storing nothing new', async () => {
      const key = randomUUID();
      expect((await post(key)).status).toBe(200);
      const reused = await post(key, { ...validBodies.contact, message: 'Something else entirely' });
      expect(reused.status).toBe(422);
      expect(reused.body).toEqual({
        error: expect.stringMatching(/already used for a different submission/),
        header: KEY,
      });
      const stored = await h.store.submissions.list();
      expect(stored.map((row) => row.fields.message)).toEqual([validBodies.contact.message]);
    });

    it('stores every submission sent without a key, and refuses a malformed key naming the header', async () => {
      expect((await post(undefined)).status).toBe(200);
      expect((await post(undefined)).status).toBe(200);
      for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'cl\u00e9-cl\u00e9-cl\u00e9']) {
        const res = await post(bad);
        expect(res.status).toBe(400);
        expect(res.body.header).toBe(KEY);
      }
      expect(await h.store.submissions.list()).toHaveLength(2);
    });

    it('keeps one copy of an upload retried with the same key, and no orphaned files', async () => {
      const key = randomUUID();
      const send = () =>
        request(h.app)
          .post(endpointPath('feedback'))
          .set(KEY, key)
          .field({ ...validBodies.feedback, subscribe: 'true' } as Record<string, string>)
          .attach('files', samples.pdf, 'scorecard.pdf');
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const [stored, ...rest] = await h.store.submissions.list();
      expect(rest).toEqual([]);
      expect((await h.store.files.list()).map((file) => file.id)).toEqual(stored!.files.map((file) => file.id));
    });

    it('answers a retry 200 without a duplicate when the first attempt timed out into a 503 but was written', async () => {
      const config = await testConfig({ storeTimeoutMs: 200 });
      const app = createApp({ store: slowInserts(h.store, 500), config });
      const key = randomUUID();
      const first = await request(app).post(endpointPath('download')).set(KEY, key).send(validBodies.download);
      expect(first.status).toBe(503);
      // The store finishes the write after the answer: exactly what a visitor cannot see.
      await eventually(async () => expect(await h.store.submissions.list()).toHaveLength(1));

      // The visitor's retry, once the store answers in time again.
      const recovered = createApp({ store: h.store, config: await testConfig({ storeTimeoutMs: 10_000 }) });
      const retry = await request(recovered).post(endpointPath('download')).set(KEY, key).send(validBodies.download);
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(await h.store.submissions.list()).toHaveLength(1);
    });

    it('lets a retry that arrives while the first attempt is still with the store wait for its outcome', async () => {
      const config = await testConfig({ storeTimeoutMs: 3000 });
      const app = createApp({ store: slowInserts(h.store, 600), config });
      const key = randomUUID();
      const send = () => request(app).post(endpointPath('download')).set(KEY, key).send(validBodies.download);
      const first = send().then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const retry = await send();
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect((await first).status).toBe(200);
      expect(await h.store.submissions.list()).toHaveLength(1);
    });
  });
}
