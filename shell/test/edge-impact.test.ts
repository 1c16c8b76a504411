/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { EDGE_BATCH_PATH, type EdgeRecord } from '@wpc/shared/team/impact-schemas';
import { edgeCounting } from '../server/impact';

interface Received {
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly records: EdgeRecord[];
}

/** A stand-in API that records the batches; `answer` picks each call's status (and how late). */
async function fakeApi(answer: (call: number) => { status: number; afterMs?: number } = () => ({ status: 204 })) {
  const received: Received[] = [];
  const state = { answered: 0 };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { records } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { records: EdgeRecord[] };
    received.push({ path: req.url ?? '', headers: req.headers, records });
    const { status, afterMs = 0 } = answer(received.length);
    setTimeout(() => {
      state.answered += 1;
      res.writeHead(status).end();
    }, afterMs);
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
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, counting };
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

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36';

describe('the node edge counts pages and the zip after answering, in one batch a second (issue 40)', () => {
  const servers: http.Server[] = [];
  afterEach(() =>
    Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    ),
  );

  it("sends the pages served and the zip in one batch, with what the API needs of the visitor's headers", async () => {
    const api = await fakeApi();
    const site = await edge(api.origin);
    servers.push(api.server, site.server);
    await fetch(`${site.origin}/scorecard?utm_source=x`, {
      headers: { 'User-Agent': BROWSER, Referer: 'https://example.com/', 'Sec-GPC': '1', Cookie: 'a=b' },
    });
    await fetch(`${site.origin}/about`, {
      headers: { 'User-Agent': BROWSER, DNT: '1', 'X-Forwarded-For': '198.51.100.7' },
    });
    await fetch(`${site.origin}/`, { headers: { 'User-Agent': BROWSER } });
    await fetch(`${site.origin}/missing`);
    await fetch(`${site.origin}/assets/content/scorecard.zip`, { headers: { 'User-Agent': BROWSER } });
    await fetch(`${site.origin}/assets/content/logo.png`);
    await eventually(() => expect(api.received).toHaveLength(1));
    const [batch] = api.received;
    expect(batch!.path).toBe(EDGE_BATCH_PATH);
    // Three pages answered 200 and the zip; not the 404, not the image.
    expect(batch!.records).toEqual([
      {
        type: 'view',
        page: '/scorecard?utm_source=x',
        referrer: 'https://example.com/',
        optedOut: true,
        userAgent: BROWSER,
        forwardedFor: ['127.0.0.1'],
      },
      { type: 'view', page: '/about', optedOut: true, userAgent: BROWSER, forwardedFor: ['198.51.100.7', '127.0.0.1'] },
      { type: 'view', page: '/', optedOut: false, userAgent: BROWSER, forwardedFor: ['127.0.0.1'] },
      { type: 'download', userAgent: BROWSER, forwardedFor: ['127.0.0.1'] },
    ]);
    // Nothing the API does not need: no cookie anywhere.
    expect(JSON.stringify(batch)).not.toContain('a=b');
  });

  it('answers a request line that names no path of the site as usual, and notes nothing for it', async () => {
    const api = await fakeApi();
    const site = await edge(api.origin);
    servers.push(api.server, site.server);
    // "//" is no URL at all to the parser, "//evil.example/x" another host's path.
    for (const line of ['//', '//evil.example/scorecard'])
      expect((await fetch(`${site.origin}${line}`, { headers: { 'User-Agent': BROWSER } })).status).toBe(200);
    await fetch(`${site.origin}/`, { headers: { 'User-Agent': BROWSER } });
    await eventually(() => expect(api.received).toHaveLength(1));
    expect(api.received[0]!.records.map((record) => record.type === 'view' && record.page)).toEqual(['/']);
  });

  it('answers the visitor without waiting for the API, and counts nothing when switched off', async () => {
    const slow = await fakeApi(() => ({ status: 204, afterMs: 1500 }));
    const site = await edge(slow.origin);
    const off = await fakeApi();
    const quiet = await edge(off.origin, false);
    servers.push(slow.server, site.server, off.server, quiet.server);
    expect((await fetch(`${site.origin}/`)).status).toBe(200);
    // The page was answered, and its batch sent, while the API still held its answer back.
    await eventually(() => expect(slow.received).toHaveLength(1));
    expect(slow.state.answered).toBe(0);
    await site.counting.close();
    await fetch(`${quiet.origin}/`);
    await quiet.counting.close();
    expect(off.received).toHaveLength(0);
  });

  it('sends what it noted when closed, without waiting for the second, and the call is done when close is', async () => {
    const api = await fakeApi(() => ({ status: 204, afterMs: 200 }));
    const site = await edge(api.origin);
    servers.push(api.server, site.server);
    await fetch(`${site.origin}/scorecard`, { headers: { 'User-Agent': BROWSER } });
    await fetch(`${site.origin}/about`, { headers: { 'User-Agent': BROWSER } });
    const started = Date.now();
    await site.counting.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(api.received.map((call) => call.records.map((record) => record.type === 'view' && record.page))).toEqual([
      ['/scorecard', '/about'],
    ]);
    expect(api.state.answered).toBe(1);
  });

  it('never sends a batch twice: one the API refused or did not answer in time is not in the next', async () => {
    // The first call fails; the second is answered.
    const api = await fakeApi((call) => ({ status: call === 1 ? 503 : 204 }));
    const site = await edge(api.origin);
    servers.push(api.server, site.server);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await fetch(`${site.origin}/scorecard`, { headers: { 'User-Agent': BROWSER } });
      await eventually(() => expect(api.state.answered).toBe(1));
      await fetch(`${site.origin}/about`, { headers: { 'User-Agent': BROWSER } });
      await site.counting.close();
      expect(api.received.map((call) => call.records.map((record) => record.type === 'view' && record.page))).toEqual([
        ['/scorecard'],
        ['/about'],
      ]);
      // Said without naming the visitor.
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('503'));
      expect(JSON.stringify(warn.mock.calls)).not.toContain('127.0.0.1');
    } finally {
      warn.mockRestore();
    }
  });
});
