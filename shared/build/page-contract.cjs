// What the prerendered HTML, the edge that composes it and the browser code that hydrates it
// agree on. Plain CommonJS so the build plugins, the edge and the browser code share it.
/** A route's prerendered files, without extension: "index" for "/", "scorecard/faq" for "/scorecard/faq". */
function routeFileName(routePath) {
  return routePath === '/' ? 'index' : routePath.replace(/^\/+/, '');
}

module.exports = {
  routeFileName,
  /** On a container of server-rendered HTML: the id of the browser build that can hydrate it. */
  SERVER_BUILD_ATTRIBUTE: 'data-ssr-build',
  /** The <script type="application/json"> holding the remote list, so the page skips remotes.json. */
  INLINE_REMOTES_ID: 'wpc-remotes',
  /** In the shell's prerendered documents: where the edge adds a page's links, and its fragment. */
  HEAD_MARKER: '<!--wpc:head-->',
  OUTLET_MARKER: '<!--wpc:outlet-->',
  /** On a stylesheet link the edge defers (media="print"): the media the browser code applies. */
  DEFERRED_MEDIA_ATTRIBUTE: 'data-wpc-media',
  /** Beside the shell's dist/: its Node bundle, which the edge renders the form pages with. */
  SERVER_BUNDLE_DIR: 'dist-server',
};
