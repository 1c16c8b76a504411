// One Lighthouse run (mobile, simulated throttling: Lighthouse's defaults) of one route in a fresh
// Chromium, for the benchmarks (bench-web.mjs, bench-interact.mjs). Figures only; nothing asserts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import pageContract from '../shared/src/page-contract.cjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/** Exits with a hint when nothing answers at the site's address. */
export async function requireSite(site) {
  try {
    await fetch(`${site}/`, { signal: AbortSignal.timeout(5000) });
  } catch {
    console.error(`Nothing answers at ${site}. Start the site first (npm start), or set SITE_URL.`);
    process.exit(2);
  }
}

/** Starts Chromium with a DevTools port of its choosing and returns that port. */
async function startChromium() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'wpc-bench-'));
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let log = '';
    child.stderr.on('data', (data) => {
      log += data;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${log}`)),
    );
  });
  return {
    port,
    async stop() {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

function summarise(lhr) {
  const bytes = (type) =>
    lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  // Lighthouse counts every script the page fetched while it watched, the chunks a page fetches
  // once idle (IDLE_PREFETCH_MARK) too; the first load is what was asked for before that mark.
  // Both times count from the navigation's start.
  const idleAt = lhr.audits['user-timings']?.details?.items?.find(
    (item) => item.name === pageContract.IDLE_PREFETCH_MARK,
  )?.startTime;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const firstLoadScripts = scripts.filter((item) => idleAt === undefined || item.networkRequestTime < idleAt);
  const sum = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    lcpElement: /^<([a-z0-9]+)/i.exec(lcpElement?.snippet ?? '')?.[1]?.toLowerCase() ?? '?',
    lighthouseVersion: lhr.lighthouseVersion,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    jsFirstLoadKiB: sum(firstLoadScripts) / 1024,
    jsIdleKiB: (sum(scripts) - sum(firstLoadScripts)) / 1024,
    cssKiB: bytes('stylesheet') / 1024,
  };
}

/** One Lighthouse run in a fresh browser, so no run inherits another's caches or memory. */
export async function lighthouseRun(site, route) {
  const chromium = await startChromium();
  try {
    const result = await lighthouse(`${site}${route}`, {
      port: chromium.port,
      onlyCategories: ['performance', 'accessibility'],
      logLevel: 'error',
      output: 'json',
    });
    if (result?.lhr.runtimeError) throw new Error(`${route}: ${result.lhr.runtimeError.message}`);
    return summarise(result.lhr);
  } finally {
    await chromium.stop();
  }
}

/** The middle value (the upper middle of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
