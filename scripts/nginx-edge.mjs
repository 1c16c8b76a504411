// The site through nginx, as docker/compose.yaml runs it, on this machine: the production configs
// of docker/nginx/ rendered for local upstreams (only addresses change: listen ports, roots,
// include paths, upstream hosts), one nginx serving the edge, and the page composer
// (shell/server/edge.ts) behind the edge. The API and the remotes' servers (each renders its own
// pages from the published content, as its container does) are not started here: run them as
// usual (`npm run serve`) on API_PORT and MFE_<AREA>_PORT.
//
//   node scripts/nginx-edge.mjs           render, check, start; Ctrl-C stops everything
//   node scripts/nginx-edge.mjs --check   render and run `nginx -t` on the result (no build needed)
//
// Ports: NGINX_PORT (default 8080) and the seven after it, see scripts/nginx-edge-ports.cjs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { ports, REMOTE_NAMES } = require('../shared/ports.cjs');
const { nginxPorts } = require('./nginx-edge-ports.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const confDir = path.join(root, 'docker', 'nginx');
const checkOnly = process.argv.includes('--check');
const unknown = process.argv.slice(2).filter((arg) => arg !== '--check');
if (unknown.length > 0) fail(`Unknown argument ${unknown.join(' ')}. Usage: node scripts/nginx-edge.mjs [--check]`);

function fail(message) {
  console.error(`nginx-edge: ${message}`);
  process.exit(1);
}

function findNginx() {
  const candidates = process.env.NGINX_BIN
    ? [process.env.NGINX_BIN]
    : [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'].map((dir) =>
        path.join(dir, 'nginx'),
      );
  const found = candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    fail(
      'nginx is not installed, and the nginx edge and its end-to-end tests need it. ' +
        'Install it with "apt-get install -y nginx" (Debian/Ubuntu), or point NGINX_BIN at an nginx binary.',
    );
  }
  return found;
}

/** The folder of nginx's own configuration (for mime.types), from `nginx -V`. */
function nginxConfDir(nginx) {
  const info = execFileSync(nginx, ['-V'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const conf = /--conf-path=(\S+)/.exec(info)?.[1] ?? '/etc/nginx/nginx.conf';
  return path.dirname(conf);
}

const loopback = (port) => `127.0.0.1:${port}`;

/**
 * A production config with its addresses swapped. Every production address must be found and
 * known, so a changed config fails here loudly rather than being served half-rendered.
 */
function renderConf(file, { listen, html, snippets, upstreams }) {
  const source = fs.readFileSync(path.join(confDir, file), 'utf8');
  // [what, pattern, replacement, required]: the edge config has the first three.
  const swaps = [
    ['listen', /^(\s*)listen 80;$/gm, (_match, indent) => `${indent}listen ${listen};`, true],
    ['root', /^(\s*)root \/usr\/share\/nginx\/html;$/gm, (_match, indent) => `${indent}root ${html};`, true],
    ['include', /(\binclude )\/etc\/nginx\/snippets\//g, (_match, directive) => `${directive}${snippets}/`, true],
    [
      'proxy_pass',
      /(\bproxy_pass http:\/\/)([a-z][a-z0-9-]*(?::\d+)?)/g,
      (_match, scheme, host) => {
        if (!(host in upstreams)) fail(`docker/nginx/${file}: no local address for the upstream "${host}".`);
        return `${scheme}${upstreams[host]}`;
      },
      false,
    ],
  ];
  let text = source;
  for (const [what, pattern, replace, required] of swaps) {
    if (required && text.search(pattern) === -1)
      fail(`docker/nginx/${file}: its production "${what}" line is not found.`);
    text = text.replace(pattern, replace);
  }
  const leftover = /\/usr\/share\/nginx|\/etc\/nginx\/|^\s*listen 80;/m.exec(text);
  if (leftover) fail(`docker/nginx/${file}: a production address is left after rendering: "${leftover[0]}".`);
  return `# Rendered by scripts/nginx-edge.mjs from docker/nginx/${file}; edit that file, not this one.\n${text}`;
}

/** Writes nginx.conf and everything it includes into `dir`; returns the nginx.conf path. */
function render(dir, mimeTypes) {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const sub of ['conf.d', 'snippets', 'temp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  // The workers run as an unprivileged user when nginx is started as root: they must reach the temp folders.
  fs.chmodSync(dir, 0o755);
  const snippets = path.join(dir, 'snippets');
  // Snippets include one another by their production path, swapped like the configs' includes.
  for (const snippet of ['cache-rules.conf', 'security-headers.conf']) {
    const text = fs.readFileSync(path.join(confDir, snippet), 'utf8');
    fs.writeFileSync(
      path.join(snippets, snippet),
      text.replace(/(\binclude )\/etc\/nginx\/snippets\//g, `$1${snippets}/`),
    );
  }
  // At http level once (each image has it in conf.d/ beside its server).
  fs.copyFileSync(path.join(confDir, 'security-map.conf'), path.join(dir, 'conf.d', 'security-map.conf'));

  // The remotes' containers listen on their own port (3001-3004), here their MFE_<AREA>_PORT.
  const remoteHosts = Object.fromEntries(
    REMOTE_NAMES.map((name, index) => [`mfe-${name}:${3001 + index}`, loopback(ports[name])]),
  );
  const edgeUpstreams = {
    ...remoteHosts,
    'api:5555': loopback(ports.api),
    'page-edge:3000': loopback(nginxPorts.pageComposer),
  };
  const shellHtml = path.join(root, 'shell', 'dist');
  const conf = {
    'edge.conf': renderConf('edge.conf', {
      listen: nginxPorts.edge,
      html: shellHtml,
      snippets,
      upstreams: edgeUpstreams,
    }),
    'outage-edge.conf': renderConf('edge.conf', {
      listen: nginxPorts.outageEdge,
      html: shellHtml,
      snippets,
      upstreams: { ...edgeUpstreams, 'mfe-showcase:3003': loopback(nginxPorts.closed) },
    }),
  };
  for (const [file, text] of Object.entries(conf)) fs.writeFileSync(path.join(dir, 'conf.d', file), text);

  // What the nginx image's own /etc/nginx/nginx.conf sets around conf.d/, with every path in `dir`.
  const temp = (name) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  const main = `# Rendered by scripts/nginx-edge.mjs: the main block of the nginx image, with private paths
# and one worker (a test machine).
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;

events {
    worker_connections 512;
}

http {
    include ${mimeTypes};
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    access_log ${path.join(dir, 'access.log')};
    ${temp('client_body')}
    ${temp('proxy')}
    ${temp('fastcgi')}
    ${temp('uwsgi')}
    ${temp('scgi')}

    include ${path.join(dir, 'conf.d')}/*.conf;
}
`;
  const mainFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(mainFile, main);
  return mainFile;
}

const nginxArgs = (dir, mainFile) => ['-p', dir, '-c', mainFile, '-e', path.join(dir, 'error.log')];

/** `nginx -t` on the rendered configs: nginx's own report, or the run ends with it. */
function checkConfig(nginx, dir, mainFile) {
  const result = spawnSync(nginx, ['-t', ...nginxArgs(dir, mainFile)], { encoding: 'utf8' });
  const report = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0)
    fail(
      'nginx -t rejected the configs rendered from docker/nginx/ (conf.d/edge.conf and outage-edge.conf are ' +
        `edge.conf, one line lower):\n${report}`,
    );
  return report;
}

const nginx = findNginx();
const mimeTypes = path.join(nginxConfDir(nginx), 'mime.types');
if (!fs.existsSync(mimeTypes)) fail(`nginx's mime.types is not at ${mimeTypes}.`);

if (checkOnly) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-nginx-check-'));
  // Also when a check fails: its report says what is wrong, in the file it names.
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const report = checkConfig(nginx, dir, render(dir, mimeTypes));
  const files = fs.readdirSync(path.join(dir, 'conf.d')).join(', ');
  console.log(`${report}\nnginx -t passed on docker/nginx/*.conf rendered for local upstreams (conf.d: ${files}).`);
  process.exit(0);
}

for (const pkg of ['shell', ...REMOTE_NAMES.map((name) => `mfe-${name}`)]) {
  if (!fs.existsSync(path.join(root, pkg, 'dist', 'ssr'))) fail(`${pkg} is not built: run "npm run build" first.`);
}

// One folder per edge port, so a second copy on other ports does not clash and a killed run is simply replaced.
const dir = path.join(os.tmpdir(), `wpc-nginx-edge-${nginxPorts.edge}`);
const mainFile = render(dir, mimeTypes);
checkConfig(nginx, dir, mainFile);

const children = new Set();
let stopping = false;

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const exit = () => process.exit(exitCode);
  if (children.size === 0) exit();
  setTimeout(exit, 5000).unref();
  for (const child of children) child.on('exit', () => children.size === 0 && exit());
}

function start(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) return;
    const log = path.join(dir, 'error.log');
    const tail =
      name === 'nginx' && fs.existsSync(log)
        ? `\n${fs.readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')}`
        : '';
    console.error(`nginx-edge: ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.${tail}`);
    stopAll(1);
  });
  return child;
}

start('nginx', nginx, [...nginxArgs(dir, mainFile), '-g', 'daemon off;']);
// The composer as the page-edge image runs it, reaching each remote's server.
start('page composer', process.execPath, ['--import', 'tsx', path.join('shell', 'server', 'edge.ts')], {
  EDGE_PORT: String(nginxPorts.pageComposer),
  // nginx counts the pages (edge.conf's mirror), as in compose.yaml.
  IMPACT_EDGE_COUNTING: 'off',
  ...Object.fromEntries(
    REMOTE_NAMES.map((name) => [`MFE_${name.toUpperCase()}_ORIGIN`, `http://${loopback(ports[name])}`]),
  ),
});

console.log(
  `nginx-edge: the site through nginx at http://localhost:${nginxPorts.edge} ` +
    `(page composer on :${nginxPorts.pageComposer}; remotes' servers expected on :${ports.home}-${ports.map}, ` +
    `API on :${ports.api}); configs and logs in ${dir}`,
);
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
