import fs from 'node:fs/promises';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import type { ApiConfig } from '../../src/config';
import type { Store } from '../../src/store';
import { testConfig, type ConfigOverrides } from './config';
import type { StoreCase, TestStore } from './stores';

export interface Harness {
  app: Express;
  store: Store;
  config: ApiConfig;
}

/**
 * A fresh store and app per test, both thrown away afterwards. `overrides` may be a
 * function so a describe block can vary the configuration.
 */
export function useHarness(storeCase: StoreCase, overrides: ConfigOverrides = {}): Harness {
  const harness = {} as Harness;
  let testStore: TestStore;
  beforeEach(async () => {
    testStore = await storeCase.create();
    harness.store = testStore.store;
    // As server.ts does before listening, so the first request does not pay for opening the store.
    await harness.store.init();
    harness.config = await testConfig(overrides);
    harness.app = createApp({ store: harness.store, config: harness.config });
  });
  afterEach(async () => {
    await testStore.destroy();
    await fs.rm(harness.config.uploads.tmpDir, { recursive: true, force: true });
  });
  return harness;
}
