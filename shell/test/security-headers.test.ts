/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  assetHeaders,
  deploymentPolicy,
  nginxMap,
  nginxSnippet,
  pageCsp,
  pageHeaders,
  VIDEO_ORIGIN,
} from '@wpc/shared/server/security-headers.cjs';
import { START_SCRIPT } from '@wpc/shared/build/start-script.cjs';
import { clipEmbedUrl } from '@wpc/shared/ui';

const confDir = path.join(__dirname, '../../docker/nginx');
/** The one inline script a page may run, allowed by nothing but its own SHA-256. */
const startScriptSource = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;
const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)] as const));

describe('the security headers', () => {
  it('are what nginx sends: the committed snippets are written from the same source', () => {
    // After changing shared/server/security-headers.cjs, run: node scripts/write-nginx-security.mjs
    expect(fs.readFileSync(path.join(confDir, 'security-headers.conf'), 'utf8')).toBe(nginxSnippet());
    expect(fs.readFileSync(path.join(confDir, 'security-map.conf'), 'utf8')).toBe(nginxMap());
    for (const file of ['edge.conf', 'cache-rules.conf'])
      expect(fs.readFileSync(path.join(confDir, file), 'utf8')).toContain('snippets/security-headers.conf');
  });

  it('allow the remotes’ origins from remotes.json and the API’s own origin, and nothing unsafe for scripts', () => {
    const csp = directives(
      pageCsp({
        remotes: { home: '/mfe/home/mf-manifest.json', map: 'https://maps.example.org/map/mf-manifest.json' },
        apiBase: 'https://api.example.org',
        secure: true,
      }),
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://maps.example.org', startScriptSource]);
    expect(csp.get('style-src')).toEqual(["'self'", 'https://maps.example.org', "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://maps.example.org', 'https://api.example.org']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('allow loopback dev servers (remote overrides) over plain http only', () => {
    expect(directives(pageCsp({ secure: false })).get('script-src')).toEqual([
      "'self'",
      'http://localhost:*',
      'http://127.0.0.1:*',
      startScriptSource,
    ]);
    expect(directives(pageCsp({ secure: true })).get('script-src')).toEqual(["'self'", startScriptSource]);
  });

  // Issue 31 item 9: strictness comes from the deployment's settings, never from a request's header.
  it('are as strict as the deployment’s NODE_ENV and SITE_ORIGIN say: no localhost in a production page unless staging opts in', () => {
    const production = { NODE_ENV: 'production', SITE_ORIGIN: 'https://www.example.org' };
    expect(deploymentPolicy(production)).toEqual({ secure: true, loopback: false });
    // A production site reached over plain http (no TLS yet): no HSTS, and still no loopback sources.
    const plain = deploymentPolicy({ NODE_ENV: 'production', SITE_ORIGIN: 'http://www.example.org' });
    expect(plain).toEqual({ secure: false, loopback: false });
    for (const policy of [deploymentPolicy(production), plain]) {
      const scripts = directives(pageHeaders(policy)['Content-Security-Policy']!).get('script-src')!;
      expect(scripts).toEqual(["'self'", startScriptSource]);
      expect(scripts.join(' ')).not.toMatch(/localhost|127\.0\.0\.1|\*/);
    }
    // A staging deployment that tries remote overrides opts in.
    expect(deploymentPolicy({ ...production, REMOTE_OVERRIDES: 'allow' })).toEqual({ secure: true, loopback: true });
    // Development and tests: overrides allowed, no HSTS, whatever SITE_ORIGIN names.
    expect(deploymentPolicy({ SITE_ORIGIN: 'https://www.example.org' })).toEqual({ secure: false, loopback: true });
    expect(nginxMap()).not.toMatch(/http_x_forwarded_proto"? \$wpc_hsts/);
  });

  it('allow the clip player’s video host in frames', () => {
    expect(new URL(clipEmbedUrl('abc')).origin).toBe(VIDEO_ORIGIN);
    expect(directives(pageCsp()).get('frame-src')).toEqual([VIDEO_ORIGIN]);
  });

  it('send HSTS over https only, on pages and files alike', () => {
    expect(pageHeaders({ secure: false })['Strict-Transport-Security']).toBeUndefined();
    expect(assetHeaders({ secure: false })['Strict-Transport-Security']).toBeUndefined();
    expect(pageHeaders({ secure: true })['Strict-Transport-Security']).toMatch(/^max-age=63072000/);
    expect(assetHeaders({ secure: true })['Strict-Transport-Security']).toMatch(/^max-age=63072000/);
  });
});
