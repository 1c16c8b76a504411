import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoStore } from '../../src/store';
import { collect, freePort, runTs, waitForOutput } from './process';
import { roundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

export interface Replicas {
  /** Takes the two replicas in turn, as nginx's default upstream balancing does. */
  readonly proxy: RoundRobinProxy;
  /** The database both replicas share, for reading what they stored. */
  readonly store: MongoStore;
  /** Stops the replicas and the proxy, and drops the database and the replicas' folders. */
  close(): Promise<void>;
}

/**
 * Two API processes on one MongoDB database (MONGODB_URI) behind one round-robin proxy, each with
 * `env` and its own DATA_DIR (upload scratch space; nothing else is kept on a replica's disk).
 * `name` names the database and the temporary folder, so that test files never share them.
 */
export async function startReplicas(name: string, env: Record<string, string>): Promise<Replicas> {
  const uri = process.env.MONGODB_URI!;
  const dbName = `wpc_${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `wpc-${name.replaceAll('_', '-')}-`));
  const store = new MongoStore({ uri, dbName, serverSelectionTimeoutMS: 5000 });
  const replicas: ChildProcessWithoutNullStreams[] = [];
  const ports = [await freePort(), await freePort()];
  await Promise.all(
    ports.map(async (port, index) => {
      const child = runTs('src/server.ts', [], {
        ...env,
        API_PORT: String(port),
        MONGODB_URI: uri,
        MONGODB_DB: dbName,
        DATA_DIR: path.join(dataDir, `replica-${index}`),
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'info',
      });
      replicas.push(child);
      await waitForOutput(child, /API listening/, collect(child));
    }),
  );
  const proxy = await roundRobinProxy(ports);
  return {
    proxy,
    store,
    async close() {
      await proxy.close();
      for (const child of replicas) child.kill('SIGTERM');
      await store.dropDatabase().catch(() => undefined);
      await store.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
