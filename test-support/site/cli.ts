/**
 * The site for the real-API end-to-end tests (playwright.real-api.config.ts): what `npm run serve`
 * runs, each server a process the tests may stop and start (processes.ts), ordered through
 * http://127.0.0.1:<SITE_CONTROL_PORT> (API_PORT + 3 by default).
 *
 *   npx tsx test-support/site/cli.ts
 */
import { runCli } from '../cli';
import { SITE_PROCESSES, siteControlPort, SiteProcesses, startSiteControl } from './processes';

async function main(): Promise<void> {
  const site = new SiteProcesses();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void site.stopAll().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await startSiteControl(site, siteControlPort());
  try {
    await Promise.all(SITE_PROCESSES.map((name) => site.start(name)));
  } catch (error) {
    await site.stopAll();
    throw error;
  }
  console.log(`site serving; its processes stop and start through http://127.0.0.1:${siteControlPort()}`);
}

runCli(main);
