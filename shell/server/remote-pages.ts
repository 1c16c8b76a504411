// Getting the owning remote's page: a step of a page request (pages.ts). The edge asks the
// remote's own server for ssr/<route>.json and ssr/<route>.html, next to its mf-manifest.json,
// and never needs an area's components. How the remote comes by those files is its own affair:
// its build writes them today; once publishing lands its server re-renders them when content
// changes (ARCHITECTURE §14), and the edge asks just the same.
import {
  PAGE_INDEX_FILE,
  readFragmentFile,
  routeFileName,
  type RemotePageIndex,
  type RemoteRouteAssets,
} from '@wpc/shared/page-contract';
import { ports, REMOTE_NAMES } from '@wpc/shared/ports';
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { RemotePage } from './compose';
import type { TextFetcher } from './fragments';

export type RemoteOrigins = Readonly<Record<RemoteArea, string>>;

/** The remote list (remotes.json): each remote's mf-manifest.json, as the browser reaches it. */
export type RemoteList = Readonly<Record<string, string>>;

/** Where the edge reaches each remote's server: MFE_<NAME>_ORIGIN, or its local port. */
export function remoteOrigins(env: NodeJS.ProcessEnv = process.env): RemoteOrigins {
  const origins = {} as Record<RemoteArea, string>;
  for (const name of REMOTE_NAMES) {
    origins[name] = env[`MFE_${name.toUpperCase()}_ORIGIN`] ?? `http://127.0.0.1:${ports[name]}`;
  }
  return origins;
}

/** The URL the edge fetches for a URL the browser uses: /mfe/<name>/... goes to that remote's server. */
export function serverUrl(browserUrl: string, origins: RemoteOrigins): string {
  const mounted = /^\/mfe\/([a-z]+)\/(.*)$/.exec(browserUrl);
  if (mounted && REMOTE_AREAS.includes(mounted[1] as RemoteArea))
    return `${origins[mounted[1] as RemoteArea]}/${mounted[2]}`;
  return new URL(browserUrl, `http://127.0.0.1:${ports.edge}`).href;
}

/**
 * A remote's fragment without its first line, if that line names the build (and, for a page its
 * server re-rendered on publish, the rendering) its JSON describes.
 */
export function fragmentBody(fragment: string, assets: RemoteRouteAssets): string | undefined {
  const file = readFragmentFile(fragment);
  return file?.buildId === assets.buildId && file.version === assets.version ? file.html : undefined;
}

/**
 * A remote's page for a route, or undefined when it cannot be had: the remote is not listed, a
 * file is neither there in time nor known from before, or the two files come from different builds.
 */
export type RemotePageSource = (
  area: RemoteArea,
  routePath: string,
  remotes: RemoteList,
) => Promise<RemotePage | undefined>;

/** Where the browser finds a listed remote's files (the folder of its mf-manifest.json). */
const baseUrlOf = (manifestUrl: string) => manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);

export function createRemotePageSource({
  origins,
  fetchText,
}: {
  readonly origins: RemoteOrigins;
  readonly fetchText: TextFetcher;
}): RemotePageSource {
  return async (area, routePath, remotes) => {
    const manifestUrl = remotes[area];
    if (!manifestUrl) return undefined;
    const baseUrl = baseUrlOf(manifestUrl);
    const file = `${baseUrl}ssr/${routeFileName(routePath)}`;
    const read = () =>
      Promise.all([fetchText(serverUrl(`${file}.json`, origins)), fetchText(serverUrl(`${file}.html`, origins))]);
    let [json, fragment] = await read();
    if (!json || !fragment) return undefined;
    let assets = JSON.parse(json) as RemoteRouteAssets;
    // Both from the same build and rendering, or the page would link files (or show a head) the
    // fragment does not match. A publish can land between the two requests: ask once more.
    let html = fragmentBody(fragment, assets);
    if (html === undefined) {
      [json, fragment] = await read();
      if (!json || !fragment) return undefined;
      assets = JSON.parse(json) as RemoteRouteAssets;
      html = fragmentBody(fragment, assets);
    }
    return html === undefined ? undefined : { area, baseUrl, manifestUrl, assets, html };
  };
}

/** A remote's list of the pages it has rendered (ssr/_pages.json), or undefined when it cannot be had. */
export type RemotePageIndexSource = (area: RemoteArea, remotes: RemoteList) => Promise<RemotePageIndex | undefined>;

export function createRemotePageIndexSource({
  origins,
  fetchText,
}: {
  readonly origins: RemoteOrigins;
  readonly fetchText: TextFetcher;
}): RemotePageIndexSource {
  return async (area, remotes) => {
    const manifestUrl = remotes[area];
    if (!manifestUrl) return undefined;
    const text = await fetchText(serverUrl(`${baseUrlOf(manifestUrl)}ssr/${PAGE_INDEX_FILE}`, origins));
    if (!text) return undefined;
    try {
      return JSON.parse(text) as RemotePageIndex;
    } catch {
      return undefined;
    }
  };
}
