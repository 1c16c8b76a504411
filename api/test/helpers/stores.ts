import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { EmbeddedStore, MongoStore, type Store } from '../../src/store';

/** A fresh, empty store of one kind, and how to reopen or throw it away. */
export interface TestStore {
  readonly store: Store;
  /** A second store on the same data, as after a restart. */
  reopen(): Store;
  destroy(): Promise<void>;
}

export interface StoreCase {
  readonly name: 'embedded' | 'mongodb';
  /** Why the case cannot run here; undefined when it can. */
  readonly skipReason?: string;
  create(): Promise<TestStore>;
}

const MONGODB_URI = process.env.MONGODB_URI;

/** Opens stores on demand and remembers each, so a case's destroy() closes every one. */
function trackStores<S extends Store>(make: () => S) {
  const opened: S[] = [];
  return {
    open: (): S => {
      const store = make();
      opened.push(store);
      return store;
    },
    closeAll: async () => {
      await Promise.all(opened.map((store) => store.close()));
    },
  };
}

export const embeddedCase: StoreCase = {
  name: 'embedded',
  async create() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-store-'));
    const stores = trackStores(() => new EmbeddedStore(dir));
    return {
      store: stores.open(),
      reopen: stores.open,
      async destroy() {
        await stores.closeAll();
        // A test's background work (a mail worker's last tick) may still open the store in the
        // folder while it goes; fs.rm retries on ENOTEMPTY instead of failing the test's cleanup.
        await fs.rm(dir, { recursive: true, force: true, maxRetries: 5 });
      },
    };
  },
};

export const mongoCase: StoreCase = {
  name: 'mongodb',
  skipReason: MONGODB_URI ? undefined : 'MONGODB_URI is not set, so there is no MongoDB-wire server to test against',
  async create() {
    if (!MONGODB_URI) throw new Error('MONGODB_URI is not set');
    // One database per store, so test files and tests never see each other's data.
    const dbName = `wpc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const stores = trackStores(() => new MongoStore({ uri: MONGODB_URI, dbName, serverSelectionTimeoutMS: 5000 }));
    return {
      store: stores.open(),
      reopen: stores.open,
      async destroy() {
        // A store of its own, since the test may have closed the ones it had.
        const dropper = stores.open();
        try {
          await dropper.dropDatabase();
        } finally {
          await stores.closeAll();
        }
      },
    };
  },
};

export const storeCases: readonly StoreCase[] = [embeddedCase, mongoCase];

/**
 * describe, or describe.skip with a loud warning when the case cannot run here. The Mongo
 * case is skipped (never faked) without MONGODB_URI; CI sets it by running FerretDB.
 */
export function describeStore(storeCase: StoreCase, title: string, body: () => void): void {
  if (storeCase.skipReason) {
    console.warn(`SKIPPED: "${title}" on ${storeCase.name} - ${storeCase.skipReason}.`);
    describe.skip(`${title} [${storeCase.name}] (skipped: ${storeCase.skipReason})`, body);
    return;
  }
  describe(`${title} [${storeCase.name}]`, body);
}

/**
 * A MongoDB database of the test file's own (MONGODB_URI; use inside describeStore(mongoCase)): an
 * initialised store on it and a plain handle to look inside, dropped once the file is done.
 */
export function useMongoDatabase(prefix: string): { readonly store: MongoStore; readonly db: Db } {
  const dbName = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  let store: MongoStore | undefined;
  let client: MongoClient | undefined;
  beforeAll(async () => {
    store = new MongoStore({ uri: MONGODB_URI!, dbName, serverSelectionTimeoutMS: 5000 });
    await store.init();
    client = await MongoClient.connect(MONGODB_URI!);
  });
  afterAll(async () => {
    await store?.dropDatabase();
    await store?.close();
    await client?.close();
  });
  return {
    get store() {
      if (!store) throw new Error('The database is opened in beforeAll.');
      return store;
    },
    get db() {
      if (!client) throw new Error('The database is opened in beforeAll.');
      return client.db(dbName);
    },
  };
}

/**
 * A fresh, initialised store of this case before each test of the calling block, destroyed after
 * it; `opened` hands each one to the tests.
 */
export function freshStorePerTest(storeCase: StoreCase, opened: (testStore: TestStore) => void): void {
  let current: TestStore | undefined;
  beforeEach(async () => {
    current = await storeCase.create();
    await current.store.init();
    opened(current);
  });
  afterEach(() => current?.destroy());
}
