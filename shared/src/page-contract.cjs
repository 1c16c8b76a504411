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
 *
 * @typedef {object} ShellRouteAssets What the shell's ssr/<route>.json says; file names are relative to the site root.
 * @property {string} buildId
 * @property {readonly string[]} css
 * @property {readonly string[]} preload
 * @property {import('./page-meta').BuiltPageMeta} [meta] On the shell's own pages and the 404: their metadata.
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

/** A remote's ssr/<route>.html: a first line naming the build its JSON describes, then the fragment. */
function fragmentFile(/** @type {string} */ buildId, /** @type {string} */ html) {
  return `<!--wpc-build:${buildId}-->\n${html}`;
}

/**
 * The build a remote's ssr/<route>.html names and its fragment, or undefined when it names none.
 * @param {string} text
 * @returns {{ buildId: string, html: string } | undefined}
 */
function readFragmentFile(text) {
  const match = /^<!--wpc-build:([^>]*)-->\n/.exec(text);
  return match ? { buildId: /** @type {string} */ (match[1]), html: text.slice(match[0].length) } : undefined;
}

module.exports = {
  routeFileName,
  fragmentFile,
  readFragmentFile,
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
