import { startSite } from './site';

/** Starts the built site once for every engine test file (jest globalSetup). */
export default async function globalSetup(): Promise<void> {
  const site = await startSite();
  (globalThis as { engineSite?: unknown }).engineSite = site;
}
