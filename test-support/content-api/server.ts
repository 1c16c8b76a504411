/**
 * A fake of the API's publishing side (issue 28, part B), speaking the contract of
 * @wpc/shared/content-contract exactly: published content per area with its revision as ETag (304
 * on If-None-Match), and drafts by preview token. It stands in for the real API in the renderer's
 * tests, the end-to-end tests and `npm run bench:publish` until part B lands; tests drive it
 * in-process or, as a process (cli.ts), over its control port. It can be stopped and started
 * again on the same port, as an API outage.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  revisionEtag,
  type PreviewEntry,
  type PublishedContent,
  type PublishedEntry,
} from '../../shared/src/content-contract';
import { CONTENT_AREAS, type ContentArea } from '../../shared/src/content-model/declare';

export type EntryInput = Omit<PublishedEntry, 'publishedAt' | 'updatedAt'> &
  Partial<Pick<PublishedEntry, 'publishedAt' | 'updatedAt'>>;

interface AreaState {
  revision: number;
  readonly entries: Map<string, PublishedEntry>;
}

/** Each remote's seed, as its build wrote it (dist/content-seed.json): what the API loads once. */
export function readBuiltSeed(area: ContentArea, root = path.resolve(__dirname, '../..')): PublishedEntry[] {
  const file = path.join(root, `mfe-${area}`, 'dist', 'content-seed.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PublishedEntry[];
}

export class FakeContentApi {
  private readonly areas = new Map<ContentArea, AreaState>(
    CONTENT_AREAS.map((area) => [area, { revision: 0, entries: new Map() }]),
  );
  private readonly previews = new Map<string, PreviewEntry>();
  private readonly epoch = Date.now().toString(36);
  private server: http.Server | undefined;
  private port: number;
  /** Requests for published content, by area: how often the remotes ask. */
  readonly requests = new Map<ContentArea, number>();

  constructor({ port = 0 }: { readonly port?: number } = {}) {
    this.port = port;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = http.createServer((req, res) => this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening, as an API that is down: connections are refused. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Replaces an area's published entries at once (the API's seed load), a new revision. */
  load(area: ContentArea, entries: readonly EntryInput[]): string {
    const state = this.areas.get(area)!;
    state.entries.clear();
    for (const entry of entries) state.entries.set(entry.id, this.stamp(entry));
    return this.bump(state);
  }

  /** Publishes (or republishes) one entry: a new revision of its area. */
  publish(area: ContentArea, entry: EntryInput): string {
    const state = this.areas.get(area)!;
    state.entries.set(entry.id, this.stamp(entry, state.entries.get(entry.id)));
    return this.bump(state);
  }

  /** Takes one entry down: a new revision of its area. */
  unpublish(area: ContentArea, id: string): string {
    const state = this.areas.get(area)!;
    state.entries.delete(id);
    return this.bump(state);
  }

  published(area: ContentArea): PublishedContent {
    const state = this.areas.get(area)!;
    return { area, revision: this.revisionOf(state), entries: [...state.entries.values()] };
  }

  /** A draft to preview; its token, as the API gives the console one. */
  preview(entry: PreviewEntry): string {
    const token = randomBytes(24).toString('base64url');
    this.previews.set(token, entry);
    return token;
  }

  private stamp(entry: EntryInput, previous?: PublishedEntry): PublishedEntry {
    const now = new Date().toISOString();
    return {
      ...entry,
      publishedAt: entry.publishedAt ?? previous?.publishedAt ?? now,
      updatedAt: entry.updatedAt ?? now,
    };
  }

  private bump(state: AreaState): string {
    state.revision += 1;
    return this.revisionOf(state);
  }

  /**
   * Revisions are never reused, across restarts of this fake too (as the real API's must not be):
   * a remote that kept "r1" from an earlier run must not take another run's "r1" for it.
   */
  private revisionOf(state: AreaState): string {
    return `${this.epoch}-${state.revision}`;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return json(405, { error: 'Only GET here.' });
    if (url.pathname === '/api/content/published') {
      const area = url.searchParams.get('area') as ContentArea;
      if (!this.areas.has(area)) return json(400, { error: 'Unknown area.' });
      this.requests.set(area, (this.requests.get(area) ?? 0) + 1);
      const content = this.published(area);
      const etag = revisionEtag(content.revision);
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-cache' });
        return res.end();
      }
      return json(200, content, { ETag: etag, 'Cache-Control': 'no-cache' });
    }
    const preview = /^\/api\/content\/preview\/([^/]+)$/.exec(url.pathname);
    if (preview) {
      const entry = this.previews.get(decodeURIComponent(preview[1]!));
      return entry
        ? json(200, entry, { 'Cache-Control': 'no-store' })
        : json(404, { error: 'No such preview.' }, { 'Cache-Control': 'no-store' });
    }
    return json(404, { error: 'Not found.' });
  }
}

/**
 * The fake over HTTP, for tests in other processes (Playwright): JSON in and out.
 *   GET  /health
 *   GET  /areas/<area>                 the published content
 *   POST /areas/<area>/entries         publish an entry (body: the entry)
 *   DELETE /areas/<area>/entries/<id>  unpublish it
 *   POST /areas/<area>/seed            load the built seed again
 *   POST /previews                     a draft (body: PreviewEntry) -> { token }
 *   POST /outage                       { "down": true } stops the content API, false starts it
 */
export async function startContentControl(api: FakeContentApi, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let body: unknown;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        return send(400, { error: 'Send JSON.' });
      }
      const url = new URL(req.url ?? '/', 'http://control');
      const [, first, area, second, id] = url.pathname.split('/') as (string | undefined)[];
      const known = CONTENT_AREAS.includes(area as ContentArea) ? (area as ContentArea) : undefined;
      void (async () => {
        if (req.method === 'GET' && first === 'health') return send(200, { ok: true, running: api.running });
        if (first === 'areas' && known) {
          if (req.method === 'GET' && !second) return send(200, api.published(known));
          if (req.method === 'POST' && second === 'entries')
            return send(200, { revision: api.publish(known, body as EntryInput) });
          if (req.method === 'DELETE' && second === 'entries' && id)
            return send(200, { revision: api.unpublish(known, decodeURIComponent(id)) });
          if (req.method === 'POST' && second === 'seed')
            return send(200, { revision: api.load(known, readBuiltSeed(known)) });
        }
        if (req.method === 'POST' && first === 'previews')
          return send(200, { token: api.preview(body as PreviewEntry) });
        if (req.method === 'POST' && first === 'outage') {
          if ((body as { down?: boolean })?.down) await api.stop();
          else await api.start();
          return send(200, { running: api.running });
        }
        return send(404, { error: 'Not found.' });
      })().catch((error: unknown) => send(500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return server;
}
