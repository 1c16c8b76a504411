// Prints what a first visit downloads, per resource type, as compressed bytes on the wire.
// Usage: node scripts/measure-first-load.mjs [path ...]   (the site must be running: npm start)
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';

const { CHROMIUM_ARGS } = createRequire(import.meta.url)('./chromium-flags.cjs');

const base = process.env.SITE_URL ?? 'http://localhost:3000';
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/scorecard', '/showcase/presentations', '/map'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

for (const path of paths) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    responses.push({
      url: request.url(),
      type: request.resourceType(),
      bytes: sizes.responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'none',
    });
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const byType = {};
  for (const r of responses) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
  const scripts = responses.filter((r) => r.type === 'script');
  console.log(
    `\n${path}: ${responses.length} requests, ${(Object.values(byType).reduce((a, b) => a + b, 0) / 1024).toFixed(1)} KiB in all`,
  );
  for (const [type, bytes] of Object.entries(byType))
    console.log(`  ${type.padEnd(10)} ${(bytes / 1024).toFixed(1)} KiB`);
  console.log(
    `  JavaScript: ${scripts.length} files, ${(scripts.reduce((a, r) => a + r.bytes, 0) / 1024).toFixed(1)} KiB compressed (${[...new Set(scripts.map((s) => s.encoding))].join(', ')})`,
  );
  if (process.env.VERBOSE)
    for (const s of scripts)
      console.log(`    ${(s.bytes / 1024).toFixed(1).padStart(6)} KiB  ${s.url.replace(base, '')}`);
  await context.close();
}
await browser.close();
