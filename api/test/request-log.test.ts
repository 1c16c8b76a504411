import request from 'supertest';
import { endpointPath } from '@wpc/shared/schemas';
import { createApp } from '../src/app';
import { testConfig } from './helpers/config';
import { validBodies } from './helpers/fixtures';
import { logSink } from './helpers/log-sink';
import { embeddedCase } from './helpers/stores';

interface Line {
  level: number;
  msg: string;
  req?: { id?: number; method?: string; path?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  form?: string;
  submission?: string;
  files?: number;
}

describe('request log', () => {
  it('is one line per request: method, path without query, status, time, and what a submission did', async () => {
    const sink = logSink();
    const lines = () => sink.lines.map((line) => JSON.parse(line) as Line);
    const testStore = await embeddedCase.create();
    try {
      const app = createApp({
        store: testStore.store,
        config: await testConfig(),
        logger: sink.logger,
      });
      const stored = await request(app)
        .post(`${endpointPath('contact')}?utm_source=mail`)
        .set('Idempotency-Key', 'log-test-key-1')
        .send(validBodies.contact);
      expect(stored.status).toBe(200);
      expect(stored.body).toEqual({ ok: true });
      const [row] = await testStore.store.submissions.list();

      const replayed = await request(app)
        .post(endpointPath('contact'))
        .set('Idempotency-Key', 'log-test-key-1')
        .send(validBodies.contact);
      expect(replayed.status).toBe(200);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.body).toEqual({ ok: true });

      expect((await request(app).post(endpointPath('contact')).send({})).status).toBe(400);

      expect(lines()).toHaveLength(3);
      const [first, second, third] = lines();
      expect(first).toMatchObject({
        level: 30,
        msg: 'submission stored',
        req: { method: 'POST', path: endpointPath('contact') },
        res: { statusCode: 200 },
        form: 'contact',
        submission: row!.id,
        files: 0,
      });
      expect(typeof first!.responseTime).toBe('number');
      expect(second).toMatchObject({
        msg: 'repeated submission answered, nothing new stored',
        res: { statusCode: 200 },
        submission: row!.id,
      });
      expect(third).toMatchObject({ level: 40, msg: 'request completed', res: { statusCode: 400 } });
      expect(new Set(lines().map((line) => line.req?.id)).size).toBe(3);
    } finally {
      await testStore.destroy();
    }
  });
});
