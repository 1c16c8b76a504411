// Serves one remote's production build on its own port, as its own deployment would.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import express from 'express';

const require = createRequire(import.meta.url);
const { staticAssets } = require('./static-assets.cjs');
const { assetHeaders, isSecureRequest } = require('./security-headers.cjs');
const { ports, REMOTE_NAMES } = require('../ports.cjs');

const name = process.argv[2];
if (!REMOTE_NAMES.includes(name)) {
  console.error(`Usage: serve-remote.mjs <${REMOTE_NAMES.join('|')}>`);
  process.exit(2);
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', `mfe-${name}`, 'dist');
const app = express();
app.disable('x-powered-by');
// The site's headers for files, as the nginx remote.conf sends them.
app.use((req, res, next) => {
  res.set(assetHeaders({ secure: isSecureRequest(req) }));
  next();
});
// Remote assets are public and may be composed into a shell on another origin.
app.use(staticAssets(dist, { cors: true }));
app.use((_req, res) => res.status(404).type('text/plain').send('Not found'));

const server = app.listen(ports[name], () => console.log(`remote "${name}" serving ${dist} on :${ports[name]}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
