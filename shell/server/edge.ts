// The edge: one origin for the whole site. It serves the shell, hands /mfe/<name>/ to each
// remote's own server, /assets/content/ to the scorecard deployment and /api/ to the API.
import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { matchRoute } from '@wpc/shared/routes';
import { ports, REMOTE_NAMES } from '@wpc/shared/ports';
import { preferredEncoding, staticAssets } from '@wpc/shared/server/static-assets.cjs';

const dist = path.resolve(__dirname, '../dist');
const remotesFile = process.env.REMOTES_FILE ? path.resolve(process.env.REMOTES_FILE) : path.join(dist, 'remotes.json');
const upstream = (port: number) => `http://127.0.0.1:${port}`;

const app = express();
app.disable('x-powered-by');

app.get('/remotes.json', (_req, res) => {
  res.set('Cache-Control', 'no-cache');
  res.sendFile(remotesFile);
});

for (const name of REMOTE_NAMES) {
  app.use(`/mfe/${name}`, createProxyMiddleware({ target: upstream(ports[name as keyof typeof ports]) }));
}
app.use(createProxyMiddleware({ pathFilter: '/assets/content/', target: upstream(ports.scorecard) }));
app.use(createProxyMiddleware({ pathFilter: '/api/', target: upstream(ports.api), xfwd: true }));

app.use(staticAssets(dist));

/**
 * Every other GET is a page: the shell's HTML, with 404 for paths the route table does not know
 * so crawlers and monitors see the truth while visitors still get the shell's 404 page.
 */
async function sendShell(req: Request, res: Response) {
  const encoding = preferredEncoding(req);
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
  const html = await fs.readFile(path.join(dist, `index.html${suffix}`)).catch(() => null);
  const body = html ?? (await fs.readFile(path.join(dist, 'index.html')));
  res.status(matchRoute(req.path) ? 200 : 404);
  res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
  if (html && encoding) res.set('Content-Encoding', encoding);
  res.send(body);
}

app.get(/.*/, (req, res, next) => {
  if (!req.accepts('html')) return next();
  sendShell(req, res).catch(next);
});

const server = app.listen(ports.edge, () => {
  console.log(`Site ready at http://localhost:${ports.edge}`);
});

function shutdown() {
  server.close(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
