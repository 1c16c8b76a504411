// @ts-check
// What a package's prerendered files (dist/ssr/), the edge that composes pages from them and the
// browser code that hydrates them agree on. Plain CommonJS, so the build's Node code
// (shared/build/prerender.cjs) requires it as it is and browser bundles and the edge import it;
// tsc checks it and the code on both sides against it.

/**
 * @typedef {object} RemoteRouteAssets What a remote's ssr/<route>.json says; file names are relative to the remote's base URL.
 * @property {string} buildId The browser build that can hydrate the fragment (webpack's full hash).
 * @property {string} remoteEntry
 * @property {readonly string[]} css
 * @property {readonly string[]} preload
 * @property {readonly string[]} shared Shared modules the page uses: the shell provides them, so their files are the shell's.
 * @property {import('./page-meta').BuiltPageMeta} [meta] The page's metadata; its share image is relative to the remote's base URL.
 * @property {string} [version] Which rendering of the page this is (a hash of its content): the same in
 *   the fragment's first line, so the edge never pairs a page's head with another rendering's body.
 *
 * @typedef {object} ShellRouteAssets What the shell's ssr/<route>.json says; file names are relative to the site root.
 * @property {string} buildId
 * @property {readonly string[]} css
 * @property {readonly string[]} preload
 * @property {import('./page-meta').BuiltPageMeta} [meta] On the shell's own pages and the 404: their metadata.
 *
 * @typedef {object} PageDataFile A remote's ssr/<route>.data.json: a page's data, fetched on client-side navigation.
 * @property {string} buildId
 * @property {string} [version] The rendering it belongs to (RemoteRouteAssets.version).
 * @property {string} title The page's own title (without the site's name).
 * @property {unknown} data What the page's data function returned for the published content.
 *
 * @typedef {object} RouteFiles What one route's page needs in the browser (relative to the remote's base URL).
 * @property {readonly string[]} css
 * @property {readonly string[]} preload
 * @property {readonly string[]} shared
 *
 * @typedef {object} RouteAssetsFile A remote's dist-server/route-assets.json: for its server, which
 *   renders pages the build did not (a new press release), the files of each route and route pattern.
 * @property {string} buildId
 * @property {string} remoteEntry
 * @property {Readonly<Record<string, RouteFiles>>} routes
 *
 * @typedef {object} RenderedPage One page of a remote's ssr/_pages.json.
 * @property {string} path
 * @property {string} lastModified The day its content last changed (YYYY-MM-DD): the sitemap's lastmod.
 * @property {boolean} [noindex]
 *
 * @typedef {object} RemotePageIndex A remote's ssr/_pages.json: every page it has rendered, so the edge
 *   lists them in the sitemap and answers 404 for an instance of a route pattern it does not have.
 * @property {string} buildId
 * @property {string} revision The published content's revision ("seed" for the build's seed).
 * @property {readonly RenderedPage[]} pages
 *
 * @typedef {object} SharedModules The shell's ssr/shared-modules.json.
 * @property {string} buildId
 * @property {Readonly<Record<string, readonly string[]>>} files The shell's files for each shared module it provides, by share key.
 */

/** The path the shell prerenders its 404 page as (ssr/404.html), for every path no area owns. */
const NOT_FOUND_PATH = '/404';

/** A route's prerendered files, without extension: "index" for "/", "scorecard/faq" for "/scorecard/faq". */
function routeFileName(/** @type {string} */ routePath) {
  return routePath === '/' ? 'index' : routePath.replace(/^\/+/, '');
}

/**
 * A remote's ssr/<route>.html: a first line naming the build (and the rendering) its JSON
 * describes, then the fragment.
 * @param {string} buildId
 * @param {string} html
 * @param {string} [version]
 */
function fragmentFile(buildId, html, version) {
  return `<!--wpc-build:${buildId}${version ? ` ${version}` : ''}-->\n${html}`;
}

/**
 * A remote's ssr/<route>.data.json.
 * @param {string} buildId
 * @param {string} title
 * @param {unknown} data
 * @param {string} [version]
 */
function pageDataFile(buildId, title, data, version) {
  /** @type {PageDataFile} */
  const file = { buildId, ...(version ? { version } : {}), title, data };
  return `${JSON.stringify(file)}\n`;
}

/**
 * The build and rendering a remote's ssr/<route>.html names and its fragment, or undefined when it names none.
 * @param {string} text
 * @returns {{ buildId: string, version: string | undefined, html: string } | undefined}
 */
function readFragmentFile(text) {
  const match = /^<!--wpc-build:([^ >]*)(?: ([^>]*))?-->\n/.exec(text);
  return match
    ? { buildId: /** @type {string} */ (match[1]), version: match[2], html: text.slice(match[0].length) }
    : undefined;
}

module.exports = {
  routeFileName,
  fragmentFile,
  readFragmentFile,
  pageDataFile,
  NOT_FOUND_PATH,
  /** On a container of server-rendered HTML: the id of the browser build that can hydrate it. */
  SERVER_BUILD_ATTRIBUTE: 'data-ssr-build',
  /** The <script type="application/json"> holding the remote list, so the page skips remotes.json. */
  INLINE_REMOTES_ID: 'wpc-remotes',
  /** In the shell's prerendered documents: where the edge adds a page's links, and its fragment. */
  HEAD_MARKER: '<!--wpc:head-->',
  OUTLET_MARKER: '<!--wpc:outlet-->',
  /** On a stylesheet link the edge defers (media="print"): the media the browser code applies. */
  DEFERRED_MEDIA_ATTRIBUTE: 'data-wpc-media',
  /** On an area's data island (<script type="application/json">): the path whose data it holds. */
  PAGE_DATA_ATTRIBUTE: 'data-wpc-page-data',
  /**
   * A remote's list of the pages it has rendered, beside them in ssr/ (not "index.json": that is
   * the front page's, routeFileName('/')).
   */
  PAGE_INDEX_FILE: '_pages.json',
  /**
   * A performance mark set when the page first runs an idle task (whenIdle): what the page fetches
   * from then on is fetched ahead of use (a pop-up's form, the share box), not for the page itself;
   * the size budgets tell the two apart by it.
   */
  IDLE_PREFETCH_MARK: 'wpc:idle-prefetch',
  /**
   * A window event the shell sends once the page's own code has taken over (its area mounted and
   * hydrating, the shell's own page mounted, or the area given up): idle tasks wait for it.
   */
  PAGE_STARTED_EVENT: 'wpc:page-started',
  /** Beside the shell's dist/: its Node bundle, which the edge renders the form pages with. */
  SERVER_BUNDLE_DIR: 'dist-server',
};
