// Page requests, in named steps: find the route; read the shell's document for it; get the owning
// remote's page; compose them with the page's critical CSS inlined; write the head; answer with
// an ETag, compressed. When the remote's page cannot be had in time (and no good copy is known),
// the answer is the client-only page, which loads the area in the browser. Paths no area owns get
// the shell's 404 document with status 404.
import fs from 'node:fs/promises';
import type { Request, Response } from 'express';
import { isPrivatePath, publicRoutePaths, type BuiltPageMeta } from '@wpc/shared/page-meta';
import { isPattern, REMOTE_AREAS, routesOf } from '@wpc/shared/routes';
import { composeWithCriticalCss, createCriticalCss } from './critical-css';
import type { SitemapEntry } from './discovery';
import { createTextFetcher } from './fragments';
import { siteOrigin, writeHead } from './head';
import { createPageResponse } from './page-response';
import { findRoute, type PageRoute } from './page-route';
import { createPreviewSource, staticPreview } from './preview';
import {
  createRemotePageIndexSource,
  createRemotePageSource,
  serverUrl,
  type RemoteList,
  type RemoteOrigins,
} from './remote-pages';
import { createShellFiles } from './shell-files';

/** A path no route owns: what a page that is not (or no longer) published is answered as. */
const NO_SUCH_PAGE = '/404';

/** How long a page request waits for a remote's page before it falls back. */
const FRAGMENT_TIMEOUT_MS = Number(process.env.FRAGMENT_TIMEOUT_MS ?? 300);

interface PageOptions {
  readonly dist: string;
  readonly remotesFile: string;
  readonly origins: RemoteOrigins;
  /** Where the API answers /api/content/preview/<token> (to learn a draft's area). */
  readonly contentApiOrigin: string;
}

export function createPageHandler({ dist, remotesFile, origins, contentApiOrigin }: PageOptions) {
  const fetchText = createTextFetcher({ timeoutMs: FRAGMENT_TIMEOUT_MS });
  const shell = createShellFiles(dist);
  const remotePage = createRemotePageSource({ origins, fetchText });
  const pageIndex = createRemotePageIndexSource({ origins, fetchText });
  const previewPage = createPreviewSource({ origins, contentApiOrigin });
  // Stylesheet names are content-hashed: a remote's is fetched once (and kept), the shell's read from dist.
  const criticalCss = createCriticalCss({
    readStylesheet: (href) =>
      href.startsWith('/') && !href.startsWith('/mfe/') ? shell.readFile(href) : fetchText(serverUrl(href, origins)),
  });
  const answerPage = createPageResponse({ apiBase: process.env.WPC_API_BASE ?? '' });
  const origin = siteOrigin();

  const readRemotes = async () => JSON.parse(await fs.readFile(remotesFile, 'utf8')) as RemoteList;

  /** The page's document with its head; the client-only page when the shell's or the remote's part cannot be had. */
  async function composePage(page: PageRoute, remotes: RemoteList): Promise<string> {
    const head = (html: string, meta?: BuiltPageMeta, assetBase?: string) =>
      writeHead(html, { page, origin, meta, assetBase, siteMeta: shell.siteMeta });
    const clientOnly = async () => head(await shell.clientOnly(remotes));

    const document = await shell.document(page.documentPath);
    if (!document) return clientOnly();
    const sharedFiles = await shell.sharedFiles();
    if (!page.area) {
      // The shell's own pages and the 404 are whole in its document.
      const html = await composeWithCriticalCss(criticalCss, { ...document, remotes, sharedFiles });
      return head(html, document.shellAssets.meta);
    }
    const remote = await remotePage(page.area, page.path, remotes);
    if (!remote) return clientOnly();
    const html = await composeWithCriticalCss(criticalCss, { ...document, remotes, remotePage: remote, sharedFiles });
    return head(html, remote.assets.meta, remote.baseUrl);
  }

  /**
   * A page of a route pattern (/scorecard/news/<slug>) exists only when its area rendered it: one
   * its list does not name is the 404 page. While the list cannot be had, the page is tried.
   */
  async function unpublished(page: PageRoute, remotes: RemoteList): Promise<boolean> {
    if (!page.area || !page.route || !isPattern(page.route.path)) return false;
    const index = await pageIndex(page.area, remotes);
    return index !== undefined && !index.pages.some((rendered) => rendered.path === page.path);
  }

  async function sendPage(req: Request, res: Response) {
    let page = findRoute(req.path);
    const remotes = await readRemotes();
    if (await unpublished(page, remotes)) page = findRoute(NO_SUCH_PAGE);
    const html = await composePage(page, remotes);
    await answerPage(req, res, { html, status: page.status, remotes, noindex: page.route?.noindex });
  }

  /** The 404 page, for a path a route owns but that names nothing (a withdrawn update). */
  async function sendNotFound(req: Request, res: Response) {
    const remotes = await readRemotes();
    const page = findRoute(NO_SUCH_PAGE);
    await answerPage(req, res, { html: await composePage(page, remotes), status: 404, remotes, noindex: true });
  }

  /**
   * /team/preview/<token>: a draft rendered by its own area in the real page layout, without
   * scripts, never cached, never indexed. An unknown or expired token gets the 404 page.
   */
  async function sendPreview(req: Request, res: Response, token: string) {
    const remotes = await readRemotes();
    const preview = await previewPage(token, remotes);
    const page = preview ? findRoute(preview.path) : findRoute(NO_SUCH_PAGE);
    const document = await shell.document(page.documentPath);
    let html: string;
    if (preview && page.area && document) {
      const composed = await composeWithCriticalCss(criticalCss, {
        ...document,
        remotes,
        remotePage: preview.remotePage,
        sharedFiles: await shell.sharedFiles(),
      });
      const head = await writeHead(composed, {
        page: { ...page, canonicalPath: undefined },
        origin,
        meta: { ...preview.remotePage.assets.meta!, noindex: true },
        assetBase: preview.remotePage.baseUrl,
        siteMeta: shell.siteMeta,
      });
      html = staticPreview(head);
    } else {
      html = await composePage(findRoute(NO_SUCH_PAGE), remotes);
    }
    await answerPage(req, res, {
      html,
      status: preview ? 200 : 404,
      remotes,
      noindex: true,
      cacheControl: 'no-store',
    });
  }

  /**
   * Every public page, with the day its content last changed: each remote's list of the pages it
   * rendered (a press release published a moment ago included), or, for a remote whose list
   * cannot be had, its routes without a date.
   */
  async function sitemapEntries(): Promise<SitemapEntry[]> {
    const remotes = await readRemotes();
    const listed = await Promise.all(REMOTE_AREAS.map((area) => pageIndex(area, remotes)));
    const known = new Map<string, SitemapEntry>();
    REMOTE_AREAS.forEach((area, index) => {
      const pages = listed[index]?.pages;
      if (pages) {
        for (const page of pages)
          if (!page.noindex && !isPrivatePath(page.path))
            known.set(page.path, { path: page.path, lastModified: page.lastModified });
      } else {
        for (const route of routesOf(area)) known.set(route.path, { path: route.path });
      }
    });
    // The route table's order first, then each area's other pages as it lists them.
    const order = publicRoutePaths();
    return [
      ...order.filter((path) => known.has(path)).map((path) => known.get(path)!),
      ...[...known.values()].filter((entry) => !order.includes(entry.path)),
    ];
  }

  /** Fetches every remote route and page list once, so the first visitors already find good copies. */
  async function warm() {
    const remotes = await readRemotes();
    await Promise.all([
      ...REMOTE_AREAS.map((area) => pageIndex(area, remotes)),
      ...REMOTE_AREAS.flatMap((area) => routesOf(area).map((route) => remotePage(area, route.path, remotes))),
    ]);
  }

  return { sendPage, sendNotFound, sendPreview, warm, sitemapEntries, origin };
}
