/** @jest-environment node */
import { composeDocument, type ComposeInput } from '../server/compose';
import { composeWithCriticalCss } from '../server/critical-css';

const input: ComposeInput = {
  shellDocument:
    '<!doctype html><html><head><title>About Us</title><!--wpc:head--></head>' +
    '<body><noscript>Scripts are off.</noscript><main id="main"><!--wpc:outlet--></main></body></html>',
  shellAssets: { buildId: 'shell-1', css: ['shell-styles.abc.css'], preload: [] },
  remotes: { home: '/mfe/home/mf-manifest.json' },
  remotePage: {
    area: 'home',
    baseUrl: '/mfe/home/',
    manifestUrl: '/mfe/home/mf-manifest.json',
    assets: { buildId: 'home-7', remoteEntry: 'remoteEntry.js', css: ['home-styles.123.css'], preload: [], shared: [] },
    html: '<h1 class="home-title">About Us</h1>',
  },
  sharedFiles: () => [],
};

describe('composing with the critical CSS inlined', () => {
  it("inlines the rules found for the composed page and defers the page's stylesheets", async () => {
    const criticalCss = jest.fn(async () => '.home-title{color:#7a2e0e}');
    const html = await composeWithCriticalCss(criticalCss, input);
    // The rules are found for the page as composed, with the stylesheets it links, in cascade order.
    expect(criticalCss).toHaveBeenCalledWith(composeDocument(input), [
      '/shell-styles.abc.css',
      '/mfe/home/home-styles.123.css',
    ]);
    expect(html).toContain('<style>.home-title{color:#7a2e0e}</style>');
    expect(html).toContain('href="/mfe/home/home-styles.123.css" data-href="home-styles.123.css" media="print"');
  });

  it('keeps ordinary, blocking stylesheet links when a stylesheet cannot be read', async () => {
    const html = await composeWithCriticalCss(async () => undefined, input);
    expect(html).toBe(composeDocument(input));
    expect(html).not.toContain('<style>');
    expect(html).toContain(
      '<link rel="stylesheet" href="/mfe/home/home-styles.123.css" data-href="home-styles.123.css">',
    );
  });
});
