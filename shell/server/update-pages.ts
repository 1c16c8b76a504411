// The public archive of sent updates (issue 38 item 2): /updates lists them, newest first, and each
// has its own page at /updates/<date>-<slug>. The updates live in the API, not in an area's
// content: the edge asks the API on each request and renders the page with the shell's components
// (scriptless-pages.ts), so a sent update is there at once, without a build, and a withdrawn one is
// gone. The API's last good answers are kept: while it cannot be reached, the pages still serve.
// The old web-version links (/updates/web?id=…) are redirected to the update's own page.
import { Router, type Request, type Response } from 'express';
import type { Article, WithContext } from 'schema-dts';
import { SITE_NAME } from '@wpc/shared/routes';
import { UPDATES_API, UPDATES_PAGES } from '@wpc/shared/updates';
import { ARCHIVE_ADDRESS, UPDATES_ARCHIVE } from '@wpc/shared/updates/archive';
import type { ArchiveAnswer, PublicUpdate } from '@wpc/shared/updates/schemas';
import type { SitemapEntry } from './discovery';
import { composeScriptlessPage, createServerBundle, sendScriptlessPage } from './scriptless-pages';

interface ServerBundle {
  renderUpdatesArchive(archive: ArchiveAnswer): Promise<string>;
  renderArchivedUpdate(update: PublicUpdate): Promise<string>;
  readonly ARCHIVE_TITLE: string;
  readonly ARCHIVE_DESCRIPTION: string;
}

/** The day the archive page's own text last changed: its date in the sitemap until an update is sent. */
const ARCHIVE_PAGE_CHANGED = '2026-11-27';

export interface UpdatePagesOptions {
  readonly dist: string;
  readonly remotesFile: string;
  /** Where the edge reaches the API (API_ORIGIN). */
  readonly apiOrigin: string;
  /** The site's public origin, for the head's absolute addresses. */
  readonly origin: string;
  readonly apiBase: string;
  /** The shell's 404 page, for an address that is not (or no longer) an update's. */
  readonly sendNotFound: (req: Request, res: Response) => Promise<void>;
  readonly timeoutMs?: number;
}

/** Schema.org's Article for an update's page (issue 21's structured data, for link previews and search). */
function articleData(update: PublicUpdate): WithContext<Article> {
  const organisation = { '@type': 'Organization', name: SITE_NAME, url: '/' } as const;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: update.subject,
    description: update.summary,
    datePublished: update.sentAt,
    dateModified: update.sentAt,
    url: update.path,
    mainEntityOfPage: update.path,
    author: organisation,
    publisher: organisation,
  };
}

export function updatePages(options: UpdatePagesOptions) {
  const { dist, remotesFile, apiOrigin, origin, apiBase, sendNotFound, timeoutMs = 2000 } = options;
  const router = Router();
  const serverBundle = createServerBundle<ServerBundle>(dist);
  const lastGood = new Map<string, unknown>();

  /** The API's JSON answer; its last good copy when it cannot be reached; undefined for a 404. */
  async function fromApi<T>(path: string): Promise<T | undefined> {
    try {
      const answer = await fetch(`${apiOrigin}${UPDATES_API}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
      if (answer.status === 404) {
        lastGood.delete(path);
        return undefined;
      }
      if (!answer.ok) throw new Error(`The API answered ${answer.status}`);
      const json = (await answer.json()) as T;
      lastGood.set(path, json);
      return json;
    } catch (error) {
      if (lastGood.has(path)) return lastGood.get(path) as T;
      throw error;
    }
  }

  const archive = async () => (await fromApi<ArchiveAnswer>('/archive')) ?? { updates: [] };

  async function send(res: Response, page: Parameters<typeof composeScriptlessPage>[2]) {
    const html = await composeScriptlessPage(dist, origin, page);
    // Published text, public and indexable; revalidated on every load, as the site's other pages.
    await sendScriptlessPage(res, { remotesFile, apiBase }, 200, html, { 'Cache-Control': 'no-cache' });
  }

  router.get(UPDATES_ARCHIVE, (_req, res, next) => {
    (async () => {
      const bundle = await serverBundle();
      await send(res, {
        meta: { title: bundle.ARCHIVE_TITLE, description: bundle.ARCHIVE_DESCRIPTION, type: 'website', noindex: false },
        path: UPDATES_ARCHIVE,
        page: await bundle.renderUpdatesArchive(await archive()),
      });
    })().catch(next);
  });

  // An old email's "Read it on the web": the update's own page, for good. Any other request is the
  // route's own page (the route table has it; the browser's shell hydrates it), which reads the
  // update by its id and says so when there is none: a 404 page there would not match it.
  router.get(UPDATES_PAGES.web, (req, res, next) => {
    (async () => {
      const id = req.query.id;
      const found = typeof id === 'string' ? (await archive()).updates.find((update) => update.id === id) : undefined;
      if (found) res.redirect(301, found.path);
      else next();
    })().catch(next);
  });

  router.get(/^\/updates\/[^/]+$/, (req, res, next) => {
    if (!ARCHIVE_ADDRESS.test(req.path)) return next();
    (async () => {
      const listed = (await archive()).updates.find((update) => update.path === req.path);
      const update = listed && (await fromApi<PublicUpdate>(`/archive/${encodeURIComponent(listed.id)}`));
      if (!update) return sendNotFound(req, res);
      const bundle = await serverBundle();
      await send(res, {
        meta: {
          title: update.subject,
          description: update.summary || bundle.ARCHIVE_DESCRIPTION,
          type: 'article',
          noindex: false,
          structuredData: [articleData(update)],
        },
        path: update.path,
        page: await bundle.renderArchivedUpdate(update),
      });
    })().catch(next);
  });

  /** The archive (changed with its newest update) and every update in it, for the sitemap; none while the API cannot be had. */
  async function sitemapEntries(): Promise<SitemapEntry[]> {
    const { updates } = await archive().catch(() => ({ updates: [] as ArchiveAnswer['updates'] }));
    return [
      { path: UPDATES_ARCHIVE, lastModified: updates[0]?.sentAt.slice(0, 10) ?? ARCHIVE_PAGE_CHANGED },
      ...updates.map((update) => ({ path: update.path, lastModified: update.sentAt.slice(0, 10) })),
    ];
  }

  return { router, sitemapEntries };
}
