import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { securityHeaders } from '../src/http/security-headers';

/** Every response header except the ones that differ per response. */
async function headersOf(app: express.Express): Promise<Record<string, unknown>> {
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const { headers } = await request(app).get('/');
  const { date: _date, etag: _etag, ...rest } = headers;
  return rest;
}

describe('security headers', () => {
  it('are exactly the headers helmet sets, and no X-Powered-By', async () => {
    const withHelmet = express();
    withHelmet.use(helmet());
    const recorded = express();
    recorded.disable('x-powered-by');
    recorded.use(securityHeaders());
    const expected = await headersOf(withHelmet);
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect(await headersOf(recorded)).toEqual(expected);
  });
});
