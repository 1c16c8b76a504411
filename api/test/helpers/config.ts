import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type ApiConfig } from '../../src/config';

export type ConfigOverrides = Partial<Omit<ApiConfig, 'rateLimit' | 'uploads'>> & {
  rateLimit?: Partial<ApiConfig['rateLimit']>;
  uploads?: Partial<ApiConfig['uploads']>;
};

/** Test settings: silent logs, no rate limit, and an upload temp folder of the test's own. */
export async function testConfig(overrides: ConfigOverrides = {}): Promise<ApiConfig> {
  const base = loadConfig({ NODE_ENV: 'test' });
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-upload-tmp-'));
  return {
    ...base,
    ...overrides,
    logLevel: 'silent',
    rateLimit: { ...base.rateLimit, max: 0, ...overrides.rateLimit },
    uploads: { ...base.uploads, tmpDir, ...overrides.uploads },
  };
}

/** Entries left in the upload temp folder (each request gets a sub-folder while it runs). */
export async function leftovers(config: ApiConfig): Promise<string[]> {
  return fs.readdir(config.uploads.tmpDir).catch(() => []);
}
