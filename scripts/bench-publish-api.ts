/**
 * The real API for `npm run bench:publish` (issue 28, part B): run in this process on API_PORT over
 * an embedded store of its own (or MongoDB when MONGODB_URI is set, in a database of its own),
 * with the areas' seeds loaded from the remotes. A publish goes through the editor's routes as
 * the console sends it (save the draft, then publish); loading a thousand releases goes straight
 * to the records, as a seed would.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { contentService } from '../api/src/content/service';
import type { Mailer } from '../api/src/mail/transport';
import { DEFAULT_SMTP_TIMEOUTS } from '../api/src/mail/timeouts';
import { EmbeddedStore, MongoStore, type Store } from '../api/src/store';
import type { ContentArea } from '../shared/src/content-model/declare';
import type { EditorEntry } from '../shared/src/team/content-schemas';

export interface BenchEntry {
  readonly type: string;
  readonly id: string;
  readonly slug: string;
  readonly data: Record<string, unknown>;
}

const ADMIN = 'bench.admin@consortium.test';

export class BenchApi {
  private cookie = '';
  private csrf = '';
  private readonly versions = new Map<string, number>();

  private constructor(
    private readonly store: Store,
    private readonly server: http.Server,
    private readonly dataDir: string | undefined,
    private readonly links: string[],
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  static async start(port: number): Promise<BenchApi> {
    const dataDir = process.env.MONGODB_URI ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-bench-api-'));
    const store: Store = dataDir
      ? new EmbeddedStore(dataDir)
      : new MongoStore({
          uri: process.env.MONGODB_URI!,
          dbName: `wpc_bench_${randomBytes(4).toString('hex')}`,
          serverSelectionTimeoutMS: 5000,
        });
    await store.init();
    const links: string[] = [];
    const mailer: Mailer = {
      async send(mail) {
        links.push(mail.text);
        return { messageId: 'bench', accepted: [...mail.to], rejected: [], response: '250 bench' } as never;
      },
      close() {},
      timeouts: DEFAULT_SMTP_TIMEOUTS,
    };
    const config = loadConfig({
      // The API runs as in production, which needs an origin for its links; the bench reads only
      // the sign-in link's token, from the mailer above.
      SITE_ORIGIN: `http://127.0.0.1:${port}`,
      // ...over plain http on this machine, on purpose: no email leaves it.
      ALLOW_HTTP_SITE_ORIGIN: '1',
      ...process.env,
      TEAM_EMAILS: ADMIN,
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'silent',
    });
    const app = createApp({ store, config, mailer, logger: pino({ level: 'silent' }) });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    const api = new BenchApi(store, server, dataDir, links);
    await api.signIn();
    return api;
  }

  /** Loads every area's seed from its remote (the remotes must be up). */
  async loadSeeds(areas: readonly ContentArea[]): Promise<void> {
    const { publishing } = contentService({ store: this.store });
    for (const area of areas) await publishing.loadSeed(area);
  }

  private async call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.origin}/api/team${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: this.cookie, 'X-CSRF-Token': this.csrf },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as T & { error?: string; fields?: unknown };
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${answer.error} ${JSON.stringify(answer.fields)}`);
    return answer;
  }

  private async signIn() {
    await fetch(`${this.origin}/api/team/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN }),
    });
    // The API answers 202 before it sends the link (so every address takes the same time): wait for it.
    const started = Date.now();
    while (this.links.length === 0 && Date.now() - started < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(this.links.at(-1) ?? '')?.[1];
    if (!token) throw new Error('the API sent no sign-in link within 30 s');
    const response = await fetch(`${this.origin}/api/team/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    this.cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    this.csrf = ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** Saves the entry's draft and publishes it, as the editor does (the entry is made first when new). */
  async publish(area: ContentArea, entry: BenchEntry): Promise<void> {
    let version = this.versions.get(entry.id);
    if (version === undefined) {
      const found = await this.store.contentEntries.find(area, entry.id);
      if (!found) await this.store.contentEntries.create(this.draft(area, entry), 'create');
      version = (await this.store.contentEntries.find(area, entry.id))!.version;
    }
    const saved = await this.call<{ entry: EditorEntry }>('POST', `/content/${area}/entries/${entry.id}`, {
      version,
      slug: entry.slug,
      data: entry.data,
    });
    const done = await this.call<{ entry: EditorEntry }>('POST', `/content/${area}/entries/${entry.id}/publish`, {
      version: saved.entry.version,
    });
    this.versions.set(entry.id, done.entry.version);
  }

  /** Adds entries as published, straight to the records (a thousand releases at once), one new revision. */
  async load(area: ContentArea, entries: readonly BenchEntry[]): Promise<string> {
    const now = new Date();
    for (const entry of entries) {
      const published = { slug: entry.slug, data: entry.data, publishedAt: now, updatedAt: now, version: 1 };
      await this.store.contentEntries.create({ ...this.draft(area, entry), published }, 'seed');
    }
    return this.store.contentRevisions.bump(area);
  }

  private draft(area: ContentArea, entry: BenchEntry) {
    const now = new Date();
    return {
      area,
      type: entry.type,
      id: entry.id,
      draft: { slug: entry.slug, data: entry.data },
      version: 1,
      published: null,
      scheduled: null,
      createdAt: now,
      createdBy: ADMIN,
      updatedAt: now,
      updatedBy: ADMIN,
    };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.store instanceof MongoStore) await this.store.dropDatabase();
    await this.store.close();
    if (this.dataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
