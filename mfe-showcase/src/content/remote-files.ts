/**
 * Files this remote ships from its `public/` folder (slides, logos, previews, the hero video),
 * addressed from wherever the remote is deployed: webpack's public path, which the federation
 * runtime sets from the remote's own manifest URL.
 */
declare const __webpack_public_path__: string | undefined;

/** Where the edge serves this remote; used where no webpack runtime is (tests, a plain Node prerender). */
const EDGE_PATH = '/mfe/showcase/';

function deploymentBase(): string {
  const base =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__ ? __webpack_public_path__ : EDGE_PATH;
  // Same origin as the page: keep only the path, so the address is the one the server prerendered.
  if (typeof window !== 'undefined' && base.startsWith(`${window.location.origin}/`)) {
    return base.slice(window.location.origin.length);
  }
  return base;
}

// Decided once when the module loads, never while rendering.
const BASE = deploymentBase();

/**
 * The URL of a file under this remote's `public/`, e.g. remoteFileUrl('slides/x.pdf'). An address
 * that is one already (a published image under /api/, a seed file as its page addresses it) is
 * left as it is.
 */
export function remoteFileUrl(path: string): string {
  return /^(\/|https?:)/.test(path) ? path : `${BASE}${path}`;
}
