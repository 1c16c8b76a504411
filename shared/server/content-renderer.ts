/**
 * A remote's run-time renderer (issue 28, ARCHITECTURE §14). It asks the API for its area's
 * published content about once a second (a conditional GET: 304 while nothing changed) and, when
 * the revision changes, renders again the pages whose data changed, with the same Node bundle of
 * the same components that the build prerendered (dist-server/render.cjs), into the same files
 * the edge already asks the remote for (ssr/<route>.html, .json, .data.json, and ssr/_pages.json).
 *
 * It keeps the last published answer and its rendering on disk (stateDir): a remote restarted
 * while the API is down serves the last published version, and a remote redeployed renders that
 * version with its new build before it serves. Until the area has published content (no answer
 * yet, or none published) the build's own seed pages in dist/ssr are served. An entry the area's
 * declaration refuses is logged (type, id and the fields at fault, never their values) and left
 * out; the rest of the area keeps rendering.
 *
 * While a published entry switches the public reach line on (issue 40), it also asks the API for
 * the site's figures (the line's N) with each new revision and once a day (figuresRefreshMs), and
 * renders again the pages whose data they change:
 * the line is refreshed daily without a build or a publish. Unanswered, the last figures stay.
 *
 * This module is the poll and its state; content-render.ts renders, content-preview.ts previews.
 */
import fs from 'node:fs';
import path from 'node:path';
import { publishedContentPath, readPublishedContent } from '../src/content-contract';
import type { SiteFigures } from '../src/content-model/pages';
import { PUBLIC_REACH_PATH, publicReachSchema } from '../src/team/impact-schemas';
import { showsReachLine } from '../src/reach-line';
import type { AreaServer } from '../src/area/area-server';
import type { ContentArea } from '../src/content-model/declare';
import { previewDraft, type PreviewAnswer, type PreviewSource } from './content-preview';
import {
  AreaRendering,
  readJson,
  writeAtomic,
  type Logger,
  type PublishedAnswer,
  type RenderingOptions,
  type RenderResult,
} from './content-render';

export type { LogLevel, Logger, RenderResult } from './content-render';
export type { PreviewAnswer, PreviewResult } from './content-preview';

export interface ContentRendererOptions {
  readonly area: ContentArea;
  /** The remote's package: its illustrations (share images) are read from here. */
  readonly packageDir: string;
  /** The remote's dist/ (its build's seed pages, and what the renderer renders for). */
  readonly distDir: string;
  /** The remote's dist-server/: its Node bundle and route-assets.json. */
  readonly serverBuildDir: string;
  /** Where the last published content and its rendering are kept. */
  readonly stateDir: string;
  /** Where the API answers /api/content/... */
  readonly apiOrigin: string;
  readonly pollMs?: number;
  /** How long one request to the API may take. */
  readonly requestTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** How long the site figures are kept before they are asked for again: a day unless a test says. */
  readonly figuresRefreshMs?: number;
  /** Times the figures' refresh (milliseconds since the epoch); tests move it. */
  readonly clock?: () => number;
  readonly log?: Logger;
  /** The Node bundle; by default dist-server/render.cjs. */
  readonly loadBundle?: () => AreaServer;
  readonly drawShareImage?: RenderingOptions['drawShareImage'];
  readonly siteName?: string;
}

type ApiState = 'unknown' | 'up' | 'down' | 'no-endpoint';

const DAY_MS = 86_400_000;
const sameFigures = (a: SiteFigures | undefined, b: SiteFigures | undefined) =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

const consoleLog: Logger = (level, message, fields) => {
  const line = `${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;
  if (level === 'info') console.log(line);
  else if (level === 'warn') console.warn(line);
  else console.error(line);
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ContentRenderer {
  private readonly area: ContentArea;
  private readonly distDir: string;
  private readonly stateDir: string;
  private readonly pollMs: number;
  private readonly log: Logger;
  private readonly source: PreviewSource;
  private readonly publishedFile: string;
  private readonly rendering: AreaRendering;
  private readonly figuresRefreshMs: number;
  private readonly clock: () => number;
  private figuresAskedAt = Number.NEGATIVE_INFINITY;
  private published: PublishedAnswer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private apiState: ApiState = 'unknown';

  constructor(options: ContentRendererOptions) {
    const { area, apiOrigin, pollMs = 1000, requestTimeoutMs = 3000, log = consoleLog } = options;
    this.area = area;
    this.distDir = options.distDir;
    this.stateDir = options.stateDir;
    this.pollMs = pollMs;
    this.log = log;
    this.source = { area, apiOrigin, requestTimeoutMs, fetch: options.fetch ?? fetch };
    this.publishedFile = path.join(options.stateDir, 'published.json');
    this.published = readJson<PublishedAnswer>(this.publishedFile);
    this.rendering = new AreaRendering({ ...options, log });
    this.figuresRefreshMs = options.figuresRefreshMs ?? DAY_MS;
    this.clock = options.clock ?? Date.now;
  }

  private setApiState(next: ApiState, fields?: Record<string, unknown>) {
    if (next === this.apiState) return;
    this.apiState = next;
    const { area, log } = this;
    if (next === 'up') log('info', `${area}: the content API answers`, { apiOrigin: this.source.apiOrigin });
    else if (next === 'down')
      log('warn', `${area}: the content API cannot be reached; serving the last published pages`, fields);
    else if (next === 'no-endpoint')
      log('warn', `${area}: the API has no published content endpoint yet; serving the build's seed`, fields);
  }

  /** Back to the build's seed pages: the area has no published content. */
  private clear() {
    this.rendering.clear();
    fs.rmSync(this.publishedFile, { force: true });
    this.published = undefined;
  }

  /** The API's answer when it has a new one (200), else undefined after noting the API's state. */
  private async fetchPublished(): Promise<Response | undefined> {
    let response: Response;
    try {
      response = await this.source.fetch(`${this.source.apiOrigin}${publishedContentPath(this.area)}`, {
        headers: this.published?.etag ? { 'If-None-Match': this.published.etag } : {},
        signal: AbortSignal.timeout(this.source.requestTimeoutMs),
      });
    } catch (error) {
      this.setApiState('down', { reason: reasonOf(error) });
      return undefined;
    }
    if (response.status === 304) this.setApiState('up');
    else if (response.status === 404) this.setApiState('no-endpoint', { status: 404 });
    else if (!response.ok) this.setApiState('down', { status: response.status });
    else {
      this.setApiState('up');
      return response;
    }
    return undefined;
  }

  /** The site figures as the API gives them now; undefined when it gives none (an outage, an older API). */
  private async fetchFigures(): Promise<SiteFigures | undefined> {
    this.figuresAskedAt = this.clock();
    try {
      const response = await this.source.fetch(`${this.source.apiOrigin}${PUBLIC_REACH_PATH}`, {
        signal: AbortSignal.timeout(this.source.requestTimeoutMs),
      });
      if (!response.ok) return undefined;
      const reach = publicReachSchema.safeParse(await response.json());
      return reach.success ? { reachRegions: reach.data.regions } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Once a day (with the content unchanged): new figures render the pages that show them. */
  private async refreshFigures(): Promise<RenderResult | undefined> {
    const { published } = this;
    if (!published || !showsReachLine(published.entries) || this.clock() - this.figuresAskedAt < this.figuresRefreshMs)
      return undefined;
    const figures = await this.fetchFigures();
    return figures ? this.take({ ...published, figures }) : undefined;
  }

  /**
   * One conditional GET; renders when the revision changed, or when the day's figures did.
   * Resolves with what it rendered, if anything.
   */
  async poll(): Promise<RenderResult | undefined> {
    const rebuilt = await this.rendering.reloadIfRebuilt(this.published);
    const response = await this.fetchPublished();
    if (!response) return rebuilt ?? (this.apiState === 'up' ? this.refreshFigures() : undefined);
    const { area, log } = this;
    let answer: ReturnType<typeof readPublishedContent>;
    try {
      answer = readPublishedContent(await response.json());
    } catch (error) {
      log('error', `${area}: the published content could not be read; keeping the last version`, {
        reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
      });
      return undefined;
    }
    for (const entry of answer.malformed)
      log('warn', `${area}: a published entry is malformed and left out`, {
        index: entry.index,
        id: entry.id,
        type: entry.type,
      });
    const etag = response.headers.get('etag') ?? undefined;
    if (answer.content.area !== area) {
      log('error', `${area}: the API answered for another area; ignored`, { area: answer.content.area });
      return undefined;
    }
    const { entries } = answer.content;
    const asked = showsReachLine(entries) ? await this.fetchFigures() : undefined;
    const figures = asked ?? this.published?.figures;
    return this.take({ revision: answer.content.revision, etag, entries, figures });
  }

  /** Takes a published answer: nothing published, the same revision, or a new one to render. */
  private async take(next: PublishedAnswer): Promise<RenderResult | undefined> {
    const { published } = this;
    if (next.entries.length === 0) {
      if (published) this.log('info', `${this.area}: nothing is published; serving the build's seed`);
      this.clear();
      return undefined;
    }
    if (
      published &&
      published.revision === next.revision &&
      sameFigures(published.figures, next.figures) &&
      this.rendering.serves(published)
    ) {
      this.published = { ...published, etag: next.etag };
      return undefined;
    }
    const result = await this.rendering.render(next);
    this.published = next;
    writeAtomic(this.publishedFile, JSON.stringify(next));
    this.log('info', `${this.area}: rendered revision ${result.revision}`, { ...result });
    return result;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.poll()
        .catch((error: unknown) =>
          this.log('error', `${this.area}: rendering failed; keeping the last version`, { error: String(error) }),
        )
        .finally(() => this.schedule());
    }, this.pollMs);
  }

  /**
   * Loads the build and, when published content is on disk (an earlier run's), renders it with
   * this build if it was rendered with another; then asks the API once. Resolves once the remote
   * can serve: with the published pages when there are any.
   */
  async start(): Promise<void> {
    const { area, log, rendering, published } = this;
    if (!rendering.loadBuild()) {
      log('warn', `${area}: no server build in ${rendering.options.serverBuildDir}; serving the build's pages only`);
      return;
    }
    if (published && published.entries.length > 0) {
      if (!rendering.serves(published) || rendering.rendered?.revision !== published.revision) {
        const result = await rendering.render(published);
        log('info', `${area}: rendered the last published revision with this build`, { ...result });
      } else {
        rendering.content = rendering.buildContent(published).content;
      }
    }
    await this.poll().catch((error: unknown) =>
      log('error', `${area}: the first poll failed`, { error: String(error) }),
    );
  }

  /** Polls about every pollMs until stopped. */
  run(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** The folder the remote answers ssr/ from: the published rendering, or the build's seed pages. */
  ssrRoot(): string {
    return this.rendering.serves(this.published) ? this.rendering.ssrDir : path.join(this.distDir, 'ssr');
  }

  /** Where drawn share images are, besides dist/share. */
  shareRoot(): string {
    return this.stateDir;
  }

  status() {
    const serving = this.rendering.serves(this.published);
    return {
      area: this.area,
      api: this.apiState,
      serving: serving ? ('published' as const) : ('seed' as const),
      revision: serving ? this.published!.revision : 'seed',
      buildId: this.rendering.assetsFile?.buildId,
      // What the console can show the team: entries left out, by id and field, never their values.
      refused: serving ? this.rendering.lastRefused : [],
    };
  }

  /**
   * A draft, by its preview token, rendered in its page among the published content (the seed
   * before there is any): for the edge's /team/preview/<token>. Never stored, never cached.
   */
  preview(token: string): Promise<PreviewAnswer> {
    return previewDraft(this.rendering, this.source, token);
  }
}

export function createContentRenderer(options: ContentRendererOptions): ContentRenderer {
  return new ContentRenderer(options);
}
