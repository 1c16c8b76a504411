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
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  contentPreviewPath,
  previewEntrySchema,
  publishedContentPath,
  readPublishedContent,
  type PublishedEntry,
} from '../src/content-contract';
import type { AreaContent, AreaServer, RefusedEntry, RenderedPage } from '../src/area/area-server';
import { builtAssetNames, seedImagesOfBuild } from './seed-images';
import type { ContentArea } from '../src/content-model/declare';
import type { BuiltPageMeta, PageMeta } from '../src/page-meta';
import type {
  RemotePageIndex,
  RemoteRouteAssets,
  RenderedPage as IndexedPage,
  RouteAssetsFile,
} from '../src/page-contract.cjs';

const require = createRequire(__filename);
const { fragmentFile, pageDataFile, routeFileName, PAGE_INDEX_FILE } =
  require('../src/page-contract.cjs') as typeof import('../src/page-contract.cjs');
const { renderShareImage, writeHashed, SHARE_IMAGE_SIZE } =
  require('../build/share-image.cjs') as typeof import('../build/share-image.cjs');

export type LogLevel = 'info' | 'warn' | 'error';
export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

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
  readonly log?: Logger;
  /** The Node bundle; by default dist-server/render.cjs. */
  readonly loadBundle?: () => AreaServer;
  readonly drawShareImage?: typeof renderShareImage;
  readonly siteName?: string;
}

/** The last published answer, as kept on disk. */
interface PublishedState {
  readonly revision: string;
  readonly etag: string | undefined;
  readonly entries: readonly PublishedEntry[];
}

/** What is rendered in stateDir/ssr, and for which build and revision. */
interface RenderedState {
  readonly buildId: string;
  readonly revision: string;
  /** Path -> the version of its rendering (a hash of its build, data and metadata). */
  readonly pages: Readonly<Record<string, string>>;
  /** A share image's inputs (hash) -> its file under stateDir, so a title drawn once is never drawn again. */
  readonly shareImages: Readonly<Record<string, string>>;
}

export interface RenderResult {
  readonly revision: string;
  /** Pages rendered anew. */
  readonly rendered: number;
  /** Pages whose data did not change, kept as they were. */
  readonly kept: number;
  /** Pages no longer published, removed. */
  readonly removed: number;
  readonly refused: number;
  readonly milliseconds: number;
}

export interface PreviewResult {
  readonly path: string;
  readonly assets: RemoteRouteAssets;
  readonly html: string;
}

export type PreviewAnswer =
  | { readonly kind: 'page'; readonly page: PreviewResult }
  | { readonly kind: 'refused'; readonly fields: readonly string[] }
  | { readonly kind: 'not-found' };

const consoleLog: Logger = (level, message, fields) => {
  const line = `${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`;
  if (level === 'info') console.log(line);
  else if (level === 'warn') console.warn(line);
  else console.error(line);
};

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed over: a reader sees the old file or the new one, never half of one. */
function writeAtomic(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

const hash = (...parts: string[]) => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('base64url');
};

export function createContentRenderer(options: ContentRendererOptions) {
  const {
    area,
    packageDir,
    distDir,
    serverBuildDir,
    stateDir,
    apiOrigin,
    pollMs = 1000,
    requestTimeoutMs = 3000,
    log = consoleLog,
    drawShareImage = renderShareImage,
    siteName = 'Wildfire Prevention Consortium',
  } = options;
  const fetchImpl = options.fetch ?? fetch;
  const ssrDir = path.join(stateDir, 'ssr');
  const publishedFile = path.join(stateDir, 'published.json');
  const renderedFile = path.join(stateDir, 'rendered.json');

  let bundle: AreaServer | undefined;
  let assetsFile: RouteAssetsFile | undefined;
  /** Published seed image addresses as the loaded build names the files (seed-images.ts). */
  let ofBuild = seedImagesOfBuild(area, new Map());
  let published = readJson<PublishedState>(publishedFile);
  let rendered = readJson<RenderedState>(renderedFile);
  let content: AreaContent | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let apiState: 'unknown' | 'up' | 'down' | 'no-endpoint' = 'unknown';
  let lastRefused: readonly RefusedEntry[] = [];

  const assetsPath = path.join(serverBuildDir, 'route-assets.json');
  let assetsSeen = { mtimeMs: -1, buildId: undefined as string | undefined };

  /** The build on disk now: a remote rebuilt under its running server (a local redeploy) is noticed. */
  function buildOnDisk(): string | undefined {
    try {
      const { mtimeMs } = fs.statSync(assetsPath);
      if (mtimeMs !== assetsSeen.mtimeMs)
        assetsSeen = { mtimeMs, buildId: readJson<RouteAssetsFile>(assetsPath)?.buildId };
    } catch {
      assetsSeen = { mtimeMs: -1, buildId: undefined };
    }
    return assetsSeen.buildId;
  }

  function loadBuild(): boolean {
    assetsFile = readJson<RouteAssetsFile>(assetsPath);
    if (!assetsFile) return false;
    ofBuild = seedImagesOfBuild(area, builtAssetNames(distDir));
    if (options.loadBundle) bundle = options.loadBundle();
    else {
      const file = require.resolve(path.join(serverBuildDir, 'render.cjs'));
      delete require.cache[file];
      bundle = require(file) as AreaServer;
    }
    return true;
  }

  /**
   * Whether stateDir/ssr holds a rendering of the published content by the build on disk (else the
   * build's own pages in dist/ssr serve, while a new build renders it).
   */
  const active = () =>
    Boolean(
      published &&
      rendered &&
      assetsFile &&
      rendered.buildId === assetsFile.buildId &&
      buildOnDisk() === assetsFile.buildId,
    );

  /** A new build on disk: load it, and render the published content with it. */
  async function reloadIfRebuilt(): Promise<RenderResult | undefined> {
    if (!assetsFile) return undefined;
    const onDisk = buildOnDisk();
    if (!onDisk || onDisk === assetsFile.buildId || !loadBuild()) return undefined;
    log('info', `${area}: a new build is on disk; rendering the published content with it`, { buildId: onDisk });
    return published && published.entries.length > 0 ? render(published) : undefined;
  }

  function buildContent(state: PublishedState): { content: AreaContent; refused: number } {
    const refused: RefusedEntry[] = [];
    const entries = state.entries.map(ofBuild);
    const built = bundle!.buildContent({ kind: 'published', revision: state.revision }, entries, (entry) => {
      refused.push(entry);
      log('warn', `${area}: a published entry does not fit its content type and is left out`, {
        type: entry.type,
        id: entry.id,
        fields: entry.fields,
      });
    });
    lastRefused = refused;
    return { content: built, refused: refused.length };
  }

  async function builtMeta(meta: PageMeta, name: string, shareImages: Record<string, string>): Promise<BuiltPageMeta> {
    const illustration = fs.readFileSync(path.join(packageDir, meta.shareImage.illustration), 'utf8');
    const key = hash(meta.title, siteName, illustration);
    let file = shareImages[key];
    if (!file || !fs.existsSync(path.join(stateDir, file))) {
      file = writeHashed(stateDir, name, await drawShareImage({ title: meta.title, siteName, illustration }));
      shareImages[key] = file;
    }
    return { ...meta, shareImage: { file, ...SHARE_IMAGE_SIZE, alt: meta.shareImage.alt } };
  }

  function assetsOf(route: string): RouteAssetsFile['routes'][string] {
    const files = assetsFile!.routes[route];
    if (!files) throw new Error(`${area}: the build lists no files for ${route}`);
    return files;
  }

  async function writePage(page: RenderedPage, version: string, shareImages: Record<string, string>) {
    const { buildId, remoteEntry } = assetsFile!;
    const base = path.join(ssrDir, routeFileName(page.path));
    const assets: RemoteRouteAssets = {
      buildId,
      remoteEntry,
      ...assetsOf(page.route),
      meta: await builtMeta(page.meta, routeFileName(page.path).replace(/\//g, '-'), shareImages),
      version,
    };
    if (page.data !== undefined)
      writeAtomic(`${base}.data.json`, pageDataFile(buildId, page.meta.title, page.data, version));
    writeAtomic(`${base}.html`, fragmentFile(buildId, page.html, version));
    // Last: the edge pairs the two by version, and the JSON is what names the new one.
    writeAtomic(`${base}.json`, `${JSON.stringify(assets, null, 2)}\n`);
  }

  function removePage(pagePath: string) {
    const base = path.join(ssrDir, routeFileName(pagePath));
    for (const suffix of ['.json', '.html', '.data.json']) fs.rmSync(`${base}${suffix}`, { force: true });
  }

  /**
   * Renders the pages of this content whose data or metadata changed since the last rendering of
   * the same build (all of them after a redeploy), writes the page index, and removes the pages
   * no longer published.
   */
  async function render(state: PublishedState): Promise<RenderResult> {
    const started = performance.now();
    const { buildId } = assetsFile!;
    const built = buildContent(state);
    const sameBuild = rendered?.buildId === buildId;
    const previous = sameBuild ? rendered!.pages : {};
    if (!sameBuild) fs.rmSync(ssrDir, { recursive: true, force: true });
    const shareImages = { ...(rendered?.shareImages ?? {}) };
    const pages: Record<string, string> = {};
    const index: IndexedPage[] = [];
    let renderedCount = 0;
    for (const { path: pagePath } of bundle!.pagePaths(built.content)) {
      const page = bundle!.pageFor(pagePath, built.content);
      if (!page) continue;
      const version = hash(buildId, pagePath, JSON.stringify(page.data) ?? '', JSON.stringify(page.meta)).slice(0, 16);
      pages[pagePath] = version;
      index.push({
        path: pagePath,
        lastModified: page.meta.lastModified,
        ...(page.meta.noindex ? { noindex: true } : {}),
      });
      if (previous[pagePath] === version && fs.existsSync(path.join(ssrDir, `${routeFileName(pagePath)}.json`)))
        continue;
      const output = await bundle!.renderPage(pagePath, built.content);
      if (!output) continue;
      await writePage(output, version, shareImages);
      renderedCount += 1;
    }
    const removed = Object.keys(previous).filter((pagePath) => !(pagePath in pages));
    for (const pagePath of removed) removePage(pagePath);
    const pageIndex: RemotePageIndex = { buildId, revision: state.revision, pages: index };
    writeAtomic(path.join(ssrDir, PAGE_INDEX_FILE), `${JSON.stringify(pageIndex, null, 2)}\n`);
    rendered = { buildId, revision: state.revision, pages, shareImages };
    writeAtomic(renderedFile, JSON.stringify(rendered));
    content = built.content;
    return {
      revision: state.revision,
      rendered: renderedCount,
      kept: Object.keys(pages).length - renderedCount,
      removed: removed.length,
      refused: built.refused,
      milliseconds: Math.round(performance.now() - started),
    };
  }

  /** Back to the build's seed pages: the area has no published content. */
  function clear() {
    fs.rmSync(ssrDir, { recursive: true, force: true });
    fs.rmSync(publishedFile, { force: true });
    fs.rmSync(renderedFile, { force: true });
    published = undefined;
    rendered = undefined;
    content = undefined;
  }

  function setApiState(next: typeof apiState, fields?: Record<string, unknown>) {
    if (next === apiState) return;
    apiState = next;
    if (next === 'up') log('info', `${area}: the content API answers`, { apiOrigin });
    else if (next === 'down')
      log('warn', `${area}: the content API cannot be reached; serving the last published pages`, fields);
    else if (next === 'no-endpoint')
      log('warn', `${area}: the API has no published content endpoint yet; serving the build's seed`, fields);
  }

  /** One conditional GET; renders when the revision changed. Resolves with what it rendered, if anything. */
  async function poll(): Promise<RenderResult | undefined> {
    const rebuilt = await reloadIfRebuilt();
    let response: Response;
    try {
      response = await fetchImpl(`${apiOrigin}${publishedContentPath(area)}`, {
        headers: published?.etag ? { 'If-None-Match': published.etag } : {},
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      setApiState('down', { reason: error instanceof Error ? error.message : String(error) });
      return rebuilt;
    }
    if (response.status === 304) {
      setApiState('up');
      return rebuilt;
    }
    if (response.status === 404) {
      setApiState('no-endpoint', { status: 404 });
      return rebuilt;
    }
    if (!response.ok) {
      setApiState('down', { status: response.status });
      return rebuilt;
    }
    setApiState('up');
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
    if (answer.content.entries.length === 0) {
      if (published) log('info', `${area}: nothing is published; serving the build's seed`);
      clear();
      return undefined;
    }
    if (published && published.revision === answer.content.revision && active()) {
      published = { ...published, etag };
      return undefined;
    }
    const next: PublishedState = { revision: answer.content.revision, etag, entries: answer.content.entries };
    const result = await render(next);
    published = next;
    writeAtomic(publishedFile, JSON.stringify(published));
    log('info', `${area}: rendered revision ${result.revision}`, { ...result });
    return result;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      poll()
        .catch((error: unknown) =>
          log('error', `${area}: rendering failed; keeping the last version`, { error: String(error) }),
        )
        .finally(schedule);
    }, pollMs);
  }

  return {
    /**
     * Loads the build and, when published content is on disk (an earlier run's), renders it with
     * this build if it was rendered with another; then asks the API once. Resolves once the remote
     * can serve: with the published pages when there are any.
     */
    async start(): Promise<void> {
      if (!loadBuild()) {
        log('warn', `${area}: no server build in ${serverBuildDir}; serving the build's pages only`);
        return;
      }
      if (published && published.entries.length > 0) {
        if (!active() || rendered?.revision !== published.revision) {
          const result = await render(published);
          log('info', `${area}: rendered the last published revision with this build`, { ...result });
        } else {
          content = buildContent(published).content;
        }
      }
      await poll().catch((error: unknown) => log('error', `${area}: the first poll failed`, { error: String(error) }));
    },

    /** Polls about every pollMs until stopped. */
    run(): void {
      stopped = false;
      schedule();
    },

    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
    },

    poll,

    /** The folder the remote answers ssr/ from: the published rendering, or the build's seed pages. */
    ssrRoot(): string {
      return active() ? ssrDir : path.join(distDir, 'ssr');
    },

    /** Where drawn share images are, besides dist/share. */
    shareRoot(): string {
      return stateDir;
    },

    status() {
      return {
        area,
        api: apiState,
        serving: active() ? 'published' : 'seed',
        revision: active() ? published!.revision : 'seed',
        buildId: assetsFile?.buildId,
        // What the console can show the team: entries left out, by id and field, never their values.
        refused: active() ? lastRefused : [],
      };
    },

    /**
     * A draft, by its preview token, rendered in its page among the published content (the seed
     * before there is any): for the edge's /team/preview/<token>. Never stored, never cached.
     */
    async preview(token: string): Promise<PreviewAnswer> {
      if (!bundle || !assetsFile) return { kind: 'not-found' };
      let response: Response;
      try {
        response = await fetchImpl(`${apiOrigin}${contentPreviewPath(token)}`, {
          signal: AbortSignal.timeout(requestTimeoutMs),
          headers: { Accept: 'application/json' },
        });
      } catch {
        return { kind: 'not-found' };
      }
      if (!response.ok) return { kind: 'not-found' };
      const draft = previewEntrySchema.safeParse(await response.json().catch(() => null));
      if (!draft.success || draft.data.area !== area) return { kind: 'not-found' };
      const result = await bundle.renderPreview(ofBuild(draft.data), content ?? bundle.seedContent());
      if (!result) return { kind: 'not-found' };
      if ('refused' in result) return { kind: 'refused', fields: result.refused.fields };
      const { page } = result;
      const shareImages = { ...(rendered?.shareImages ?? {}) };
      const meta = await builtMeta(page.meta, `preview-${routeFileName(page.path).replace(/\//g, '-')}`, shareImages);
      return {
        kind: 'page',
        page: {
          path: page.path,
          html: page.html,
          assets: {
            buildId: assetsFile.buildId,
            remoteEntry: assetsFile.remoteEntry,
            ...assetsOf(page.route),
            meta,
          },
        },
      };
    },
  };
}

export type ContentRenderer = ReturnType<typeof createContentRenderer>;
