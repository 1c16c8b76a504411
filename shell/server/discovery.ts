// robots.txt and sitemap.xml, from the route table: every public page, as an absolute URL under
// SITE_ORIGIN, with the day its area says its content last changed.
import { PRIVATE_PATH_PREFIXES, publicRoutePaths, type BuiltPageMeta } from '@wpc/shared/page-meta';

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

/** `lastModified(path)`: the page's metadata, or undefined when its area cannot be reached (no lastmod then). */
export async function sitemapXml(
  origin: string,
  pageMeta: (path: string) => Promise<BuiltPageMeta | undefined>,
): Promise<string> {
  const entries = await Promise.all(
    publicRoutePaths().map(async (path) => {
      const lastModified = (await pageMeta(path))?.lastModified;
      return [
        '  <url>',
        `    <loc>${escapeXml(`${origin}${path}`)}</loc>`,
        ...(lastModified ? [`    <lastmod>${escapeXml(lastModified)}</lastmod>`] : []),
        '  </url>',
      ].join('\n');
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
