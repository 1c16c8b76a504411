// Composing: a step of a page request (pages.ts). One HTML document from the shell's document for
// a route (shell-files.ts) and the owning remote's page (remote-pages.ts), with their stylesheets,
// the preload hints and the remote list.
import {
  DEFERRED_MEDIA_ATTRIBUTE,
  HEAD_MARKER,
  INLINE_REMOTES_ID,
  OUTLET_MARKER,
  SERVER_BUILD_ATTRIBUTE,
  type RemoteRouteAssets,
  type ShellRouteAssets,
} from '@wpc/shared/page-contract';
import { AFTER_PAINT_ID } from '@wpc/shared/build/start-script.cjs';
import type { RemoteArea } from '@wpc/shared/routes';

export interface RemotePage {
  readonly area: RemoteArea;
  /** Where the browser finds the remote's files (the folder of its mf-manifest.json), e.g. /mfe/home/. */
  readonly baseUrl: string;
  readonly manifestUrl: string;
  readonly assets: RemoteRouteAssets;
  readonly html: string;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The remote list as an inline JSON script: `<` escaped so the text cannot close the element. */
export function inlineRemoteList(remotes: Readonly<Record<string, string>>): string {
  const json = JSON.stringify(remotes).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INLINE_REMOTES_ID}">${json}</script>`;
}

/** Adds the inline remote list to the client-only page, so even it skips the remotes.json request. */
export function withInlineRemotes(html: string, remotes: Readonly<Record<string, string>>): string {
  return html.replace('</head>', () => `${inlineRemoteList(remotes)}</head>`);
}

/** The src of each <img fetchpriority="high"> in prerendered HTML (React writes fetchPriority). */
export function highPriorityImages(html: string): string[] {
  const sources: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!/\sfetchpriority="high"/i.test(tag)) continue;
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (src) sources.push(src.replace(/&amp;/g, '&'));
  }
  return sources;
}

export interface ComposeInput {
  readonly shellDocument: string;
  readonly shellAssets: ShellRouteAssets;
  readonly remotes: Readonly<Record<string, string>>;
  /** For a remote's route: its prerendered page. Absent for the shell's own routes and the 404. */
  readonly remotePage?: RemotePage;
  /** The shell's files for each shared module it provides (its ssr/shared-modules.json). */
  readonly sharedFiles: (shareKey: string) => readonly string[];
  /**
   * The rules of the page's stylesheets that its HTML uses (critical-css.ts). When given, they
   * are inlined and the stylesheets are linked so that they do not block the first paint.
   */
  readonly criticalCss?: string;
}

/** The stylesheets a composed page links, in cascade order: the shell's, then the area's. */
export function stylesheetsOf({ shellAssets, remotePage }: Pick<ComposeInput, 'shellAssets' | 'remotePage'>): string[] {
  return [
    ...shellAssets.css.map((css) => `/${css}`),
    ...(remotePage ? remotePage.assets.css.map((css) => remotePage.baseUrl + css) : []),
  ];
}

/**
 * A stylesheet link. Deferred: media="print" (fetched at low priority, never render-blocking),
 * with the real media kept for the shell's script to apply.
 */
function stylesheetLink(href: string, deferred: boolean, extra = ''): string {
  const media = deferred ? ` media="print" ${DEFERRED_MEDIA_ATTRIBUTE}="all"` : '';
  return `<link rel="stylesheet" href="${escapeAttribute(href)}"${extra}${media}>`;
}

/**
 * Without scripting nothing switches deferred stylesheets on, so plain links go at the end of
 * the page's one <noscript> note (a stylesheet link may sit in the body), or of the body.
 */
function withNoscriptStylesheets(html: string, hrefs: readonly string[]): string {
  const links = hrefs.map((href) => stylesheetLink(href, false)).join('');
  const body = html.indexOf('<body');
  const note = html.indexOf('</noscript>', body);
  if (body >= 0 && note >= 0) return html.slice(0, note) + links + html.slice(note);
  return html.replace('</body>', () => `<noscript>${links}</noscript></body>`);
}

export function composeDocument({
  shellDocument,
  shellAssets,
  remotes,
  remotePage,
  sharedFiles,
  criticalCss,
}: ComposeInput): string {
  const deferred = criticalCss !== undefined;
  // The shell's stylesheet comes with its start-up code (federation hosts load entry CSS from
  // JavaScript), so the document links it for the first paint; webpack then finds it linked.
  const head: string[] = deferred ? [`<style>${criticalCss.replace(/<\/style/gi, '<\\/style')}</style>`] : [];
  // What the page needs only once its scripts run waits in an inert <template> until the first
  // paint: the page's one inline script (START_SCRIPT) moves it into the head, then starts the
  // shell. Fetched earlier, these files compete with the page's own HTML and hero image, and the
  // first paint waits for whatever of them the browser happens to have already received.
  const afterPaint: string[] = [];
  const stylesheets = deferred ? afterPaint : head;
  stylesheets.push(...shellAssets.css.map((css) => stylesheetLink(`/${css}`, deferred)));
  head.push(inlineRemoteList(remotes));
  const preload = new Set(shellAssets.preload.map((file) => `/${file}`));
  let outlet = '';
  if (remotePage) {
    const { area, baseUrl, manifestUrl, assets, html } = remotePage;
    // data-href is the name webpack's CSS loading looks for, so it never loads these again.
    for (const css of assets.css) {
      stylesheets.push(stylesheetLink(baseUrl + css, deferred, ` data-href="${escapeAttribute(css)}"`));
    }
    afterPaint.push(`<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin="anonymous">`);
    preload.add(baseUrl + assets.remoteEntry);
    for (const key of assets.shared) for (const file of sharedFiles(key)) preload.add(`/${file}`);
    // The remote's own chunks (assets.preload) are not hinted: Chrome keeps a failed preload and
    // hands its failure to the later request, so after a brief outage an in-place Retry of the
    // area would fail until a reload. Its manifest and remoteEntry.js load through the
    // federation runtime, which retries, so they are safe to hint.

    outlet = `<div id="area-${area}" ${SERVER_BUILD_ATTRIBUTE}="${escapeAttribute(assets.buildId)}">${html}</div>`;
    // The page's hero image (marked fetchpriority="high" by its author) is requested first.
    for (const src of highPriorityImages(html))
      head.unshift(`<link rel="preload" href="${escapeAttribute(src)}" as="image" fetchpriority="high">`);
  }
  for (const url of preload)
    afterPaint.push(`<link rel="preload" href="${escapeAttribute(url)}" as="script" fetchpriority="low">`);
  if (afterPaint.length) head.push(`<template id="${AFTER_PAINT_ID}">${afterPaint.join('')}</template>`);
  const html = shellDocument.replace(HEAD_MARKER, () => head.join('')).replace(OUTLET_MARKER, () => outlet);
  return deferred ? withNoscriptStylesheets(html, stylesheetsOf({ shellAssets, remotePage })) : html;
}
