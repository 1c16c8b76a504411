import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ROUTES_BEYOND_SPEC, SPEC_NOT_FOUND_PATHS, SPEC_ROUTES } from '../../test-support/spec/routes';

// Issue 21: the HTML of every route, as the edge composes it, passes the Nu Html Checker (vnu.jar
// from the vnu-jar package, run with Java) with no error. Warnings and notes are not failures.

const ROUTES = [
  ...SPEC_ROUTES.map((route) => route.path),
  ...ROUTES_BEYOND_SPEC.map((route) => route.path),
  SPEC_NOT_FOUND_PATHS[0]!,
];

interface VnuMessage {
  readonly type: 'error' | 'info' | 'non-document-error';
  readonly subType?: string;
  readonly url: string;
  readonly lastLine?: number;
  readonly message: string;
  readonly extract?: string;
}

function java(): string {
  const bin = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  return bin;
}

test('every route’s composed HTML passes the Nu Html Checker with no error', async ({ request }) => {
  // One Java start-up checks every page; the checker itself takes a few seconds.
  test.slow();
  const version = await promisify(execFile)(java(), ['-version']).catch((error: Error) => error);
  if (version instanceof Error) {
    throw new Error(
      `The HTML check needs Java to run vnu.jar, and "${java()} -version" failed (${version.message}). ` +
        'Install it with "apt-get install -y default-jre-headless" (.ci/run does) or set JAVA_HOME.',
    );
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-vnu-'));
  try {
    const files = new Map<string, string>();
    for (const route of ROUTES) {
      const response = await request.get(route, { headers: { Accept: 'text/html' } });
      const file = path.join(dir, `${route.replace(/\W+/g, '_') || 'index'}.html`);
      fs.writeFileSync(file, await response.body());
      files.set(file, route);
    }
    const vnu = require.resolve('vnu-jar/build/dist/vnu.jar');
    const { stdout, stderr } = await promisify(execFile)(
      java(),
      ['-jar', vnu, '--format', 'json', '--exit-zero-always', ...files.keys()],
      { maxBuffer: 32 * 1024 * 1024 },
    );
    // vnu writes its JSON report to stderr.
    const report = JSON.parse(stderr || stdout) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((message) => message.type !== 'info')
      .map((message) => {
        const route = files.get(decodeURIComponent(new URL(message.url).pathname)) ?? message.url;
        return `${route}:${message.lastLine ?? '?'} ${message.message} ${message.extract ?? ''}`.trim();
      });
    expect(errors).toEqual([]);
    // Every page was read.
    expect(files.size).toBe(ROUTES.length);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
