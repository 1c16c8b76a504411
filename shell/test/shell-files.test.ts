/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SharedModules, ShellRouteAssets } from '@wpc/shared/page-contract';
import { createShellFiles } from '../server/shell-files';
import { builtPageMeta } from '../../test-support/built-page-meta';

const aboutAssets: ShellRouteAssets = { buildId: 'shell-1', css: ['shell-styles.abc.css'], preload: ['main.js'] };
const siteMeta = builtPageMeta('Wildfire Prevention Consortium', 'share/site.0123456789.png', { type: 'website' });
const sharedModules: SharedModules = {
  buildId: 'shell-1',
  files: { '@wpc/shared/forms': ['forms.789.js', 'forms-styles.789.css'] },
};

let dist: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
};

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-shell-dist-'));
  write('index.html', '<!doctype html><html><head><title>Loading</title></head><body></body></html>');
  write('ssr/about.html', '<html><head><!--wpc:head--></head><body><!--wpc:outlet--></body></html>');
  write('ssr/about.json', JSON.stringify(aboutAssets));
  write('ssr/index.html', '<html>the front page</html>');
  write('ssr/index.json', JSON.stringify({ ...aboutAssets, buildId: 'shell-2' }));
  write('shell-styles.abc.css', '.shell-head{position:sticky}');
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("the shell's files", () => {
  it('reads the document its build wrote for a route, with what it links', async () => {
    await expect(createShellFiles(dist).document('/about')).resolves.toEqual({
      shellDocument: '<html><head><!--wpc:head--></head><body><!--wpc:outlet--></body></html>',
      shellAssets: aboutAssets,
    });
    // "/" is written as ssr/index.
    await expect(createShellFiles(dist).document('/')).resolves.toMatchObject({
      shellDocument: '<html>the front page</html>',
      shellAssets: { buildId: 'shell-2' },
    });
  });

  it('has no document for a route when either of its two files is missing', async () => {
    expect(await createShellFiles(dist).document('/map')).toBeUndefined();
    fs.rmSync(path.join(dist, 'ssr/about.json'));
    expect(await createShellFiles(dist).document('/about')).toBeUndefined();
  });

  it('reads a new build on the next request', async () => {
    const shell = createShellFiles(dist);
    await shell.document('/about');
    write('ssr/about.json', JSON.stringify({ ...aboutAssets, buildId: 'shell-9' }));
    await expect(shell.document('/about')).resolves.toMatchObject({ shellAssets: { buildId: 'shell-9' } });
  });

  it("gives the scripts of each shared module it provides, and none for one it doesn't", async () => {
    write('ssr/shared-modules.json', JSON.stringify(sharedModules));
    const sharedFiles = await createShellFiles(dist).sharedFiles();
    expect(sharedFiles('@wpc/shared/forms')).toEqual(['forms.789.js']);
    expect(sharedFiles('@wpc/shared/ui')).toEqual([]);
    // Without the listing, no shared module has files to preload.
    fs.rmSync(path.join(dist, 'ssr/shared-modules.json'));
    expect((await createShellFiles(dist).sharedFiles())('@wpc/shared/forms')).toEqual([]);
  });

  it("reads the site's metadata, if its build wrote it", async () => {
    expect(await createShellFiles(dist).siteMeta()).toBeUndefined();
    write('ssr/site-meta.json', JSON.stringify(siteMeta));
    await expect(createShellFiles(dist).siteMeta()).resolves.toEqual(siteMeta);
  });

  it('gives the client-only page with the remote list inlined', async () => {
    const remotes = { home: '/mfe/home/mf-manifest.json', map: 'https://maps.example/</script>/mf-manifest.json' };
    const html = await createShellFiles(dist).clientOnly(remotes);
    expect(html).toBe(
      '<!doctype html><html><head><title>Loading</title>' +
        '<script type="application/json" id="wpc-remotes">' +
        '{"home":"/mfe/home/mf-manifest.json","map":"https://maps.example/\\u003c/script>/mf-manifest.json"}' +
        '</script></head><body></body></html>',
    );
  });

  it('reads its files by the address a page links them with', async () => {
    await expect(createShellFiles(dist).readFile('/shell-styles.abc.css')).resolves.toBe(
      '.shell-head{position:sticky}',
    );
    await expect(createShellFiles(dist).readFile('/missing.css')).resolves.toBeUndefined();
  });
});
