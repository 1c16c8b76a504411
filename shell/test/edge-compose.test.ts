/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteRouteAssets } from '@wpc/shared/page-contract';
import { composeDocument, withInlineRemotes } from '../server/compose';
import { createTextFetcher } from '../server/fragments';
import { fragmentBody } from '../server/remote-pages';

const remotes = { home: '/mfe/home/mf-manifest.json', scorecard: '/s', showcase: '/w', map: '/m' };
const shellDocument =
  '<!doctype html><html><head><title>About Us | Wildfire Prevention Consortium</title><!--wpc:head--></head>' +
  '<body><main id="main"><!--wpc:outlet--><div id="area-map"></div></main></body></html>';
const shellAssets = { buildId: 'shell-1', css: ['shell-styles.abc.css'], preload: ['1.a.js'] };
const assets: RemoteRouteAssets = {
  buildId: 'home-7',
  remoteEntry: 'remoteEntry.js',
  css: ['home-styles.123.css'],
  preload: ['page.456.js'],
  shared: ['@wpc/shared/forms'],
};

describe('composeDocument', () => {
  it("puts the remote's page in its outlet, marked with the build that prerendered it", () => {
    const html = composeDocument({
      shellDocument,
      shellAssets,
      remotes,
      sharedFiles: (key) => (key === '@wpc/shared/forms' ? ['forms.789.js'] : []),
      remotePage: { area: 'home', baseUrl: '/mfe/home/', manifestUrl: remotes.home, assets, html: '<h1>About Us</h1>' },
    });
    expect(html).toContain(
      '<main id="main"><div id="area-home" data-ssr-build="home-7"><h1>About Us</h1></div><div id="area-map"></div></main>',
    );
    expect(html).toContain('<link rel="stylesheet" href="/shell-styles.abc.css">');
    // data-href is the name webpack's CSS loading matches, so it never loads the file again.
    expect(html).toContain(
      '<link rel="stylesheet" href="/mfe/home/home-styles.123.css" data-href="home-styles.123.css">',
    );
    // Hinted, but behind the page's own content: the page is readable before it hydrates.
    for (const script of ['/1.a.js', '/mfe/home/remoteEntry.js', '/forms.789.js']) {
      expect(html).toContain(`<link rel="preload" href="${script}" as="script" fetchpriority="low">`);
    }
    expect(html).not.toContain('page.456.js');
    expect(html).toContain('<link rel="preload" href="/mfe/home/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    // Script hints wait in the template that the page's start script moves into the head after
    // the first paint; outside it the head names no script and no manifest.
    const template = /<template id="wpc-after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    for (const file of ['/1.a.js', '/mfe/home/remoteEntry.js', '/forms.789.js', '/mfe/home/mf-manifest.json'])
      expect(template).toContain(`href="${file}"`);
    expect(html.replace(template, '')).not.toMatch(/rel="preload"/);
    expect(html).toContain(`<script type="application/json" id="wpc-remotes">${JSON.stringify(remotes)}</script>`);
    expect(html).not.toContain('<!--wpc:');
  });

  it("requests the page's hero image first, at high priority", () => {
    const html = composeDocument({
      shellDocument,
      shellAssets,
      remotes,
      sharedFiles: () => [],
      remotePage: {
        area: 'home',
        baseUrl: '/mfe/home/',
        manifestUrl: remotes.home,
        assets,
        html: '<img src="/mfe/home/card.svg" alt=""/><img class="h" src="/mfe/home/hero.svg?v=1&amp;w=2" fetchPriority="high" alt=""/>',
      },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" href="/mfe/home/hero.svg?v=1&amp;w=2" as="image" fetchpriority="high">',
    );
    expect(head).not.toContain('card.svg');
    expect(head.indexOf('as="image"')).toBeLessThan(head.indexOf('as="script"'));
  });

  it('escapes the inlined remote list so it cannot close its script element', () => {
    const html = withInlineRemotes('<head></head>', { ...remotes, map: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script>');
  });
});

describe('fragmentBody', () => {
  it('gives the fragment without its build line when the line names the JSON build', () => {
    expect(fragmentBody('<!--wpc-build:home-7-->\n<h1>x</h1>', assets)).toBe('<h1>x</h1>');
  });

  it('refuses a fragment from another build (a rebuild between the two requests)', () => {
    expect(fragmentBody('<!--wpc-build:home-8-->\n<h1>x</h1>', assets)).toBeUndefined();
    expect(fragmentBody('<h1>x</h1>', assets)).toBeUndefined();
  });

  it('refuses a fragment of another rendering of the same build (a publish between the two requests)', () => {
    const rendered = { ...assets, version: 'v2' };
    expect(fragmentBody('<!--wpc-build:home-7 v2-->\n<h1>new</h1>', rendered)).toBe('<h1>new</h1>');
    expect(fragmentBody('<!--wpc-build:home-7 v1-->\n<h1>old</h1>', rendered)).toBeUndefined();
    expect(fragmentBody('<!--wpc-build:home-7-->\n<h1>seed</h1>', rendered)).toBeUndefined();
    expect(fragmentBody('<!--wpc-build:home-7 v2-->\n<h1>new</h1>', assets)).toBeUndefined();
  });
});

describe('createTextFetcher', () => {
  let server: http.Server;
  let base = '';
  let behaviour: 'serve' | 'hang' | 'fail' | 'gone' = 'serve';
  let body = 'first';
  const requests: (string | undefined)[] = [];
  const held: http.ServerResponse[] = [];
  /** Answers the requests left hanging, so the next phase starts with none in flight. */
  const answerHeld = () => held.splice(0).forEach((res) => res.writeHead(500).end());

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.headers['if-none-match']);
      if (behaviour === 'hang') return void held.push(res);
      if (behaviour === 'fail') return void res.writeHead(500).end();
      if (behaviour === 'gone') return void res.writeHead(404).end();
      const etag = `"${body}"`;
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res.writeHead(200, { ETag: etag }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('revalidates by ETag, keeps the last good copy through slow answers and errors, and forgets a removed file', async () => {
    // Generous: this checks the fallbacks, not the speed of a busy test machine.
    const fetchText = createTextFetcher({ timeoutMs: 1000, backgroundTimeoutMs: 3000 });
    const url = `${base}/ssr/about.html`;
    expect(await fetchText(url)).toBe('first');
    expect(await fetchText(url)).toBe('first');
    expect(requests).toEqual([undefined, '"first"']);

    body = 'second';
    expect(await fetchText(url)).toBe('second');

    behaviour = 'hang';
    expect(await fetchText(url)).toBe('second');
    answerHeld();
    behaviour = 'fail';
    expect(await fetchText(url)).toBe('second');
    behaviour = 'gone';
    expect(await fetchText(url)).toBeUndefined();
    behaviour = 'hang';
    expect(await fetchText(url)).toBeUndefined();
    answerHeld();
  }, 20_000);

  it('keeps a copy that arrives after the page stopped waiting, for the next request', async () => {
    body = 'late';
    let release: () => void = () => undefined;
    const slowServer = http.createServer(async (_req, res) => {
      await new Promise<void>((resolve) => (release = resolve));
      res.writeHead(200, { ETag: '"late"' }).end(body);
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/ssr/map.html`;
    const fetchText = createTextFetcher({ timeoutMs: 200, backgroundTimeoutMs: 5000 });
    expect(await fetchText(url)).toBeUndefined();
    release();
    // Joins the request still under way, or has its copy: either way the late answer is there.
    expect(await fetchText(url)).toBe('late');
    slowServer.closeAllConnections();
    slowServer.close();
  }, 20_000);
});
