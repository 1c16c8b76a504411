/** @jest-environment node */
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import { robotsTxt, sitemapXml } from '../server/discovery';
import { renderHead, siteOrigin, withHead } from '../server/head';

const meta: BuiltPageMeta = {
  title: 'Tom & Jerry "quoted" <page>',
  description: 'A page about <things> & "stuff".',
  type: 'article',
  lastModified: '2026-01-02',
  shareImage: { file: 'share/page.0123456789.png', width: 1200, height: 630, alt: 'A picture' },
  structuredData: [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: '</script>', item: '/' }],
    },
  ],
};

describe('the page head', () => {
  it('takes SITE_ORIGIN, by default http://localhost:3000, and refuses anything but an origin', () => {
    expect(siteOrigin(undefined)).toBe('http://localhost:3000');
    expect(siteOrigin('https://example.org/')).toBe('https://example.org');
    expect(() => siteOrigin('https://example.org/site')).toThrow(/SITE_ORIGIN/);
    expect(() => siteOrigin('ftp://example.org')).toThrow(/SITE_ORIGIN/);
  });

  it('escapes the metadata and makes every address absolute', () => {
    const head = renderHead({ meta, origin: 'https://example.org', path: '/a', assetBase: '/mfe/home/' });
    expect(head).toContain(
      '<title>Tom &amp; Jerry &quot;quoted&quot; &lt;page&gt; | Wildfire Prevention Consortium</title>',
    );
    expect(head).toContain('<link rel="canonical" href="https://example.org/a">');
    expect(head).toContain(
      '<meta property="og:image" content="https://example.org/mfe/home/share/page.0123456789.png">',
    );
    expect(head).toContain('"item":"https://example.org/"');
    expect(head).not.toContain('</script><');
    expect(head).toContain('\\u003c/script>');
  });

  it('takes a remote’s files from its own origin when it lives elsewhere', () => {
    const head = renderHead({
      meta,
      origin: 'https://example.org',
      path: '/a',
      assetBase: 'https://cdn.example.net/home/',
    });
    expect(head).toContain('content="https://cdn.example.net/home/share/page.0123456789.png"');
  });

  it('replaces the document’s own title and description', () => {
    const document = '<head><meta charset="utf-8"/><meta name="description" content="old"/><title>Old</title></head>';
    expect(withHead(document, '<title>New</title>')).toBe('<head><meta charset="utf-8"/><title>New</title></head>');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('name the sitemap and list the pages they are given with their last change', () => {
    expect(robotsTxt('https://example.org')).toContain('Sitemap: https://example.org/sitemap.xml');
    const xml = sitemapXml('https://example.org', [
      { path: '/about', lastModified: meta.lastModified },
      // A page whose area cannot be reached is still listed, without a date.
      { path: '/map' },
      { path: '/scorecard/news/a&b' },
    ]);
    expect(xml).toContain('<loc>https://example.org/about</loc>\n    <lastmod>2026-01-02</lastmod>');
    expect(xml).toContain('<loc>https://example.org/map</loc>\n  </url>');
    expect(xml).toContain('<loc>https://example.org/scorecard/news/a&amp;b</loc>');
  });
});
