/**
 * `npm run dev` at http://127.0.0.1:<port>: the shell's dev server sends the browser to the same
 * path on http://localhost:<port>. The remotes' dev servers refuse scripts a page of another
 * *site* asks for (webpack-dev-server 5.2.1+, against source theft by any website the developer
 * visits), and 127.0.0.1 and localhost are different sites, so from 127.0.0.1 every area's
 * remoteEntry.js answered 403. Loosening that check (allowedHosts) would let any site read the
 * dev source again; one address for the whole dev site keeps it.
 */
const LOOPBACK_HOST = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/;

/** The localhost address to send a request for `host` + `url` to, or null to serve it as it is. */
function localhostAddress(host, url) {
  const match = LOOPBACK_HOST.exec(host ?? '');
  return match ? `http://localhost${match[1] ?? ''}${url}` : null;
}

/** A webpack-dev-server middleware (setupMiddlewares) answering loopback IPs with a redirect. */
function redirectLoopbackToLocalhost(request, response, next) {
  const target = localhostAddress(request.headers.host, request.url ?? '/');
  if (target === null) return next();
  response.writeHead(307, { Location: target, 'Cache-Control': 'no-store' });
  response.end();
}

module.exports = { localhostAddress, redirectLoopbackToLocalhost };
