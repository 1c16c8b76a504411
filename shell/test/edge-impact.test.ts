/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { edgeCounting } from '../server/impact';

interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** A stand-in API that records the counting calls; `slow` holds each answer back. */
async function fakeApi(slowMs = 0) {
  const received: Received[] = [];
  const state = { answered: 0 };
  const server = http.createServer((req, res) => {
    received.push({ path: req.url ?? '', headers: req.headers });
    setTimeout(() => {
      state.answered += 1;
      res.writeHead(204).end();
    }, slowMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, state, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function edge(apiOrigin: string, enabled = true) {
  const counting = edgeCounting(apiOrigin, enabled);
  const app = express();
  app.use('/assets/content/', counting.downloads, (_req, res) => res.type('application/zip').send('zip'));
  app.get(/.*/, (req, res) =>
    counting.pages(req, res, () => (req.path === '/missing' ? res.status(404).send('no') : res.send('<p>page</p>'))),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const eventually = async (check: () => void) => {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
};

describe('the node edge counts pages and the zip after answering (issue 40)', () => {
  const servers: http.Server[] = [];
  afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

  it("reports a served page with the visitor's headers, the zip once, and nothing for a 404", async () => {
    const api = await fakeApi();
    const site = await edge(api.origin);
    servers.push(api.server, site.server);
    await fetch(`${site.origin}/scorecard?utm_source=x`, {
      headers: { 'User-Agent': 'Browser/1', Referer: 'https://example.com/', 'Sec-GPC': '1', Cookie: 'a=b' },
    });
    await fetch(`${site.origin}/missing`);
    await fetch(`${site.origin}/assets/content/scorecard.zip`);
    await fetch(`${site.origin}/assets/content/logo.png`);
    await eventually(() => expect(api.received).toHaveLength(2));
    const [view, download] = api.received;
    expect(view!.path).toBe('/api/impact/view');
    expect(view!.headers).toMatchObject({
      'x-impact-page': '/scorecard?utm_source=x',
      'user-agent': 'Browser/1',
      referer: 'https://example.com/',
      'sec-gpc': '1',
      'x-forwarded-for': '127.0.0.1',
    });
    // Nothing the API does not need: no cookie.
    expect(view!.headers.cookie).toBeUndefined();
    expect(download!.path).toBe('/api/impact/download');
  });

  it('answers the visitor without waiting for the API, and counts nothing when switched off', async () => {
    const slow = await fakeApi(1500);
    const site = await edge(slow.origin);
    const off = await fakeApi();
    const quiet = await edge(off.origin, false);
    servers.push(slow.server, site.server, off.server, quiet.server);
    expect((await fetch(`${site.origin}/`)).status).toBe(200);
    // The page was answered while the API still held its answer back.
    await eventually(() => expect(slow.received).toHaveLength(1));
    expect(slow.state.answered).toBe(0);
    await fetch(`${quiet.origin}/`);
    expect(off.received).toHaveLength(0);
  });
});
