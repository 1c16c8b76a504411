/**
 * A page's metadata: what search engines and share previews read. Each area writes its pages'
 * metadata in its own `src/content/page-meta.ts`; its build ships it with the prerendered page
 * (`dist/ssr/<route>.json`, with the share image it draws) and the edge writes it into the
 * composed document (shell/server/head.ts), so a remote's redeploy updates its metadata too.
 * Build-time and edge-side only: not shared with browsers.
 */
import type { BreadcrumbList, FAQPage, Organization, Thing, WithContext } from 'schema-dts';
import { matchRoute, ROUTES, SITE_NAME } from './routes';

/** Structured data (JSON-LD). URLs may be site paths ("/scorecard"): the edge makes them absolute. */
export type StructuredData = WithContext<Thing>;

/** What a page's team writes. */
export interface PageMeta {
  /** The page's own title; the document title is "<title> | Wildfire Prevention Consortium". */
  readonly title: string;
  /** One or two sentences about what the page holds, written from its content (50-160 characters). */
  readonly description: string;
  /** Open Graph type: 'website' for the site's front page and section pages, 'article' for the rest. */
  readonly type: 'website' | 'article';
  /** The day the page's content last changed (YYYY-MM-DD): the sitemap's lastmod. */
  readonly lastModified: string;
  readonly shareImage: {
    /** An SVG file of the package (path from the package folder), drawn beside the title. */
    readonly illustration: string;
    /** What the share image shows, for og:image:alt. */
    readonly alt: string;
  };
  readonly structuredData?: readonly StructuredData[];
  /** Pages kept out of search results (the /dev tools, the 404). */
  readonly noindex?: boolean;
}

/** An area's metadata, one entry per route it owns (the build fails on a route without one). */
export type AreaPageMeta = Readonly<Record<string, PageMeta>>;

/** A page's metadata as its build ships it: the share image drawn, its file named by its hash. */
export interface BuiltPageMeta extends Omit<PageMeta, 'shareImage'> {
  readonly shareImage: {
    /** Relative to the package's base URL (where its mf-manifest.json lives; the site root for the shell). */
    readonly file: string;
    readonly width: number;
    readonly height: number;
    readonly alt: string;
  };
}

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/**
 * Never in search results: the developer pages, the team console, the API and the pages a
 * subscriber's own links open. The archive of sent updates (/updates and each update's page) is public.
 */
export const PRIVATE_PATH_PREFIXES: readonly string[] = [
  '/dev/',
  '/team',
  '/api/',
  '/updates/confirm',
  '/updates/preferences',
  '/updates/confirmed',
  '/updates/saved',
  '/updates/link-problem',
  '/updates/web',
];

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH_PREFIXES.some(
    (prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/** The routes search engines should list (robots.txt and sitemap.xml). */
export function publicRoutePaths(): string[] {
  return ROUTES.filter((route) => route.area !== 'shell' && !isPrivatePath(route.path)).map((route) => route.path);
}

/** Home, then every ancestor path that is a page, then the page itself (named `title`, or its route's title). */
export function breadcrumbList(path: string, title?: string): WithContext<BreadcrumbList> {
  const segments = path.split('/').filter(Boolean);
  // Ancestors that are pages of their own (a route pattern's instances are not: "/scorecard/news/page").
  const trail = ['/', ...segments.map((_segment, index) => `/${segments.slice(0, index + 1).join('/')}`)].filter(
    (candidate) => (candidate === path ? matchRoute(candidate) : ROUTES.some((route) => route.path === candidate)),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item === '/' ? SITE_NAME : item === path && title ? title : (matchRoute(item)?.title ?? item),
      item,
    })),
  };
}

/** A FAQPage from question-and-answer pairs, as the page shows them. */
export function faqPage(
  items: readonly { readonly question: string; readonly answer: string }[],
): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/** The consortium as structured data: the organiser of its events and the publisher of its pages. */
export const CONSORTIUM = {
  '@type': 'Organization',
  '@id': '/#organization',
  name: SITE_NAME,
  url: '/',
  logo: '/icons/icon-512.png',
} as const satisfies Organization;

/** The question-and-answer pairs of a page's accordion blocks whose answers are plain text. */
export function textQuestions(
  blocks: readonly { readonly type: string; readonly items?: readonly unknown[] }[],
): { question: string; answer: string }[] {
  return blocks
    .flatMap((block) => (block.type === 'accordion' ? (block.items ?? []) : []))
    .filter(
      (item): item is { question: string; answer: string } =>
        typeof (item as { question?: unknown }).question === 'string' &&
        typeof (item as { answer?: unknown }).answer === 'string',
    );
}

/** Text for a description: at most `max` characters, cut at a word with an ellipsis when longer. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of sanitised HTML (a Markdown field's), for structured data and descriptions. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(p|li|h\d|blockquote)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#39|amp|lt|gt|quot|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
