// The head of a composed page: title, description, canonical URL, Open Graph and Twitter card,
// and the page's structured data, from the metadata its area shipped with its prerendered page
// (shared/src/page-meta.ts), and the site's feeds. Absolute URLs are built from SITE_ORIGIN, read when the edge starts.
import type { BuiltPageMeta, StructuredData } from '@wpc/shared/page-meta';
import { NOT_FOUND_TITLE, SITE_NAME } from '@wpc/shared/routes';
import { FEED_TITLES, PRESS_RELEASES_FEED, UPDATES_FEED } from '@wpc/shared/updates/archive';
import type { PageRoute } from './page-route';

const DEFAULT_SITE_ORIGIN = 'http://localhost:3000';

/** The site's public origin, e.g. https://wildfire-consortium.example (SITE_ORIGIN). */
export function siteOrigin(value = process.env.SITE_ORIGIN): string {
  const raw = value || DEFAULT_SITE_ORIGIN;
  const url = new URL(raw);
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash)
    throw new Error(`SITE_ORIGIN must be an http(s) origin such as https://example.org, got "${raw}"`);
  return url.origin;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Keys whose values are addresses: a site path there ("/scorecard") becomes an absolute URL. */
const URL_KEYS = new Set(['@id', 'url', 'item', 'logo', 'image', 'sameAs']);

function absoluteUrls(value: unknown, origin: string, key = ''): unknown {
  if (typeof value === 'string')
    return URL_KEYS.has(key) && value.startsWith('/') && !value.startsWith('//') ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => absoluteUrls(item, origin, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, absoluteUrls(item, origin, name)]));
  return value;
}

/** A JSON-LD block: `<` escaped so no text can close the element. */
export function jsonLdScript(data: StructuredData, origin: string): string {
  const json = JSON.stringify(absoluteUrls(data, origin)).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

/** Every page's head names the site's Atom feeds (RFC 4287), so a feed reader finds them from any page. */
const FEED_LINKS = ([UPDATES_FEED, PRESS_RELEASES_FEED] as const).map(
  (feed) =>
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(FEED_TITLES[feed])}" href="${feed}">`,
);

export interface HeadInput {
  readonly meta: BuiltPageMeta;
  readonly origin: string;
  /** The page's own path, for its canonical URL; absent on the 404 page, which has none. */
  readonly path?: string;
  /** Where the meta's files are, as the browser reaches them: "/" for the shell, "/mfe/home/" or another origin for a remote. */
  readonly assetBase: string;
}

export function renderHead({ meta, origin, path, assetBase }: HeadInput): string {
  const image = new URL(assetBase + meta.shareImage.file, `${origin}/`).href;
  const url = path === undefined ? undefined : `${origin}${path}`;
  const tag = (name: string, attribute: 'name' | 'property', content: string | number) =>
    `<meta ${attribute}="${name}" content="${escapeHtml(String(content))}">`;
  const tags = [
    `<title>${escapeHtml(`${meta.title} | ${SITE_NAME}`)}</title>`,
    tag('description', 'name', meta.description),
    ...(meta.noindex ? [tag('robots', 'name', 'noindex')] : []),
    ...(url ? [`<link rel="canonical" href="${escapeHtml(url)}">`] : []),
    tag('og:title', 'property', meta.title),
    tag('og:description', 'property', meta.description),
    ...(url ? [tag('og:url', 'property', url)] : []),
    tag('og:type', 'property', meta.type),
    tag('og:site_name', 'property', SITE_NAME),
    tag('og:locale', 'property', 'en_US'),
    tag('og:image', 'property', image),
    tag('og:image:type', 'property', 'image/png'),
    tag('og:image:width', 'property', meta.shareImage.width),
    tag('og:image:height', 'property', meta.shareImage.height),
    tag('og:image:alt', 'property', meta.shareImage.alt),
    tag('twitter:card', 'name', 'summary_large_image'),
    tag('twitter:title', 'name', meta.title),
    tag('twitter:description', 'name', meta.description),
    tag('twitter:image', 'name', image),
    tag('twitter:image:alt', 'name', meta.shareImage.alt),
    ...FEED_LINKS,
    ...(meta.structuredData ?? []).map((data) => jsonLdScript(data, origin)),
  ];
  return tags.join('');
}

/** The document with its own title and description replaced by the page's head. */
export function withHead(document: string, head: string): string {
  const withoutDescription = document.replace(/<meta name="description"[^>]*>/, '');
  if (!/<title>[^<]*<\/title>/.test(withoutDescription)) throw new Error('The shell document has no <title>');
  return withoutDescription.replace(/<title>[^<]*<\/title>/, () => head);
}

export interface PageHeadInput {
  readonly page: PageRoute;
  readonly origin: string;
  /** The metadata the page's area shipped with it; absent on the client-only page, or when an area shipped none. */
  readonly meta?: BuiltPageMeta;
  /** Where `meta`'s files are (HeadInput.assetBase). */
  readonly assetBase?: string;
  /** The site's metadata (the shell's ssr/site-meta.json), read only for a page without its own. */
  readonly siteMeta: () => Promise<BuiltPageMeta | undefined>;
}

/**
 * Writes a page's head into its document: from the page's own metadata, or else from the site's
 * description and share image under the page's title (a path no route owns: the 404's title,
 * kept out of search results). The document stays as it is when neither can be had.
 */
export async function writeHead(
  document: string,
  { page, origin, meta, assetBase = '/', siteMeta }: PageHeadInput,
): Promise<string> {
  const path = page.canonicalPath;
  if (meta) return withHead(document, renderHead({ meta, origin, path, assetBase }));
  const site = await siteMeta();
  if (!site) return document;
  const fallback = { ...site, title: page.route?.title ?? NOT_FOUND_TITLE, noindex: !page.route || site.noindex };
  return withHead(document, renderHead({ meta: fallback, origin, path, assetBase: '/' }));
}
