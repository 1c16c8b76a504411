// robots.txt and sitemap.xml: every public page, as an absolute URL under SITE_ORIGIN, with the day
// its area says its content last changed. Which pages there are comes from each remote's list of
// the pages it rendered (pages.ts), so a press release published a moment ago is listed too.
import { PRIVATE_PATH_PREFIXES } from '@wpc/shared/page-meta';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SitemapEntry {
  readonly path: string;
  /** The day the page's content last changed, when its area said. */
  readonly lastModified?: string;
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(({ path, lastModified }) =>
      [
        '  <url>',
        `    <loc>${escapeXml(`${origin}${path}`)}</loc>`,
        ...(lastModified ? [`    <lastmod>${escapeXml(lastModified)}</lastmod>`] : []),
        '  </url>',
      ].join('\n'),
    ),
    '</urlset>',
    '',
  ].join('\n');
}
