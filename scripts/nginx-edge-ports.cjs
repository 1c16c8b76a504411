// Where scripts/nginx-edge.mjs puts the nginx edge and its local upstreams: NGINX_PORT and the
// seven ports after it. Plain CommonJS so the script and playwright.config.ts read one layout.
const raw = process.env.NGINX_PORT;
const base = raw === undefined || raw === '' ? 8080 : Number(raw);
if (!Number.isInteger(base) || base <= 0 || base + 7 > 65535) {
  throw new Error(`NGINX_PORT must be a port number with seven free ports after it, got "${raw}"`);
}

const nginxPorts = {
  /** The site through nginx (docker/nginx/edge.conf). */
  edge: base,
  // base + 1 to base + 4 are free: each remote is its own node server (npm run serve's), as its
  // container runs it, not an nginx of its own any more.
  /** The page composer (shell/server/edge.ts) behind the edge, reaching the remotes' servers. */
  pageComposer: base + 5,
  /** The same edge.conf again, with the showcase remote's address pointing at `closed`. */
  outageEdge: base + 6,
  /** Nothing listens here: a remote that is down. */
  closed: base + 7,
};

module.exports = { nginxPorts };
