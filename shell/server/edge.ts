// The edge: one origin for the whole site. It serves the shell, hands /mfe/<name>/ to each
// remote's own server, /assets/content/ to the scorecard deployment and /api/ to the API, and
// answers page requests with one composed document (shell chrome + the owning remote's
// prerendered page); see pages.ts.
import path from 'node:path';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { ports, REMOTE_NAMES } from '@wpc/shared/ports';
import { FEED_SOURCES } from '@wpc/shared/updates/archive';
import { staticAssets } from '@wpc/shared/server/static-assets.cjs';
import { useSiteHeaders } from '@wpc/shared/server/security-headers.cjs';
import { robotsTxt, sitemapXml } from './discovery';
import { formPages } from './form-pages';
import { updatePages } from './update-pages';
import { edgeCounting } from './impact';
import { createPageHandler } from './pages';
import { remoteOrigins } from './remote-pages';

const dist = path.resolve(__dirname, '../dist');
const remotesFile = process.env.REMOTES_FILE ? path.resolve(process.env.REMOTES_FILE) : path.join(dist, 'remotes.json');
const origins = remoteOrigins();
/** Where the edge reaches the API: API_ORIGIN (the page composer's container), or its local port. */
const apiOrigin = process.env.API_ORIGIN ?? `http://127.0.0.1:${ports.api}`;

const app = express();
// Pages replace the policy with their own (page-response.ts).
useSiteHeaders(app);

app.get('/remotes.json', (_req, res) => {
  res.set('Cache-Control', 'no-cache');
  res.sendFile(remotesFile);
});

for (const name of REMOTE_NAMES) {
  app.use(`/mfe/${name}`, createProxyMiddleware({ target: origins[name] }));
}
// Page views and zips served are counted after they are sent, in a batch a second (impact.ts).
const counting = edgeCounting(apiOrigin);
app.use('/assets/content/', counting.downloads);
app.use(createProxyMiddleware({ pathFilter: '/assets/content/', target: origins.scorecard }));
app.use(createProxyMiddleware({ pathFilter: '/api/', target: apiOrigin, xfwd: true }));
// The updates pages' forms posted without scripts go to their address (the token is in its
// query); the API's calls of the same name answer them with a redirect to the page that says so.
app.use(
  createProxyMiddleware({
    pathFilter: (pathname, req) => req.method === 'POST' && /^\/updates\/(confirm|preferences)$/.test(pathname),
    pathRewrite: { '^/updates/': '/api/updates/' },
    target: apiOrigin,
    xfwd: true,
  }),
);

// The Atom feeds are written by the API (it holds the updates and the press releases).
app.use(
  createProxyMiddleware({
    pathFilter: (pathname, req) => ['GET', 'HEAD'].includes(req.method ?? '') && Object.hasOwn(FEED_SOURCES, pathname),
    pathRewrite: (pathname) => FEED_SOURCES[pathname.split('?')[0] as keyof typeof FEED_SOURCES],
    target: apiOrigin,
    xfwd: true,
  }),
);

const assets = staticAssets(dist);
// The shell's prerendered documents are the composer's input, not pages of their own (as in edge.conf).
app.use((req, res, next) => (req.path.startsWith('/ssr/') ? next() : assets(req, res, next)));

// Drafts' previews ask the API which area a token's draft belongs to.
const contentApiOrigin = (process.env.CONTENT_API_ORIGIN ?? `http://127.0.0.1:${ports.api}`).replace(/\/+$/, '');
const { sendPage, sendNotFound, sendPreview, warm, sitemapEntries, origin } = createPageHandler({
  dist,
  remotesFile,
  origins,
  contentApiOrigin,
});
// Each form as a page of its own, and where it posts without scripts (form-pages.ts).
app.use(formPages({ dist, remotesFile, apiOrigin, origin, apiBase: process.env.WPC_API_BASE ?? '' }));
// The archive of sent updates, read from the API on each request (update-pages.ts).
const updates = updatePages({
  dist,
  remotesFile,
  apiOrigin,
  origin,
  apiBase: process.env.WPC_API_BASE ?? '',
  sendNotFound,
});
app.use(updates.router);

app.get('/robots.txt', (_req, res) => {
  res.set('Cache-Control', 'no-cache').type('text/plain').send(robotsTxt(origin));
});
app.get('/sitemap.xml', (_req, res, next) => {
  Promise.all([sitemapEntries(), updates.sitemapEntries()])
    .then(([pages, archive]) =>
      res
        .set('Cache-Control', 'no-cache')
        .type('application/xml')
        .send(sitemapXml(origin, [...pages, ...archive])),
    )
    .catch(next);
});

// A draft in its page, rendered by its area (preview.ts); before /team's own page, which owns the path.
app.get('/team/preview/:token', (req, res, next) => {
  sendPreview(req, res, req.params.token).catch(next);
});

// Every other GET that takes HTML is a page.
app.get(/.*/, (req, res, next) => {
  if (!req.accepts('html')) return next();
  counting.pages(req, res, () => sendPage(req, res).catch(next));
});

// Answered here rather than by Express's default handler, which replaces the headers' policy.
app.use((_req, res) => {
  res.status(404).type('text/plain').send('Not found');
});
app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
  console.error('The edge could not answer a request', error);
  if (!res.headersSent) res.status(500).type('text/plain').send('The site could not answer this request.');
});

const server = app.listen(ports.edge, () => {
  console.log(`Site ready at http://localhost:${ports.edge}`);
  warm().catch((error: unknown) => console.warn('Could not read the remotes while starting', error));
});

// The counts noted since the last batch are sent once the last answer is (impact.ts).
function shutdown() {
  server.close(() => {
    counting.close().finally(() => process.exit(0));
  });
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
