import type { ChildProcess } from 'node:child_process';
import { stopSite } from './site';

export default async function globalTeardown(): Promise<void> {
  const site = (globalThis as { engineSite?: ChildProcess }).engineSite;
  if (site) await stopSite(site);
}
