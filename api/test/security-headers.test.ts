import express from 'express';
import request from 'supertest';
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

const VIDEO = '"https://www.youtube-nocookie.com"';

/**
 * The policy for everything that is not a page, written out here from the design (ARCHITECTURE.md
 * section 10, issue 31 item 10) rather than read from the code under test: nothing loads, nothing
 * frames it, no referrer beyond the origin elsewhere, and every browser feature the site does not
 * use turned off (the video player keeps what an embedded player needs; the share box writes to
 * the clipboard).
 */
const NON_PAGE_POLICY = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': [
    'accelerometer=()',
    `autoplay=(self ${VIDEO})`,
    'camera=()',
    'clipboard-write=(self)',
    'display-capture=()',
    `encrypted-media=(self ${VIDEO})`,
    `fullscreen=(self ${VIDEO})`,
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'idle-detection=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'payment=()',
    `picture-in-picture=(self ${VIDEO})`,
    'publickey-credentials-get=()',
    'screen-wake-lock=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', '),
};
const HSTS = 'max-age=63072000; includeSubDomains';

// Issue 31 item 10: the API's answers carry the one policy both edges send for everything that is
// not a page (not helmet's defaults: SAMEORIGIN, frame-ancestors 'self', HSTS over plain http).
describe('the API’s security headers', () => {
  it('are the site’s policy for non-pages: nothing loads, nothing frames them, no X-Powered-By', async () => {
    const headers = await headersOf({ nodeEnv: 'development', siteOrigin: 'http://localhost:3000' });
    // Exactly these: no X-Powered-By, no HSTS over plain http, nothing of helmet's defaults.
    expect(headers).toEqual(NON_PAGE_POLICY);
  });

  it('send HSTS when the deployment is https in production, and never because a request says https', async () => {
    expect(
      (await headersOf({ nodeEnv: 'production', siteOrigin: 'https://www.example.org' }))['strict-transport-security'],
    ).toBe(HSTS);
    expect(await headersOf({ nodeEnv: 'production', siteOrigin: 'https://www.example.org' })).toEqual({
      ...NON_PAGE_POLICY,
      'strict-transport-security': HSTS,
    });
    for (const config of [
      { nodeEnv: 'development', siteOrigin: 'https://www.example.org' },
      { nodeEnv: 'production', siteOrigin: 'http://localhost:8080' },
    ]) {
      const headers = await headersOf(config, { 'X-Forwarded-Proto': 'https' });
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });
});
