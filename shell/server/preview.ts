// A draft's preview (issue 28): /team/preview/<token> is answered with the draft rendered by its
// own area in the real page layout. The edge learns the draft's area from the API (the token's
// entry), asks that remote's server to render it (the remote fetches the draft itself, by the same
// token), and composes the answer like any page, then takes its scripts out: a preview is read,
// not used, and the team console's own application must not start on it.
import { contentPreviewPath, previewEntrySchema } from '@wpc/shared/content-contract';
import type { RemoteRouteAssets } from '@wpc/shared/page-contract';
import { AFTER_PAINT_ID } from '@wpc/shared/build/start-script.cjs';
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { RemotePage } from './compose';
import type { RemoteList, RemoteOrigins } from './remote-pages';

/** How long a preview may take: the remote renders it on request. */
const PREVIEW_TIMEOUT_MS = 10_000;
/** Tokens are URL-safe and long; anything else is never sent on. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export interface PreviewPage {
  /** The path of the page the draft is shown in (/scorecard/news/<slug>). */
  readonly path: string;
  readonly remotePage: RemotePage;
}

export function createPreviewSource({
  origins,
  contentApiOrigin,
}: {
  readonly origins: RemoteOrigins;
  readonly contentApiOrigin: string;
}) {
  const getJson = async (url: string): Promise<unknown> => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS) });
      return response.ok ? await response.json() : undefined;
    } catch {
      return undefined;
    }
  };

  return async (token: string, remotes: RemoteList): Promise<PreviewPage | undefined> => {
    if (!TOKEN.test(token)) return undefined;
    const draft = previewEntrySchema.safeParse(await getJson(`${contentApiOrigin}${contentPreviewPath(token)}`));
    if (!draft.success || !REMOTE_AREAS.includes(draft.data.area as RemoteArea)) return undefined;
    const area = draft.data.area as RemoteArea;
    const manifestUrl = remotes[area];
    if (!manifestUrl) return undefined;
    const rendered = (await getJson(`${origins[area]}/preview/${encodeURIComponent(token)}`)) as
      { path: string; assets: RemoteRouteAssets; html: string } | undefined;
    if (!rendered?.path || !rendered.assets?.meta || typeof rendered.html !== 'string') return undefined;
    const baseUrl = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    return {
      path: rendered.path,
      remotePage: { area, baseUrl, manifestUrl, assets: rendered.assets, html: rendered.html },
    };
  };
}

const NOTICE =
  '<p role="note" style="margin:0;padding:0.75rem 1rem;background:#fff4d6;border-bottom:2px solid #b45309;color:#1f2933;font-weight:600">' +
  'Preview of a draft: this is how the page will look once published. Visitors cannot see it.</p>';

/**
 * The composed page without its scripts (the start script, what waits for it and the hints that
 * fetch scripts early) and with a note that it is a preview. Data blocks (JSON, JSON-LD) stay:
 * they never run.
 */
export function staticPreview(html: string): string {
  return html
    .replace(new RegExp(`<template id="${AFTER_PAINT_ID}">[\\s\\S]*?</template>`), '')
    .replace(/<script\b(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="(?:script|fetch)")[^>]*>/g, '')
    .replace(/(<main\b[^>]*>)/, (main) => `${main}${NOTICE}`);
}
