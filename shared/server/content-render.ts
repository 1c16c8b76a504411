/**
 * The render part of a remote's run-time renderer (content-renderer.ts): the build it renders
 * with (dist-server/render.cjs and route-assets.json, reloaded when a redeploy puts a new one on
 * disk) and the published content rendered into stateDir/ssr, page by page, only where a page's
 * data or metadata changed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PublishedEntry } from '../src/content-contract';
import type { AreaContent, AreaServer, RefusedEntry, RenderedPage } from '../src/area/area-server';
import { builtAssetNames, seedImagesOfBuild } from './seed-images';
import type { ContentArea } from '../src/content-model/declare';
import type { SiteFigures } from '../src/content-model/pages';
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

/** The last published answer, as kept on disk. */
export interface PublishedAnswer {
  readonly revision: string;
  readonly etag: string | undefined;
  readonly entries: readonly PublishedEntry[];
  /** The figures rendered with it (the public reach line's N), kept for a restart while the API is down. */
  readonly figures?: SiteFigures;
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

export interface RenderingOptions {
  readonly area: ContentArea;
  /** The remote's package: its illustrations (share images) are read from here. */
  readonly packageDir: string;
  /** The remote's dist/ (its build's seed pages, and what the renderer renders for). */
  readonly distDir: string;
  /** The remote's dist-server/: its Node bundle and route-assets.json. */
  readonly serverBuildDir: string;
  /** Where the last published content and its rendering are kept. */
  readonly stateDir: string;
  readonly log: Logger;
  /** The Node bundle; by default dist-server/render.cjs. */
  readonly loadBundle?: () => AreaServer;
  readonly drawShareImage?: typeof renderShareImage;
  readonly siteName?: string;
}

export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed over: a reader sees the old file or the new one, never half of one. */
export function writeAtomic(file: string, content: string | Buffer): void {
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

/** The build an area renders with, and what it rendered of the published content. */
export class AreaRendering {
  readonly ssrDir: string;
  private readonly renderedFile: string;
  private readonly assetsPath: string;
  private assetsSeen = { mtimeMs: -1, buildId: undefined as string | undefined };
  bundle: AreaServer | undefined;
  assetsFile: RouteAssetsFile | undefined;
  /** Published seed image addresses as the loaded build names the files (seed-images.ts). */
  ofBuild: ReturnType<typeof seedImagesOfBuild>;
  rendered: RenderedState | undefined;
  /** The published content as the pages see it, once rendered (previews render among it). */
  content: AreaContent | undefined;
  /** Entries the declaration refused in the last rendering, by id and field. */
  lastRefused: readonly RefusedEntry[] = [];

  constructor(readonly options: RenderingOptions) {
    this.ssrDir = path.join(options.stateDir, 'ssr');
    this.renderedFile = path.join(options.stateDir, 'rendered.json');
    this.assetsPath = path.join(options.serverBuildDir, 'route-assets.json');
    this.ofBuild = seedImagesOfBuild(options.area, new Map());
    this.rendered = readJson<RenderedState>(this.renderedFile);
  }

  /** The build on disk now: a remote rebuilt under its running server (a local redeploy) is noticed. */
  buildOnDisk(): string | undefined {
    try {
      const { mtimeMs } = fs.statSync(this.assetsPath);
      if (mtimeMs !== this.assetsSeen.mtimeMs)
        this.assetsSeen = { mtimeMs, buildId: readJson<RouteAssetsFile>(this.assetsPath)?.buildId };
    } catch {
      this.assetsSeen = { mtimeMs: -1, buildId: undefined };
    }
    return this.assetsSeen.buildId;
  }

  loadBuild(): boolean {
    this.assetsFile = readJson<RouteAssetsFile>(this.assetsPath);
    if (!this.assetsFile) return false;
    this.ofBuild = seedImagesOfBuild(this.options.area, builtAssetNames(this.options.distDir));
    if (this.options.loadBundle) this.bundle = this.options.loadBundle();
    else {
      const file = require.resolve(path.join(this.options.serverBuildDir, 'render.cjs'));
      delete require.cache[file];
      this.bundle = require(file) as AreaServer;
    }
    return true;
  }

  /**
   * Whether stateDir/ssr holds a rendering of the published content by the build on disk (else the
   * build's own pages in dist/ssr serve, while a new build renders it).
   */
  serves(published: PublishedAnswer | undefined): boolean {
    const { rendered, assetsFile } = this;
    return Boolean(
      published &&
      rendered &&
      assetsFile &&
      rendered.buildId === assetsFile.buildId &&
      this.buildOnDisk() === assetsFile.buildId,
    );
  }

  /** A new build on disk: load it, and render the published content with it. */
  async reloadIfRebuilt(published: PublishedAnswer | undefined): Promise<RenderResult | undefined> {
    if (!this.assetsFile) return undefined;
    const onDisk = this.buildOnDisk();
    if (!onDisk || onDisk === this.assetsFile.buildId || !this.loadBuild()) return undefined;
    this.options.log('info', `${this.options.area}: a new build is on disk; rendering the published content with it`, {
      buildId: onDisk,
    });
    return published && published.entries.length > 0 ? this.render(published) : undefined;
  }

  buildContent(state: PublishedAnswer): { content: AreaContent; refused: number } {
    const { area, log } = this.options;
    const refused: RefusedEntry[] = [];
    const entries = state.entries.map(this.ofBuild);
    const built = this.bundle!.buildContent({ kind: 'published', revision: state.revision }, entries, (entry) => {
      refused.push(entry);
      log('warn', `${area}: a published entry does not fit its content type and is left out`, {
        type: entry.type,
        id: entry.id,
        fields: entry.fields,
      });
    });
    this.lastRefused = refused;
    return { content: { ...built, figures: state.figures ?? {} }, refused: refused.length };
  }

  /** The page's metadata with its share image, drawn once per title and illustration. */
  async builtMeta(meta: PageMeta, name: string, shareImages: Record<string, string>): Promise<BuiltPageMeta> {
    const { packageDir, stateDir } = this.options;
    const { siteName = 'Wildfire Prevention Consortium', drawShareImage = renderShareImage } = this.options;
    const illustration = fs.readFileSync(path.join(packageDir, meta.shareImage.illustration), 'utf8');
    const key = hash(meta.title, siteName, illustration);
    let file = shareImages[key];
    if (!file || !fs.existsSync(path.join(stateDir, file))) {
      file = writeHashed(stateDir, name, await drawShareImage({ title: meta.title, siteName, illustration }));
      shareImages[key] = file;
    }
    return { ...meta, shareImage: { file, ...SHARE_IMAGE_SIZE, alt: meta.shareImage.alt } };
  }

  assetsOf(route: string): RouteAssetsFile['routes'][string] {
    const files = this.assetsFile!.routes[route];
    if (!files) throw new Error(`${this.options.area}: the build lists no files for ${route}`);
    return files;
  }

  private async writePage(page: RenderedPage, version: string, shareImages: Record<string, string>) {
    const { buildId, remoteEntry } = this.assetsFile!;
    const base = path.join(this.ssrDir, routeFileName(page.path));
    const assets: RemoteRouteAssets = {
      buildId,
      remoteEntry,
      ...this.assetsOf(page.route),
      meta: await this.builtMeta(page.meta, routeFileName(page.path).replace(/\//g, '-'), shareImages),
      version,
    };
    if (page.data !== undefined)
      writeAtomic(`${base}.data.json`, pageDataFile(buildId, page.meta.title, page.data, version));
    writeAtomic(`${base}.html`, fragmentFile(buildId, page.html, version));
    // Last: the edge pairs the two by version, and the JSON is what names the new one.
    writeAtomic(`${base}.json`, `${JSON.stringify(assets, null, 2)}\n`);
  }

  private removePage(pagePath: string) {
    const base = path.join(this.ssrDir, routeFileName(pagePath));
    for (const suffix of ['.json', '.html', '.data.json']) fs.rmSync(`${base}${suffix}`, { force: true });
  }

  /**
   * Renders the pages of this content whose data or metadata changed since the last rendering of
   * the same build (all of them after a redeploy), writes the page index, and removes the pages
   * no longer published.
   */
  async render(state: PublishedAnswer): Promise<RenderResult> {
    const started = performance.now();
    const { buildId } = this.assetsFile!;
    const built = this.buildContent(state);
    const sameBuild = this.rendered?.buildId === buildId;
    const previous = sameBuild ? this.rendered!.pages : {};
    if (!sameBuild) fs.rmSync(this.ssrDir, { recursive: true, force: true });
    const shareImages = { ...(this.rendered?.shareImages ?? {}) };
    const { pages, index, renderedCount } = await this.renderPages(built.content, previous, shareImages);
    const removed = Object.keys(previous).filter((pagePath) => !(pagePath in pages));
    for (const pagePath of removed) this.removePage(pagePath);
    const pageIndex: RemotePageIndex = { buildId, revision: state.revision, pages: index };
    writeAtomic(path.join(this.ssrDir, PAGE_INDEX_FILE), `${JSON.stringify(pageIndex, null, 2)}\n`);
    this.rendered = { buildId, revision: state.revision, pages, shareImages };
    writeAtomic(this.renderedFile, JSON.stringify(this.rendered));
    this.content = built.content;
    return {
      revision: state.revision,
      rendered: renderedCount,
      kept: Object.keys(pages).length - renderedCount,
      removed: removed.length,
      refused: built.refused,
      milliseconds: Math.round(performance.now() - started),
    };
  }

  /** Each page of the content, rendered anew where its version differs from `previous`'s. */
  private async renderPages(
    content: AreaContent,
    previous: Readonly<Record<string, string>>,
    shareImages: Record<string, string>,
  ) {
    const { buildId } = this.assetsFile!;
    const bundle = this.bundle!;
    const pages: Record<string, string> = {};
    const index: IndexedPage[] = [];
    let renderedCount = 0;
    for (const { path: pagePath } of bundle.pagePaths(content)) {
      const page = bundle.pageFor(pagePath, content);
      if (!page) continue;
      const version = hash(buildId, pagePath, JSON.stringify(page.data) ?? '', JSON.stringify(page.meta)).slice(0, 16);
      pages[pagePath] = version;
      index.push({
        path: pagePath,
        lastModified: page.meta.lastModified,
        ...(page.meta.noindex ? { noindex: true } : {}),
      });
      if (previous[pagePath] === version && fs.existsSync(path.join(this.ssrDir, `${routeFileName(pagePath)}.json`)))
        continue;
      const output = await bundle.renderPage(pagePath, content);
      if (!output) continue;
      await this.writePage(output, version, shareImages);
      renderedCount += 1;
    }
    return { pages, index, renderedCount };
  }

  /** Back to the build's seed pages: the area has no published content. */
  clear(): void {
    fs.rmSync(this.ssrDir, { recursive: true, force: true });
    fs.rmSync(this.renderedFile, { force: true });
    this.rendered = undefined;
    this.content = undefined;
  }
}
