// Composes one HTML document from the shell's prerendered document for a route and the owning
// remote's prerendered fragment (both written by shared/build/prerender.cjs).
import {
  HEAD_MARKER,
  INLINE_REMOTES_ID,
  OUTLET_MARKER,
  SERVER_BUILD_ATTRIBUTE,
} from '@wpc/shared/build/page-contract.cjs';
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import type { RemoteArea } from '@wpc/shared/routes';

/** What a remote's ssr/<route>.json says; file names are relative to the remote's base URL. */
export interface RemoteRouteAssets {
  readonly buildId: string;
  readonly remoteEntry: string;
  readonly css: readonly string[];
  readonly preload: readonly string[];
  /** Shared modules the page uses: the shell provides them, so their files are the shell's. */
  readonly shared: readonly string[];
  /** The page's metadata; its share image is relative to the remote's base URL. */
  readonly meta?: BuiltPageMeta;
}

/** What the shell's ssr/<route>.json says; file names are relative to the site root (its base). */
export interface ShellRouteAssets {
  readonly buildId: string;
  readonly css: readonly string[];
  readonly preload: readonly string[];
  /** On the shell's own pages and the 404: their metadata. */
  readonly meta?: BuiltPageMeta;
}

export interface RemotePage {
  readonly area: RemoteArea;
  /** Where the browser finds the remote's files (the folder of its mf-manifest.json), e.g. /mfe/home/. */
  readonly baseUrl: string;
  readonly manifestUrl: string;
  readonly assets: RemoteRouteAssets;
  readonly html: string;
}

const FRAGMENT_BUILD_LINE = /^<!--wpc-build:([^>]*)-->\n/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A remote's fragment without its first line, if that line names the build its JSON describes. */
export function fragmentBody(fragment: string, assets: RemoteRouteAssets): string | undefined {
  const match = FRAGMENT_BUILD_LINE.exec(fragment);
  if (!match || match[1] !== assets.buildId) return undefined;
  return fragment.slice(match[0].length);
}

/** The remote list as an inline JSON script: `<` escaped so the text cannot close the element. */
export function inlineRemoteList(remotes: Readonly<Record<string, string>>): string {
  const json = JSON.stringify(remotes).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${INLINE_REMOTES_ID}">${json}</script>`;
}

/** Adds the inline remote list to the client-only page, so even it skips the remotes.json request. */
export function withInlineRemotes(html: string, remotes: Readonly<Record<string, string>>): string {
  return html.replace('</head>', () => `${inlineRemoteList(remotes)}</head>`);
}

export interface ComposeInput {
  readonly shellDocument: string;
  readonly shellAssets: ShellRouteAssets;
  readonly remotes: Readonly<Record<string, string>>;
  /** For a remote's route: its prerendered page. Absent for the shell's own routes and the 404. */
  readonly remotePage?: RemotePage;
  /** The shell's files for each shared module it provides (its ssr/shared-modules.json). */
  readonly sharedFiles: (shareKey: string) => readonly string[];
}

export function composeDocument({
  shellDocument,
  shellAssets,
  remotes,
  remotePage,
  sharedFiles,
}: ComposeInput): string {
  // The shell's stylesheet comes with its start-up code (federation hosts load entry CSS from
  // JavaScript), so the document links it for the first paint; webpack then finds it linked.
  const head: string[] = shellAssets.css.map((css) => `<link rel="stylesheet" href="/${escapeAttribute(css)}">`);
  head.push(inlineRemoteList(remotes));
  const preload = new Set(shellAssets.preload.map((file) => `/${file}`));
  let outlet = '';
  if (remotePage) {
    const { area, baseUrl, manifestUrl, assets, html } = remotePage;
    // data-href is the name webpack's CSS loading looks for, so it never loads these again.
    for (const css of assets.css) {
      head.push(`<link rel="stylesheet" href="${escapeAttribute(baseUrl + css)}" data-href="${escapeAttribute(css)}">`);
    }
    head.push(`<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin="anonymous">`);
    preload.add(baseUrl + assets.remoteEntry);
    for (const key of assets.shared) for (const file of sharedFiles(key)) preload.add(`/${file}`);
    // The remote's own chunks (assets.preload) are not hinted: Chrome keeps a failed preload and
    // hands its failure to the later request, so after a brief outage an in-place Retry of the
    // area would fail until a reload. Its manifest and remoteEntry.js load through the
    // federation runtime, which retries, so they are safe to hint.

    outlet = `<div id="area-${area}" ${SERVER_BUILD_ATTRIBUTE}="${escapeAttribute(assets.buildId)}">${html}</div>`;
  }
  for (const url of preload) head.push(`<link rel="preload" href="${escapeAttribute(url)}" as="script">`);
  return shellDocument.replace(HEAD_MARKER, () => head.join('')).replace(OUTLET_MARKER, () => outlet);
}
