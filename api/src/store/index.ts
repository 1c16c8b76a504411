import type { ApiConfig } from '../config';
import { EmbeddedStore } from './embedded';
import { MongoStore } from './mongo';
import type { SubmissionStore } from './types';

export * from './types';
export * from './team-types';
export * from './outbox';
export { EmbeddedSnapshot, EmbeddedStore } from './embedded';
export { MongoStore } from './mongo';
export { storeWithDeadline } from './deadline';
export { DataDirLockedError, readDataDirLock, LOCK_FILE_NAME } from './data-dir-lock';

/** MongoDB when MONGODB_URI is set, otherwise the embedded store under DATA_DIR. */
export function createStore(config: ApiConfig): SubmissionStore {
  if (config.mongodbUri) {
    return new MongoStore({
      uri: config.mongodbUri,
      dbName: config.mongodbDb,
      serverSelectionTimeoutMS: config.storeTimeoutMs,
    });
  }
  return new EmbeddedStore(config.dataDir, { port: config.port });
}
