// The site's security headers: the one source both edges use. The node edge (shell/server/)
// calls these functions on every response; nginx (docker/nginx/) includes security-headers.conf,
// which scripts/write-nginx-security.mjs writes from this file (a test fails when it is stale).
//
// Two policies. A page (a composed document) gets a Content-Security-Policy that allows exactly
// what the site loads: its own origin, the remotes' origins from remotes.json, the API's origin
// when it has one, the map's tile host and the video host. Everything else the edges send
// (scripts, styles, images, JSON, error bodies) is never a document the site renders, so it gets
// a policy that allows nothing, whatever remotes.json says; nginx can therefore send it from a
// static snippet. Plain CommonJS so nginx-edge.mjs and the edge share it.
const { createHash } = require('node:crypto');
const { START_SCRIPT } = require('../build/start-script.cjs');

/** The clip player's embeds (shared/src/ui/ClipPlayer.tsx; a test keeps them equal). */
const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';
/** The map's tiles (mfe-map/src/map/settings.ts, {a-d}.basemaps.cartocdn.com; a test keeps them equal). */
const TILE_SOURCE = 'https://*.basemaps.cartocdn.com';
/**
 * Remote overrides (docs/development.md) load a developer's dev server from loopback:
 * outside production only, unless a staging deployment opts in (deploymentPolicy). ([::1] cannot
 * be written in a policy: CSP host sources have no IPv6 form.)
 */
const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

const HSTS = 'max-age=63072000; includeSubDomains';

/** The one inline script a page runs (it starts the shell's code after the first paint). */
const START_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

/**
 * Features the site does not use are turned off; the video player's iframe keeps what an
 * embedded player needs, and the share box writes to the clipboard. Reading the clipboard is left
 * to the browser's own permission prompt (an e2e test reads back what the share box copied).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  `autoplay=(self "${VIDEO_ORIGIN}")`,
  'camera=()',
  'clipboard-write=(self)',
  'display-capture=()',
  `encrypted-media=(self "${VIDEO_ORIGIN}")`,
  `fullscreen=(self "${VIDEO_ORIGIN}")`,
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  `picture-in-picture=(self "${VIDEO_ORIGIN}")`,
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Headers every response carries, page or not. */
const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Older browsers that do not read frame-ancestors.
  'X-Frame-Options': 'DENY',
};

/** For anything that is not a page: nothing may load, nothing may frame it. */
const ASSET_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const policy = (directives) =>
  Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${[...new Set(sources)].join(' ')}` : name))
    .join('; ');

/** The origins of the absolute URLs in remotes.json (relative ones are the site's own). */
function remoteOrigins(remotes) {
  return Object.values(remotes)
    .filter((url) => /^https?:\/\//i.test(url))
    .map((url) => new URL(url).origin);
}

/** The API's origin, when the pages send forms to an origin of its own (WPC_API_BASE). */
function apiOrigin(apiBase) {
  return apiBase && /^https?:\/\//i.test(apiBase) ? [new URL(apiBase).origin] : [];
}

/**
 * The policy of a page.
 * Scripts: no 'unsafe-inline' or 'unsafe-eval'. One inline script runs, allowed by its hash
 * (START_SCRIPT); the page's other inline <script> elements are data (the remote list, JSON-LD),
 * which a policy does not govern. Styles: 'unsafe-inline', because
 * Leaflet and React set style attributes and composed pages inline their critical CSS in <style>.
 */
function pageCsp({ remotes = {}, apiBase = '', secure = false, loopback = !secure } = {}) {
  const remote = remoteOrigins(remotes);
  const code = ["'self'", ...remote, ...(loopback ? LOOPBACK_SOURCES : [])];
  return policy({
    'default-src': ["'self'"],
    'script-src': [...code, START_SCRIPT_SOURCE],
    'style-src': [...code, "'unsafe-inline'"],
    'img-src': [...code, 'data:', TILE_SOURCE],
    'font-src': code,
    'connect-src': [...code, ...apiOrigin(apiBase)],
    'media-src': code,
    'frame-src': [VIDEO_ORIGIN],
    'worker-src': ["'none'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/** Headers of a page. `secure`: the deployment is served over https; `loopback`: remote overrides allowed. */
function pageHeaders({ remotes, apiBase, secure = false, loopback = !secure } = {}) {
  return {
    ...COMMON,
    'Content-Security-Policy': pageCsp({ remotes, apiBase, secure, loopback }),
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(secure ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** Headers of every other response. */
function assetHeaders({ secure = false } = {}) {
  return { ...COMMON, 'Content-Security-Policy': ASSET_CSP, ...(secure ? { 'Strict-Transport-Security': HSTS } : {}) };
}

/**
 * How strict a deployment's headers are, from its settings, read once at start, never from a
 * request's headers (a client writes X-Forwarded-Proto as it likes). HSTS and
 * upgrade-insecure-requests: in production at an https SITE_ORIGIN. The loopback sources of
 * remote overrides: outside production, or in a staging deployment that opts in with
 * REMOTE_OVERRIDES=allow; a production page's script-src names no localhost otherwise.
 */
function deploymentPolicy(env = process.env) {
  const production = env.NODE_ENV === 'production';
  return {
    secure: production && /^https:\/\//i.test(String(env.SITE_ORIGIN ?? '')),
    loopback: !production || env.REMOTE_OVERRIDES === 'allow',
  };
}

/**
 * A Node server of the site (the edge, a remote's own server) as nginx serves files: no
 * X-Powered-By, and every response with the asset headers (pages replace the policy with their
 * own), strictness from the deployment's settings.
 */
function useSiteHeaders(app) {
  app.disable('x-powered-by');
  const headers = assetHeaders({ secure: deploymentPolicy().secure });
  app.use((_req, res, next) => {
    res.set(headers);
    next();
  });
}

const quote = (value) => `"${value.replace(/"/g, '\\"')}"`;

/** docker/nginx/security-headers.conf: the asset headers as add_header lines ($wpc_hsts from security-map.conf). */
function nginxSnippet() {
  const lines = Object.entries(assetHeaders()).map(([name, value]) => `add_header ${name} ${quote(value)} always;`);
  return [
    '# Written by scripts/write-nginx-security.mjs from shared/server/security-headers.cjs: edit that, not this.',
    '# The headers of everything nginx answers itself (files, errors). Pages come from the page composer',
    '# with their own. Included in every location that sends headers (nginx does not inherit',
    '# add_header into a location that has its own).',
    ...lines,
    'add_header Strict-Transport-Security $wpc_hsts always;',
    '',
  ].join('\n');
}

/** docker/nginx/security-map.conf: at http level, once. */
function nginxMap() {
  return [
    '# Written by scripts/write-nginx-security.mjs from shared/server/security-headers.cjs: edit that, not this.',
    "# HSTS only when this server itself answers over https, never because a request's header says so",
    '# (pages come from the page composer, whose deployment settings decide theirs).',
    'map $scheme $wpc_hsts {',
    `    https ${quote(HSTS)};`,
    '    default "";',
    '}',
    "# What the page composer is told: the scheme a proxy in front saw, else this server's.",
    'map $http_x_forwarded_proto $wpc_forwarded_proto {',
    '    ~^(?<proto>https?) $proto;',
    '    default $scheme;',
    '}',
    '',
  ].join('\n');
}

module.exports = {
  VIDEO_ORIGIN,
  START_SCRIPT_SOURCE,
  TILE_SOURCE,
  pageCsp,
  pageHeaders,
  assetHeaders,
  deploymentPolicy,
  useSiteHeaders,
  nginxSnippet,
  nginxMap,
};
