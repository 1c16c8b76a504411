import path from 'node:path';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has development defaults: embedded store in ./data, dev origins, 60 submissions a minute', () => {
    const config = loadConfig({});
    expect(config.mongodbUri).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
    expect(config.rateLimit).toEqual({ windowMs: 60_000, max: 60 });
    expect(config.trustProxy).toBe('loopback');
    expect(config.adminToken).toBeUndefined();
    expect(config.uploads).toMatchObject({ maxFiles: 10, maxFileBytes: 20 * 1024 * 1024 });
    expect(config.jsonLimitBytes).toBe(100 * 1024);
    expect(config.storeTimeoutMs).toBeLessThan(2000);
  });

  it('refuses to start in production without SITE_ORIGIN (emailed links would name localhost)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SITE_ORIGIN must be set in production/);
    expect(loadConfig({ NODE_ENV: 'production', SITE_ORIGIN: 'https://www.example.org' }).siteOrigin).toBe(
      'https://www.example.org',
    );
    // Development and tests keep their local default.
    expect(loadConfig({}).siteOrigin).toMatch(/^http:\/\/localhost:/);
  });

  // Issue 38 item 8.
  it('refuses production at an http:// SITE_ORIGIN (RFC 8058, HSTS, Secure cookies) unless ALLOW_HTTP_SITE_ORIGIN=1', () => {
    const plain = { NODE_ENV: 'production', SITE_ORIGIN: 'http://www.example.org' };
    expect(() => loadConfig(plain)).toThrow(
      /SITE_ORIGIN is "http:\/\/www\.example\.org" in production; it must be https/,
    );
    for (const reason of [/RFC 8058/, /HSTS/, /Secure/, /ALLOW_HTTP_SITE_ORIGIN=1/])
      expect(() => loadConfig(plain)).toThrow(reason);
    // Any other value than 1 is not the opt-in.
    expect(() => loadConfig({ ...plain, ALLOW_HTTP_SITE_ORIGIN: 'yes' })).toThrow(/must be https/);
    expect(loadConfig({ ...plain, ALLOW_HTTP_SITE_ORIGIN: '1' }).siteOrigin).toBe('http://www.example.org');
    // Development and tests keep http.
    expect(loadConfig({ SITE_ORIGIN: 'http://www.example.org' }).siteOrigin).toBe('http://www.example.org');
    expect(loadConfig({ NODE_ENV: 'test', SITE_ORIGIN: 'http://localhost:3000' }).siteOrigin).toBe(
      'http://localhost:3000',
    );
  });

  it('allows no cross-origin callers in production unless listed', () => {
    expect(loadConfig({ NODE_ENV: 'production', SITE_ORIGIN: 'https://www.example.org' }).allowedOrigins).toEqual([]);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SITE_ORIGIN: 'https://www.example.org',
        ALLOWED_ORIGINS: ' https://a.example, https://b.example ,',
      }).allowedOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads the store, token, limits and proxy settings', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://db:27017/wpc',
      DATA_DIR: '/srv/wpc',
      ADMIN_TOKEN: 'a'.repeat(32),
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      mongodbUri: 'mongodb://db:27017/wpc',
      dataDir: '/srv/wpc',
      adminToken: 'a'.repeat(32),
      rateLimit: { max: 0, windowMs: 1000 },
      trustProxy: 2,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    expect(loadConfig({ ADMIN_TOKEN: '   ' }).adminToken).toBeUndefined();
  });

  it('disables the export when ADMIN_TOKEN is shorter than 32 characters, and says why', () => {
    for (const token of ['Z', 'S3cr3t!', 'Q'.repeat(31)]) {
      const config = loadConfig({ ADMIN_TOKEN: token });
      expect(config.adminToken).toBeUndefined();
      expect(config.adminTokenError).toMatch(
        new RegExp(`ADMIN_TOKEN is ${token.length} characters? long; it must be at least 32`),
      );
      expect(config.adminTokenError).toMatch(/export is disabled/);
      expect(config.adminTokenError).not.toContain(token);
    }
    const accepted = loadConfig({ ADMIN_TOKEN: 'x'.repeat(32) });
    expect(accepted.adminToken).toBe('x'.repeat(32));
    expect(accepted.adminTokenError).toBeUndefined();
  });

  it('has request timeouts: short for headers and JSON bodies, longer for uploads', () => {
    const config = loadConfig({});
    expect(config.headersTimeoutMs).toBeLessThanOrEqual(config.bodyTimeoutMs);
    expect(config.bodyTimeoutMs).toBeLessThan(config.uploadTimeoutMs);
    expect(
      loadConfig({ BODY_TIMEOUT_MS: '5000', UPLOAD_TIMEOUT_MS: '60000', HEADERS_TIMEOUT_MS: '2000' }),
    ).toMatchObject({
      bodyTimeoutMs: 5000,
      uploadTimeoutMs: 60_000,
      headersTimeoutMs: 2000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '70000', UPLOAD_TIMEOUT_MS: '60000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('refuses nonsense numbers', () => {
    expect(() => loadConfig({ RATE_LIMIT_MAX: 'lots' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_MS: '0' })).toThrow(/RATE_LIMIT_WINDOW_MS/);
    expect(() => loadConfig({ STORE_TIMEOUT_MS: '-5' })).toThrow(/STORE_TIMEOUT_MS/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('keeps the console’s audit log 400 days unless AUDIT_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '730' }).auditRetentionDays).toBe(730);
  });

  it('sweeps content images unused for 30 days unless CONTENT_IMAGES_UNUSED_DAYS says otherwise', () => {
    expect(loadConfig({}).contentImagesUnusedDays).toBe(30);
    expect(loadConfig({ CONTENT_IMAGES_UNUSED_DAYS: '90' }).contentImagesUnusedDays).toBe(90);
    expect(() => loadConfig({ CONTENT_IMAGES_UNUSED_DAYS: '0' })).toThrow(/CONTENT_IMAGES_UNUSED_DAYS/);
  });
});
