// Scores the running site with the MDN HTTP Observatory's own tests (@mdn/mdn-http-observatory),
// as a production deployment would be reached: over https, with plain http redirecting to it.
// A local TLS front (nginx with a throw-away self-signed certificate) stands where the
// production load balancer would, in front of the edge given as --target. Start that edge as a
// production deployment at an https origin (NODE_ENV=production SITE_ORIGIN=https://...): how
// strict its headers are is its setting, not the X-Forwarded-Proto the front sends.
//
//   npm install --prefix ~/.cache/wpc/observatory --ignore-scripts @mdn/mdn-http-observatory@1.4.8
//   OBSERVATORY_DIR=~/.cache/wpc/observatory node scripts/observatory.mjs \
//       --target http://127.0.0.1:8080 --https-port 8443 --http-port 8081
//
// The package is not a dependency of the site: its install step downloads the HSTS preload list
// (this script gives it an empty one: the site is not on it) and it brings ~230 packages.
// docs/security-headers.md lists its tests and how the site meets each one.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function fail(message) {
  console.error(`observatory: ${message}`);
  process.exit(1);
}

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split(/\s*--/)
    .filter(Boolean)
    .map((pair) => pair.split(/\s+/)),
);
const target = args.target ?? 'http://127.0.0.1:8080';
const httpsPort = Number(args['https-port'] ?? 8443);
const httpPort = Number(args['http-port'] ?? 8081);
const home = process.env.OBSERVATORY_DIR?.replace(/^~/, os.homedir());
const pkg = home && path.join(home, 'node_modules', '@mdn', 'mdn-http-observatory');
if (!pkg || !fs.existsSync(pkg)) {
  fail(
    'set OBSERVATORY_DIR to where @mdn/mdn-http-observatory is installed, e.g.\n' +
      '  npm install --prefix ~/.cache/wpc/observatory --ignore-scripts @mdn/mdn-http-observatory@1.4.8',
  );
}
const preload = path.join(pkg, 'conf', 'hsts-preload.json');
if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}\n');

/** The TLS front: https on httpsPort to the edge, plain http on httpPort redirecting to https; then the scan. */
function scanBehindTls() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-observatory-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  const temp = (name) => `${name}_temp_path ${path.join(dir, name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
    access_log off;
    ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
    server {
        listen 127.0.0.1:${httpsPort} ssl;
        ssl_certificate ${cert};
        ssl_certificate_key ${key};
        location / {
            proxy_pass ${target};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto https;
        }
    }
    server {
        listen 127.0.0.1:${httpPort};
        return 301 https://$host:${httpsPort}$request_uri;
    }
}
`,
  );
  const nginx = spawn(
    process.env.NGINX_BIN ?? 'nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: 'inherit',
    },
  );
  setTimeout(() => {
    // The scan runs in a child that trusts the throw-away certificate (Node reads NODE_EXTRA_CA_CERTS at start).
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, WPC_OBSERVATORY_SCAN: '1', NODE_EXTRA_CA_CERTS: cert },
    });
    nginx.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(child.status ?? 1);
  }, 1000);
}

/** As the package's scan(), with the ports given (its scan() takes a bare host name). */
async function scan() {
  const src = (file) => import(pathToFileURL(path.join(pkg, 'src', file)).href);
  const { retrieve } = await src('retriever/retriever.js');
  const { ALL_TESTS, NUM_TESTS } = await src('constants.js');
  const { getGradeForScore, getScoreModifier } = await src('grader/grader.js');
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await src('grader/charts.js');

  const retrieved = await retrieve('localhost', { httpPort, httpsPort });
  if (!retrieved.responses.auto) fail(`nothing answered on https://localhost:${httpsPort}`);
  let extra = 100;
  let uncurved = 100;
  let passed = 0;
  const rows = ALL_TESTS.map((test) => test(retrieved)).map((result) => {
    const modifier = getScoreModifier(result.result);
    extra += modifier;
    if (modifier < 0) uncurved += modifier;
    if (result.pass) passed += 1;
    return { test: result.constructor.name, pass: result.pass, result: result.result, modifier };
  });
  const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extra : uncurved);
  console.table(rows);
  console.log(
    `Grade ${grade}, score ${score}; ${passed} of ${NUM_TESTS} tests passed (https://localhost:${httpsPort} -> ${target})`,
  );
}

if (process.env.WPC_OBSERVATORY_SCAN) await scan();
else scanBehindTls();
