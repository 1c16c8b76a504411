import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type ApiConfig } from '../../src/config';

export type ConfigOverrides = Partial<Omit<ApiConfig, 'rateLimit' | 'uploads'>> & {
  rateLimit?: Partial<ApiConfig['rateLimit']>;
  uploads?: Partial<ApiConfig['uploads']>;
};

// Every upload temp folder of a test file lives under one parent, removed when the file is done.
const parent = path.join(os.tmpdir(), `wpc-api-test-${process.pid}-${randomBytes(4).toString('hex')}`);
afterAll(() => fs.rm(parent, { recursive: true, force: true }));

/**
 * A store call's deadline in tests: a busy machine's pause is not an outage. With the production
 * default (1,500 ms) a fresh-clone run on a loaded machine had an embedded store's file delete
 * answered "did not answer within 1500 ms". The tests of the deadline itself set their own.
 */
const TEST_STORE_TIMEOUT_MS = 10_000;

/**
 * Test settings: silent logs, no rate limit nor confirmation caps, a generous store deadline, and an
 * upload temp folder of the test's own.
 */
export async function testConfig(overrides: ConfigOverrides = {}): Promise<ApiConfig> {
  const base = loadConfig({ NODE_ENV: 'test' });
  await fs.mkdir(parent, { recursive: true });
  const tmpDir = await fs.mkdtemp(path.join(parent, 'uploads-'));
  return {
    ...base,
    storeTimeoutMs: TEST_STORE_TIMEOUT_MS,
    ...overrides,
    logLevel: 'silent',
    rateLimit: { ...base.rateLimit, max: 0, ...overrides.rateLimit },
    confirmationCaps: overrides.confirmationCaps ?? { perClient: 0, perHour: 0 },
    uploads: { ...base.uploads, tmpDir, ...overrides.uploads },
  };
}

/** Entries left in the upload temp folder (each request gets a sub-folder while it runs). */
export async function leftovers(config: ApiConfig): Promise<string[]> {
  return fs.readdir(config.uploads.tmpDir).catch(() => []);
}
