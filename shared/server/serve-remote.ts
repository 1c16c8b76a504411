// One remote's own server, as its deployment runs it: its build's files, and its pages rendered
// from the area's published content by its run-time renderer (content-renderer.ts), which the
// edge fetches as ssr/<route>.html and .json exactly as it fetched the build's.
//
//   tsx shared/server/serve-remote.ts <home|scorecard|showcase|map>
//
// CONTENT_API_ORIGIN: where the API answers /api/content/... (default: the local API's port).
// CONTENT_STATE_DIR: where the last published content and its rendering are kept, a folder per
// area in it (default mfe-<area>/data/content). CONTENT_POLL_MS: how often the API is asked (1000).
import path from 'node:path';
import { createRequire } from 'node:module';
import express, { type RequestHandler } from 'express';
import type { RemoteArea } from '../src/routes';
import { createContentRenderer, type ContentRenderer } from './content-renderer';

const require = createRequire(__filename);
const { staticAssets } = require('./static-assets.cjs') as typeof import('./static-assets.cjs');
const { useSiteHeaders } = require('./security-headers.cjs') as typeof import('./security-headers.cjs');
const { ports, REMOTE_NAMES } = require('../ports.cjs') as typeof import('../ports.cjs');

/** A preview token as the API makes them: URL-safe, never a path. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

export interface RemoteAppOptions {
  readonly distDir: string;
  readonly renderer: ContentRenderer;
}

export function createRemoteApp({ distDir, renderer }: RemoteAppOptions) {
  const app = express();
  useSiteHeaders(app);

  // What the renderer serves, for the team and for monitoring: no content, no personal data.
  app.get('/content-status.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(renderer.status());
  });

  // A draft rendered in its page, for the edge's /team/preview/<token>: never cached.
  app.get('/preview/:token', (req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    if (!TOKEN.test(req.params.token)) {
      res.status(404).json({ error: 'No such preview.' });
      return;
    }
    renderer
      .preview(req.params.token)
      .then((answer) => {
        if (answer.kind === 'page') res.json(answer.page);
        else if (answer.kind === 'refused')
          res.status(422).json({ error: 'The draft does not fit its content type.', fields: answer.fields });
        else res.status(404).json({ error: 'No such preview, or it has expired.' });
      })
      .catch(next);
  });

  // Pages: the published rendering once there is one, else the build's seed pages. Never both:
  // a press release unpublished since the build must be gone, not served from dist/ssr.
  const ssrServers = new Map<string, RequestHandler>();
  app.use('/ssr', (req, res) => {
    const root = renderer.ssrRoot();
    let serve = ssrServers.get(root);
    if (!serve) {
      serve = staticAssets(root, { cors: true });
      ssrServers.set(root, serve);
    }
    serve(req, res, () => res.status(404).type('text/plain').send('Not found'));
  });

  // Remote assets are public and may be composed into a shell on another origin.
  app.use(staticAssets(distDir, { cors: true }));
  // Share images drawn for published pages (content-hashed, like the build's in dist/share).
  app.use(staticAssets(renderer.shareRoot(), { cors: true }));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}

async function main() {
  const name = process.argv[2] as RemoteArea;
  if (!REMOTE_NAMES.includes(name)) {
    console.error(`Usage: serve-remote.ts <${REMOTE_NAMES.join('|')}>`);
    process.exit(2);
  }
  const packageDir = path.resolve(__dirname, '../..', `mfe-${name}`);
  const distDir = path.join(packageDir, 'dist');
  const renderer = createContentRenderer({
    area: name,
    packageDir,
    distDir,
    serverBuildDir: path.join(packageDir, 'dist-server'),
    // One folder per area under CONTENT_STATE_DIR, so the four remotes of `npm run serve` share the setting.
    stateDir: process.env.CONTENT_STATE_DIR
      ? path.resolve(process.env.CONTENT_STATE_DIR, name)
      : path.join(packageDir, 'data', 'content'),
    apiOrigin: (process.env.CONTENT_API_ORIGIN ?? `http://127.0.0.1:${ports.api}`).replace(/\/+$/, ''),
    pollMs: Number(process.env.CONTENT_POLL_MS ?? 1000),
  });
  // Serve only once the published content is rendered with this build (after a redeploy, or a
  // restart with the API down): until then the edge keeps serving its last good copies.
  await renderer.start();
  const server = createRemoteApp({ distDir, renderer }).listen(ports[name], () => {
    console.log(`remote "${name}" serving ${distDir} on :${ports[name]} (${renderer.status().serving} content)`);
  });
  renderer.run();
  const stop = () => {
    renderer.stop();
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
