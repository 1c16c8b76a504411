import express from 'express';
import request from 'supertest';
import { assetHeaders } from '@wpc/shared/server/security-headers.cjs';
import { securityHeaders } from '../src/http/security-headers';

/** The security headers of an answer of an app with these settings, to a request with these headers. */
async function headersOf(config: { nodeEnv: string; siteOrigin: string }, sent: Record<string, string> = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  app.get('/api/health', (_req, res) => {
    res.json({ ok: true });
  });
  const { headers } = await request(app).get('/api/health').set(sent);
  const {
    date: _date,
    etag: _etag,
    'content-type': _type,
    'content-length': _length,
    connection: _c,
    ...rest
  } = headers;
  return rest;
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

// Issue 31 item 10: the API's answers carry the one policy both edges send for everything that is
// not a page (not helmet's defaults: SAMEORIGIN, frame-ancestors 'self', HSTS over plain http).
describe('the API’s security headers', () => {
  it('are the site’s policy for non-pages: nothing loads, nothing frames them, no X-Powered-By', async () => {
    const headers = await headersOf({ nodeEnv: 'development', siteOrigin: 'http://localhost:3000' });
    expect(headers).toEqual(lower(assetHeaders({ secure: false })));
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('send HSTS when the deployment is https in production, and never because a request says https', async () => {
    expect(
      (await headersOf({ nodeEnv: 'production', siteOrigin: 'https://www.example.org' }))['strict-transport-security'],
    ).toBe('max-age=63072000; includeSubDomains');
    expect(await headersOf({ nodeEnv: 'production', siteOrigin: 'https://www.example.org' })).toEqual(
      lower(assetHeaders({ secure: true })),
    );
    for (const config of [
      { nodeEnv: 'development', siteOrigin: 'https://www.example.org' },
      { nodeEnv: 'production', siteOrigin: 'http://localhost:8080' },
    ]) {
      const headers = await headersOf(config, { 'X-Forwarded-Proto': 'https' });
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });
});
