// Page requests, in named steps: find the route; read the shell's document for it; get the owning
// remote's page; compose them with the page's critical CSS inlined; write the head; answer with
// an ETag, compressed. When the remote's page cannot be had in time (and no good copy is known),
// the answer is the client-only page, which loads the area in the browser. Paths no area owns get
// the shell's 404 document with status 404.
import fs from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import { REMOTE_AREAS, routesOf } from '@wpc/shared/routes';
import { composeWithCriticalCss, createCriticalCss } from './critical-css';
import { createTextFetcher } from './fragments';
import { siteOrigin, writeHead } from './head';
import { createPageResponse } from './page-response';
import { findRoute, type PageRoute } from './page-route';
import { createRemotePageSource, serverUrl, type RemoteList, type RemoteOrigins } from './remote-pages';
import { createShellFiles } from './shell-files';

/** How long a page request waits for a remote's page before it falls back. */
const FRAGMENT_TIMEOUT_MS = Number(process.env.FRAGMENT_TIMEOUT_MS ?? 300);

interface PageOptions {
  readonly dist: string;
  readonly remotesFile: string;
  readonly origins: RemoteOrigins;
}

export function createPageHandler({ dist, remotesFile, origins }: PageOptions) {
  const fetchText = createTextFetcher({ timeoutMs: FRAGMENT_TIMEOUT_MS });
  const shell = createShellFiles(dist);
  const remotePage = createRemotePageSource({ origins, fetchText });
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

  async function sendPage(req: Request, res: Response) {
    const page = findRoute(req.path);
    const remotes = await readRemotes();
    const html = await composePage(page, remotes);
    await answerPage(req, res, { html, status: page.status, remotes, noindex: page.route?.noindex });
  }

  /** A public page's metadata as its area last shipped it (for the sitemap), if it can be had. */
  async function pageMeta(routePath: string): Promise<BuiltPageMeta | undefined> {
    const { area, path } = findRoute(routePath);
    if (!area) return undefined;
    return (await remotePage(area, path, await readRemotes()))?.assets.meta;
  }

  /** Fetches every remote route once, so the first visitors already find good copies. */
  async function warm() {
    const remotes = await readRemotes();
    await Promise.all(
      REMOTE_AREAS.flatMap((area) => routesOf(area).map((route) => remotePage(area, route.path, remotes))),
    );
  }

  return { sendPage, warm, pageMeta, origin };
}
