/** @jest-environment node */
import { fragmentFile, type RemoteRouteAssets } from '@wpc/shared/page-contract';
import { createRemotePageIndexSource, createRemotePageSource, remoteOrigins, serverUrl } from '../server/remote-pages';

const origins = {
  home: 'http://127.0.0.1:4001',
  scorecard: 'http://127.0.0.1:4002',
  showcase: 'http://127.0.0.1:4003',
  map: 'http://127.0.0.1:4004',
};
const remotes = {
  home: '/mfe/home/mf-manifest.json',
  scorecard: '/mfe/scorecard/mf-manifest.json',
  showcase: 'https://showcase.example/v2/mf-manifest.json',
  map: '/mfe/map/mf-manifest.json',
};
const assets: RemoteRouteAssets = {
  buildId: 'home-7',
  remoteEntry: 'remoteEntry.js',
  css: ['home-styles.123.css'],
  preload: ['page.456.js'],
  shared: [],
};

/** A fetcher that answers from a fixed set of files, and remembers what it was asked for. */
function serving(files: Record<string, string>) {
  const asked: string[] = [];
  const fetchText = async (url: string) => {
    asked.push(url);
    return files[url];
  };
  return { asked, fetchText };
}

describe("getting the owning remote's page", () => {
  it("reads the route's two files from the remote's own server and keeps the page's HTML", async () => {
    const { asked, fetchText } = serving({
      'http://127.0.0.1:4001/ssr/about.json': JSON.stringify(assets),
      'http://127.0.0.1:4001/ssr/about.html': fragmentFile('home-7', '<h1>About Us</h1>'),
    });
    const page = await createRemotePageSource({ origins, fetchText })('home', '/about', remotes);
    expect(page).toEqual({
      area: 'home',
      baseUrl: '/mfe/home/',
      manifestUrl: '/mfe/home/mf-manifest.json',
      assets,
      html: '<h1>About Us</h1>',
    });
    expect(asked.sort()).toEqual(['http://127.0.0.1:4001/ssr/about.html', 'http://127.0.0.1:4001/ssr/about.json']);
  });

  it('reads the front page as ssr/index, and a remote listed at another origin from there', async () => {
    const { asked, fetchText } = serving({});
    const source = createRemotePageSource({ origins, fetchText });
    await source('home', '/', remotes);
    await source('showcase', '/showcase/innovations', remotes);
    expect(asked.sort()).toEqual([
      'http://127.0.0.1:4001/ssr/index.html',
      'http://127.0.0.1:4001/ssr/index.json',
      'https://showcase.example/v2/ssr/showcase/innovations.html',
      'https://showcase.example/v2/ssr/showcase/innovations.json',
    ]);
  });

  it('has no page when either file cannot be had', async () => {
    const json = { 'http://127.0.0.1:4001/ssr/about.json': JSON.stringify(assets) };
    const html = { 'http://127.0.0.1:4001/ssr/about.html': fragmentFile('home-7', '<h1>About Us</h1>') };
    expect(await createRemotePageSource({ origins, ...serving(json) })('home', '/about', remotes)).toBeUndefined();
    expect(await createRemotePageSource({ origins, ...serving(html) })('home', '/about', remotes)).toBeUndefined();
  });

  it('has no page when the fragment comes from another build than its list of files (mid-deploy)', async () => {
    const { fetchText } = serving({
      'http://127.0.0.1:4001/ssr/about.json': JSON.stringify(assets),
      'http://127.0.0.1:4001/ssr/about.html': fragmentFile('home-8', '<h1>About Us, new</h1>'),
    });
    expect(await createRemotePageSource({ origins, fetchText })('home', '/about', remotes)).toBeUndefined();
  });

  it('asks again once when a publish lands between its two requests, and pairs the files of one rendering', async () => {
    const rendered = { ...assets, version: 'v2' };
    let round = 0;
    const fetchText = async (url: string) => {
      round += url.endsWith('.json') ? 1 : 0;
      if (url.endsWith('.json')) return JSON.stringify(rendered);
      // The first answer is still the earlier rendering's fragment; the second the new one's.
      return round < 2 ? fragmentFile('home-7', '<h1>Old</h1>', 'v1') : fragmentFile('home-7', '<h1>New</h1>', 'v2');
    };
    const page = await createRemotePageSource({ origins, fetchText })('home', '/about', remotes);
    expect(page?.html).toBe('<h1>New</h1>');
    expect(page?.assets.version).toBe('v2');
  });

  it('asks nothing of a remote the list does not name', async () => {
    const { asked, fetchText } = serving({});
    const { home: _home, ...withoutHome } = remotes;
    expect(await createRemotePageSource({ origins, fetchText })('home', '/about', withoutHome)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

describe("a remote's list of its rendered pages", () => {
  it('is read from ssr/_pages.json beside its pages, and is missing when it cannot be had or read', async () => {
    const index = { buildId: 'home-7', revision: 'r4', pages: [{ path: '/about', lastModified: '2026-01-02' }] };
    const { asked, fetchText } = serving({ 'http://127.0.0.1:4001/ssr/_pages.json': JSON.stringify(index) });
    expect(await createRemotePageIndexSource({ origins, fetchText })('home', remotes)).toEqual(index);
    expect(asked).toEqual(['http://127.0.0.1:4001/ssr/_pages.json']);
    expect(await createRemotePageIndexSource({ origins, fetchText })('map', remotes)).toBeUndefined();
    const broken = serving({ 'http://127.0.0.1:4001/ssr/_pages.json': '{' });
    expect(await createRemotePageIndexSource({ origins, ...broken })('home', remotes)).toBeUndefined();
  });
});

describe("the remotes' servers", () => {
  it('are each on its local port unless MFE_<NAME>_ORIGIN says otherwise', () => {
    const found = remoteOrigins({ MFE_MAP_ORIGIN: 'http://map.internal:8080' });
    expect(found.map).toBe('http://map.internal:8080');
    expect(found.home).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(Object.values(found)).size).toBe(4);
  });

  it("take the browser's /mfe/<name>/ addresses; any other address is the edge's own or absolute", () => {
    expect(serverUrl('/mfe/scorecard/scorecard-styles.1.css', origins)).toBe(
      'http://127.0.0.1:4002/scorecard-styles.1.css',
    );
    expect(serverUrl('https://showcase.example/v2/ssr/x.json', origins)).toBe('https://showcase.example/v2/ssr/x.json');
    expect(serverUrl('/mfe/elsewhere/a.css', origins)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mfe\/elsewhere\/a\.css$/);
  });
});
