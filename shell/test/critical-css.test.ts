/** @jest-environment node */
import type { RemoteRouteAssets } from '@wpc/shared/page-contract';
import { composeDocument, stylesheetsOf } from '../server/compose';
import { createCriticalCss, rebaseUrls } from '../server/critical-css';

const remotes = { home: '/mfe/home/mf-manifest.json', scorecard: '/s', showcase: '/w', map: '/m' };
const shellDocument =
  '<!doctype html><html lang="en"><head><title>About Us</title><!--wpc:head--></head>' +
  '<body><noscript>Scripts are off.</noscript><header class="shell-head"><a class="shell-link" href="/">Home</a></header>' +
  '<main id="main"><!--wpc:outlet--></main></body></html>';
const shellAssets = { buildId: 'shell-1', css: ['shell-styles.abc.css'], preload: [] };
const assets: RemoteRouteAssets = {
  buildId: 'home-7',
  remoteEntry: 'remoteEntry.js',
  css: ['home-styles.123.css'],
  preload: [],
  shared: [],
};
const remotePage = {
  area: 'home' as const,
  baseUrl: '/mfe/home/',
  manifestUrl: remotes.home,
  assets,
  html: '<h1 class="home-title">About Us</h1>',
};
const input = { shellDocument, shellAssets, remotes, remotePage, sharedFiles: () => [] };

const stylesheets: Record<string, string> = {
  '/shell-styles.abc.css':
    ':root{--ink:#111}.shell-head{position:sticky}.shell-link:hover{color:red}' +
    '.wpc-dialog{position:fixed}@media (min-width:1024px){.shell-head{display:flex}.wpc-menu{display:none}}',
  '/mfe/home/home-styles.123.css':
    '.home-title{background:url(assets/flame.1234567890.svg) no-repeat}.home-card{color:blue}',
};

describe('critical CSS', () => {
  const readStylesheet = jest.fn(async (href: string) => stylesheets[href]);
  const criticalCss = createCriticalCss({ readStylesheet });

  it("keeps exactly the rules that match the composed page's elements, in the order the page links them", async () => {
    const html = composeDocument(input);
    const css = await criticalCss(html, stylesheetsOf(input));
    expect(css).toBeDefined();
    for (const kept of [':root', '.shell-head{position:sticky}', '.shell-link:hover', '@media (min-width:1024px)'])
      expect(css).toContain(kept);
    // Nothing on the page uses these: they arrive with the stylesheets.
    for (const dropped of ['.wpc-dialog', '.wpc-menu', '.home-card']) expect(css).not.toContain(dropped);
    expect(css!.indexOf('.shell-head')).toBeLessThan(css!.indexOf('.home-title'));
    // The remote's image is addressed where the remote serves it, not next to the page.
    expect(css).toContain('url(/mfe/home/assets/flame.1234567890.svg)');
  });

  it("keeps the rules of the states the page's early script sets, though nothing matches them yet", async () => {
    const early = createCriticalCss({
      readStylesheet: async (href) =>
        href === '/shell-styles.abc.css'
          ? '.q[aria-expanded=true] .sign:before{content:"-"}.tab[aria-selected=true]{color:green}.q[data-open=true]{color:red}'
          : stylesheets[href],
    });
    const css = await early(composeDocument(input), stylesheetsOf(input));
    expect(css).toContain('.q[aria-expanded=true] .sign:before');
    expect(css).toContain('.tab[aria-selected=true]');
    expect(css).not.toContain('data-open');
  });

  it('computes a page once per build and markup', async () => {
    readStylesheet.mockClear();
    const html = composeDocument(input);
    const first = await criticalCss(html, stylesheetsOf(input));
    expect(await criticalCss(html, stylesheetsOf(input))).toBe(first);
    expect(readStylesheet).toHaveBeenCalledTimes(0); // the first test's page, already known
  });

  it('gives nothing when a stylesheet cannot be read, so the page keeps blocking links', async () => {
    const missing = createCriticalCss({ readStylesheet: async () => undefined });
    expect(await missing(composeDocument(input), stylesheetsOf(input))).toBeUndefined();
  });

  it('links stylesheets without blocking the first paint once critical rules are inlined', () => {
    const html = composeDocument({ ...input, criticalCss: '.shell-head{position:sticky}' });
    expect(html).toContain('<style>.shell-head{position:sticky}</style>');
    expect(html).toContain('<link rel="stylesheet" href="/shell-styles.abc.css" media="print" data-wpc-media="all">');
    expect(html).toContain(
      '<link rel="stylesheet" href="/mfe/home/home-styles.123.css" data-href="home-styles.123.css" media="print" data-wpc-media="all">',
    );
    // Without scripting, plain links inside the page's <noscript> apply the stylesheets.
    expect(html).toContain(
      '<noscript>Scripts are off.<link rel="stylesheet" href="/shell-styles.abc.css">' +
        '<link rel="stylesheet" href="/mfe/home/home-styles.123.css"></noscript>',
    );
    expect(html.match(/<noscript>/g)).toHaveLength(1);
    // With scripting, the links wait in the template the start script moves into the head after
    // the first paint: fetched earlier, they would compete with the page itself.
    const template = /<template id="wpc-after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template).toContain('href="/shell-styles.abc.css" media="print"');
    expect(template).toContain('href="/mfe/home/home-styles.123.css" data-href="home-styles.123.css" media="print"');
    // The inlined rules come before the stylesheets, which repeat them in their own order.
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
  });

  it('cannot be closed early by the text it inlines', () => {
    const html = composeDocument({ ...input, criticalCss: '.a{content:"</style><script>x</script>"}' });
    expect(html).not.toContain('</style><script>');
  });
});

describe('rebaseUrls', () => {
  it('rewrites relative addresses against the stylesheet and leaves the others alone', () => {
    expect(rebaseUrls('a{b:url(img/x.svg)}', '/mfe/map/map.css')).toBe('a{b:url(/mfe/map/img/x.svg)}');
    expect(rebaseUrls('a{b:url("../x.png")}', '/mfe/map/css/m.css')).toBe('a{b:url("/mfe/map/x.png")}');
    expect(rebaseUrls("a{b:url('x.svg')}", 'https://cdn.example.org/map/m.css')).toBe(
      "a{b:url('https://cdn.example.org/map/x.svg')}",
    );
    for (const kept of ['url(data:image/svg+xml;utf8,x)', 'url(/abs.svg)', 'url(#clip)', 'url(https://a.example/x)'])
      expect(rebaseUrls(`a{b:${kept}}`, '/mfe/map/m.css')).toBe(`a{b:${kept}}`);
  });
});
