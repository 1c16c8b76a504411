// Page requests: the shell's prerendered document for the route, completed with the owning
// remote's prerendered fragment, its stylesheets and preload hints, and the remote list. When
// the fragment cannot be had in time (and no good copy is known), the answer is the client-only
// page, which loads the remote in the browser as before. Paths no area owns get the shell's
// prerendered 404 page with status 404.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { ports, REMOTE_NAMES } from '@wpc/shared/ports';
import { routeFileName, type RemoteRouteAssets, type ShellRouteAssets } from '@wpc/shared/page-contract';
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import {
  matchRoute,
  normalisePath,
  NOT_FOUND_TITLE,
  REMOTE_AREAS,
  routesOf,
  type RemoteArea,
} from '@wpc/shared/routes';
import { preferredEncoding } from '@wpc/shared/server/static-assets.cjs';
import { isSecureRequest, pageHeaders } from '@wpc/shared/server/security-headers.cjs';
import {
  composeDocument,
  fragmentBody,
  stylesheetsOf,
  withInlineRemotes,
  type ComposeInput,
  type RemotePage,
} from './compose';
import { createCriticalCss } from './critical-css';
import { createTextFetcher } from './fragments';
import { renderHead, siteOrigin, withHead } from './head';

/** How long a page request waits for a remote's fragment before it falls back. */
const FRAGMENT_TIMEOUT_MS = Number(process.env.FRAGMENT_TIMEOUT_MS ?? 300);

export type RemoteOrigins = Readonly<Record<RemoteArea, string>>;

/** Where the edge reaches each remote's server: MFE_<NAME>_ORIGIN, or its local port. */
export function remoteOrigins(): RemoteOrigins {
  const origins = {} as Record<RemoteArea, string>;
  for (const name of REMOTE_NAMES) {
    origins[name] = process.env[`MFE_${name.toUpperCase()}_ORIGIN`] ?? `http://127.0.0.1:${ports[name]}`;
  }
  return origins;
}

interface PageOptions {
  readonly dist: string;
  readonly remotesFile: string;
  readonly origins: RemoteOrigins;
}

const readText = (file: string) => fs.readFile(file, 'utf8').catch(() => undefined);

export function createPageHandler({ dist, remotesFile, origins }: PageOptions) {
  const fetchText = createTextFetcher({ timeoutMs: FRAGMENT_TIMEOUT_MS });
  const origin = siteOrigin();
  // The API's origin when it has one of its own (the same WPC_API_BASE the build was given).
  const apiBase = process.env.WPC_API_BASE ?? '';

  /** The URL the edge fetches for a URL the browser uses: /mfe/<name>/... goes to that remote. */
  const serverUrl = (browserUrl: string) => {
    const mounted = /^\/mfe\/([a-z]+)\/(.*)$/.exec(browserUrl);
    if (mounted && REMOTE_AREAS.includes(mounted[1] as RemoteArea))
      return `${origins[mounted[1] as RemoteArea]}/${mounted[2]}`;
    return new URL(browserUrl, `http://127.0.0.1:${ports.edge}`).href;
  };

  async function remotePage(
    area: RemoteArea,
    routePath: string,
    remotes: Record<string, string>,
  ): Promise<RemotePage | undefined> {
    const manifestUrl = remotes[area];
    if (!manifestUrl) return undefined;
    const baseUrl = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    const file = `${baseUrl}ssr/${routeFileName(routePath)}`;
    const [json, fragment] = await Promise.all([
      fetchText(serverUrl(`${file}.json`)),
      fetchText(serverUrl(`${file}.html`)),
    ]);
    if (!json || !fragment) return undefined;
    const assets = JSON.parse(json) as RemoteRouteAssets;
    // Both from the same build, or the page would link files the fragment does not match.
    const html = fragmentBody(fragment, assets);
    return html === undefined ? undefined : { area, baseUrl, manifestUrl, assets, html };
  }

  // Stylesheet names are content-hashed: a remote's is fetched once (and kept), the shell's read from dist.
  const criticalCss = createCriticalCss({
    readStylesheet: (href) =>
      href.startsWith('/') && !href.startsWith('/mfe/') ? readText(path.join(dist, href)) : fetchText(serverUrl(href)),
  });

  /** The composed page with its critical rules inlined, or with blocking stylesheets if they cannot be had. */
  async function withCriticalCss(input: ComposeInput): Promise<string> {
    const html = composeDocument(input);
    const css = await criticalCss(html, stylesheetsOf(input));
    return css === undefined ? html : composeDocument({ ...input, criticalCss: css });
  }

  async function sharedFilesLookup(): Promise<(key: string) => readonly string[]> {
    const listing = JSON.parse((await readText(path.join(dist, 'ssr', 'shared-modules.json'))) ?? '{"files":{}}') as {
      files: Record<string, string[]>;
    };
    return (key) => listing.files[key]?.filter((file) => file.endsWith('.js')) ?? [];
  }

  const ssrFile = (file: string) => path.join(dist, 'ssr', file);

  /** The head for a page's metadata; the site's description and image when the page's are not to be had. */
  async function head(routePath: string, known: boolean, meta: BuiltPageMeta | undefined, assetBase = '/') {
    const canonicalPath = known ? routePath : undefined;
    if (meta) return renderHead({ meta, origin, path: canonicalPath, assetBase });
    const site = JSON.parse((await readText(ssrFile('site-meta.json'))) ?? 'null') as BuiltPageMeta | null;
    if (!site) return undefined;
    const title = matchRoute(routePath)?.title ?? NOT_FOUND_TITLE;
    const fallback = { ...site, title, noindex: !known || site.noindex };
    return renderHead({ meta: fallback, origin, path: canonicalPath, assetBase: '/' });
  }

  async function composePage(
    routePath: string,
    known: boolean,
  ): Promise<{ html: string; remotes: Record<string, string> }> {
    const remotes = JSON.parse(await fs.readFile(remotesFile, 'utf8')) as Record<string, string>;
    const finish = async (html: string, meta?: BuiltPageMeta, assetBase?: string) => {
      const tags = await head(routePath, known, meta, assetBase);
      return { html: tags ? withHead(html, tags) : html, remotes };
    };
    const clientOnly = async () =>
      finish(withInlineRemotes(await fs.readFile(path.join(dist, 'index.html'), 'utf8'), remotes));
    const route = matchRoute(routePath);
    // A prefix route's pages (/team/submissions/<id>) share the route's one document.
    const file = ssrFile(routeFileName(known && route ? route.path : '/404'));
    const [shellDocument, shellJson] = await Promise.all([readText(`${file}.html`), readText(`${file}.json`)]);
    if (!shellDocument || !shellJson) return clientOnly();
    const shellAssets = JSON.parse(shellJson) as ShellRouteAssets;
    const sharedFiles = await sharedFilesLookup();
    if (!route || route.area === 'shell')
      return finish(await withCriticalCss({ shellDocument, shellAssets, remotes, sharedFiles }), shellAssets.meta);
    const page = await remotePage(route.area, route.path, remotes);
    if (!page) return clientOnly();
    return finish(
      await withCriticalCss({ shellDocument, shellAssets, remotes, remotePage: page, sharedFiles }),
      page.assets.meta,
      page.baseUrl,
    );
  }

  /** A public page's metadata as its area last shipped it (for the sitemap), if it can be had. */
  async function pageMeta(routePath: string): Promise<BuiltPageMeta | undefined> {
    const route = matchRoute(routePath);
    if (!route || route.area === 'shell') return undefined;
    const remotes = JSON.parse(await fs.readFile(remotesFile, 'utf8')) as Record<string, string>;
    return (await remotePage(route.area, route.path, remotes))?.assets.meta;
  }

  /** Fetches every remote route once, so the first visitors already find good copies. */
  async function warm() {
    const remotes = JSON.parse(await fs.readFile(remotesFile, 'utf8')) as Record<string, string>;
    await Promise.all(
      REMOTE_AREAS.flatMap((area) => routesOf(area).map((route) => remotePage(area, route.path, remotes))),
    );
  }

  const compressed = new Map<string, Buffer>();
  const compress = async (etag: string, encoding: 'br' | 'gzip', html: string) => {
    const key = `${etag}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      // Brotli's best: a page is compressed once per build, and the smaller it is, the more of it
      // fits in the first round trip (about 14 KB, headers included; /scorecard needed a second
      // one at quality 9).
      body =
        encoding === 'br'
          ? await promisify(zlib.brotliCompress)(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : await promisify(zlib.gzip)(html, { level: 9 });
      // A small cache: the same page is asked for again and again, and changes only on a deploy.
      if (compressed.size >= 200) compressed.delete(compressed.keys().next().value as string);
      compressed.set(key, body);
    }
    return body;
  };

  async function sendPage(req: Request, res: Response) {
    const routePath = normalisePath(req.path);
    const route = matchRoute(routePath);
    const known = route !== undefined;
    const { html, remotes } = await composePage(routePath, known);
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    res.status(known ? 200 : 404);
    res.set(pageHeaders({ remotes, apiBase, secure: isSecureRequest(req) }));
    if (route?.noindex) res.set('X-Robots-Tag', 'noindex, nofollow');
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ETag: etag,
    });
    if (known && req.fresh) {
      res.status(304).end();
      return;
    }
    const encoding = preferredEncoding(req);
    if (!encoding) {
      res.send(html);
      return;
    }
    res.set('Content-Encoding', encoding);
    res.send(await compress(etag, encoding, html));
  }

  return { sendPage, warm, pageMeta, origin };
}
