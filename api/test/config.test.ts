import path from 'node:path';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has development defaults: embedded store in ./data, dev origins, 60 submissions a minute', () => {
    const config = loadConfig({});
    expect(config.mongodbUri).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.allowedOrigins).toEqual([
      'http://localhost:3000', 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004',
    ]);
    expect(config.rateLimit).toEqual({ windowMs: 60_000, max: 60 });
    expect(config.trustProxy).toBe('loopback');
    expect(config.adminToken).toBeUndefined();
    expect(config.uploads).toMatchObject({ maxFiles: 10, maxFileBytes: 20 * 1024 * 1024 });
    expect(config.jsonLimitBytes).toBe(100 * 1024);
    expect(config.storeTimeoutMs).toBeLessThan(2000);
  });

  it('allows no cross-origin callers in production unless listed', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).allowedOrigins).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', ALLOWED_ORIGINS: ' https://a.example, https://b.example ,' }).allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('reads the store, token, limits and proxy settings', () => {
    const config = loadConfig({
      MONGODB_URI: 'mongodb://db:27017/wpc',
      DATA_DIR: '/srv/wpc',
      ADMIN_TOKEN: 'secret',
      RATE_LIMIT_MAX: '0',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      mongodbUri: 'mongodb://db:27017/wpc',
      dataDir: '/srv/wpc',
      adminToken: 'secret',
      rateLimit: { max: 0, windowMs: 1000 },
      trustProxy: 2,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    expect(loadConfig({ ADMIN_TOKEN: '   ' }).adminToken).toBeUndefined();
  });

  it('refuses nonsense numbers', () => {
    expect(() => loadConfig({ RATE_LIMIT_MAX: 'lots' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => loadConfig({ RATE_LIMIT_WINDOW_MS: '0' })).toThrow(/RATE_LIMIT_WINDOW_MS/);
    expect(() => loadConfig({ STORE_TIMEOUT_MS: '-5' })).toThrow(/STORE_TIMEOUT_MS/);
  });
});
