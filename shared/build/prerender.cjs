// @ts-check
// Prerendering at build time. Next to its browser build, every front-end package compiles a small
// Node bundle of its pages and renders each route it owns into dist/ssr/:
//   remote:  ssr/<route>.html  the page's HTML fragment, after a first line naming the build
//            ssr/<route>.json  { buildId, remoteEntry, css, preload, shared, meta } for the edge
//   shell:   ssr/<route>.html  the whole document: header and footer, and the page itself on its
//                              own routes and the 404; <!--wpc:head--> and <!--wpc:outlet-->
//                              mark where the edge puts a remote's links and fragment
//            ssr/<route>.json  { buildId, css, preload, meta } (meta on its own pages and the 404)
//            ssr/shared-modules.json  { buildId, files: { [share key]: files } }
//            ssr/site-meta.json  the site's description and share image, for pages without their own
// `meta` is the page's metadata (shared/src/page-meta.ts) with its share image drawn into
// share/<route>.<hash>.png (share-image.cjs).
// <route> is the path without its leading slash ("index" for "/", "404" for the not-found page).
// File names in the JSON are relative to the package's own base URL. The JSON files' shapes are
// declared once, in shared/src/page-contract.cjs, against which tsc checks both this file and
// the edge that composes pages from them (shell/server/); docs/pages.md, "First paint", has the whole picture.
const fs = require('node:fs');
const path = require('node:path');
const { execFile } = require('node:child_process');
const webpack = require('webpack');
const {
  SERVER_BUILD_ATTRIBUTE,
  SERVER_BUNDLE_DIR,
  HEAD_MARKER,
  OUTLET_MARKER,
  PAGE_INDEX_FILE,
  fragmentFile,
  pageDataFile,
  routeFileName,
} = require('../src/page-contract.cjs');
const { renderShareImage, writeHashed, SHARE_IMAGE_SIZE } = require('./share-image.cjs');
const { writeSiteIcons } = require('./site-icons.cjs');

/** Where both builds put images and other files a module imports. */
const ASSET_FILENAME = 'assets/[name].[contenthash:10][ext]';

/**
 * @typedef {import('../src/page-contract.cjs').RemoteRouteAssets} RemoteRouteAssets
 * @typedef {import('../src/page-contract.cjs').ShellRouteAssets} ShellRouteAssets
 * @typedef {import('../src/page-contract.cjs').SharedModules} SharedModules
 * @typedef {import('../src/page-meta').PageMeta} PageMeta
 * @typedef {import('../src/page-meta').BuiltPageMeta} BuiltPageMeta
 * @typedef {import('webpack').Compiler} Compiler
 * @typedef {import('webpack').ChunkGroup} ChunkGroup
 * @typedef {import('webpack').AsyncDependenciesBlock} AsyncDependenciesBlock
 *
 * What render-routes.cjs prints. For a remote: the modules each route's page loads, each page of
 * its seed (the render entry's renderRoute() result), its content model and its seed entries.
 * For the shell: per route, its renderRoute() result and the modules it loaded.
 * @typedef {object} RemoteRendered
 * @property {Record<string, { modules: string[] }>} routes
 * @property {Record<string, Awaited<ReturnType<typeof import('../src/area/server').renderRoute>>>} pages
 * @property {ReturnType<typeof import('../src/area/server').contentModelJson>} model
 * @property {ReturnType<typeof import('../src/area/server').seedEntries>} seed
 * @typedef {Awaited<ReturnType<typeof import('../../shell/src/server-render').renderRoute>> & { modules: string[] }} ShellRendered
 * @typedef {import('../src/page-contract.cjs').RouteAssetsFile} RouteAssetsFile
 *
 * What the browser build tells the prerender (ClientAssetsPlugin).
 * @typedef {object} ClientAssets
 * @property {string} buildId
 * @property {Record<string, string[]>} onDemand
 * @property {Record<string, string[]>} onDemandShared
 * @property {Record<string, string[]>} sharedFiles
 *
 * What ClientAssetsPlugin reads of modules beyond webpack's Module type: the share key of the
 * federation plugin's ProvideSharedModule and ConsumeSharedModule, and the file of a module
 * (NormalModule), or of the first module of concatenated ones (ConcatenatedModule).
 * @typedef {import('webpack').Module & { _name: string }} ProvideSharedModule
 * @typedef {import('webpack').Module & { options: { shareKey: string } }} ConsumeSharedModule
 * @typedef {import('webpack').Module & { rootModule?: { resource?: string }, resource?: string }} ResourceModule
 */

const root = path.resolve(__dirname, '../..');
const posix = (/** @type {string} */ file) => file.split(path.sep).join('/');
const fromRoot = (/** @type {string} */ file) => posix(path.relative(root, file.split('?')[0] ?? file));

const isJs = (/** @type {string} */ file) => file.endsWith('.js');
const isCss = (/** @type {string} */ file) => file.endsWith('.css');

/**
 * Collects from the browser build what prerendered pages need: the build id (webpack's full hash,
 * which the browser code reads as __webpack_hash__) and, for every module loaded on demand (a
 * page, the exposed ./spa, the shell's bootstrap), the files of the chunks that bring it.
 */
class ClientAssetsPlugin {
  /** @param {{ dir: string, role: 'host' | 'remote' }} options */
  constructor({ dir, role }) {
    this.dir = dir;
    this.host = role === 'host';
    /** @type {ClientAssets | undefined} */
    this.result = undefined;
  }

  /** @param {Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tap('WpcClientAssets', (compilation) => {
      const { chunkGraph, moduleGraph } = compilation;
      const filesOf = (/** @type {ChunkGroup} */ group) =>
        group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => !file.endsWith('.map'));
      /** The share keys of the shared modules a chunk consumes (the federation plugin's ConsumeSharedModule). */
      const consumedKeys = (/** @type {import('webpack').Chunk} */ chunk) =>
        [...chunkGraph.getChunkModulesIterable(chunk)]
          .filter((module) => module.type === 'consume-shared-module')
          .map((module) => /** @type {ConsumeSharedModule} */ (module).options.shareKey);

      // The shell provides the shared modules, so the files its start-up needs include those of
      // the shared modules it consumes, as it provides them (a consumer's fallback copy may sit
      // in other chunks). A remote's come from the shell at run time: not listed.
      /** @type {Map<string, ChunkGroup | undefined>} */
      const provided = new Map();
      for (const module of compilation.modules) {
        if (module.type === 'provide-module' && module.blocks[0])
          provided.set(
            /** @type {ProvideSharedModule} */ (module)._name,
            chunkGraph.getBlockChunkGroup(module.blocks[0]),
          );
      }
      /** @type {(group: ChunkGroup | undefined, seen?: Set<ChunkGroup>) => string[]} */
      const withConsumed = (group, seen = new Set()) => {
        if (!group || seen.has(group)) return [];
        seen.add(group);
        const files = filesOf(group);
        for (const chunk of group.chunks)
          for (const key of consumedKeys(chunk)) files.push(...withConsumed(provided.get(key), seen));
        return files;
      };

      /** Share keys the chunks of a group consume themselves (not what those shared modules load later). */
      const consumedBy = (/** @type {ChunkGroup} */ group) => group.chunks.flatMap(consumedKeys);

      /** @type {Record<string, string[]>} Module (path from the repository root) -> files to load it, for every on-demand block. */
      const onDemand = {};
      /** @type {Record<string, string[]>} Module -> the shared modules loading it needs (a shared module's own lazy parts are not). */
      const onDemandShared = {};
      /** @param {AsyncDependenciesBlock} block */
      const visit = (block) => {
        const group = chunkGraph.getBlockChunkGroup(block);
        for (const dependency of block.dependencies) {
          const target = /** @type {ResourceModule | null} */ (moduleGraph.getModule(dependency));
          const resource = (target?.rootModule ?? target)?.resource;
          if (group && resource) {
            onDemand[fromRoot(resource)] = [...new Set(this.host ? withConsumed(group) : filesOf(group))].sort();
            onDemandShared[fromRoot(resource)] = [...new Set(consumedBy(group))].sort();
          }
        }
        for (const inner of block.blocks) visit(inner);
      };
      for (const module of compilation.modules) for (const block of module.blocks) visit(block);

      /** @type {Record<string, string[]>} */
      const sharedFiles = {};
      if (this.host)
        for (const key of [...provided.keys()].sort())
          sharedFiles[key] = [...new Set(withConsumed(provided.get(key)))].sort();
      this.result = { buildId: /** @type {string} */ (compilation.hash), onDemand, onDemandShared, sharedFiles };
    });
  }
}

/**
 * Runs the Node bundle in a child process (production React, a fresh module cache per route).
 * @param {string} bundle
 * @returns {Promise<RemoteRendered | Record<string, ShellRendered>>}
 */
function renderRoutes(bundle) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(__dirname, 'render-routes.cjs'), bundle],
      { env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`Prerendering failed:\n${stderr || error.message}`));
        if (stderr) process.stderr.write(stderr);
        resolve(JSON.parse(stdout));
      },
    );
  });
}

const writeFile = (/** @type {string} */ file, /** @type {string} */ content) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};
const json = (
  /** @type {RemoteRouteAssets | ShellRouteAssets | SharedModules | BuiltPageMeta | import('../src/page-contract.cjs').RemotePageIndex} */ value,
) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * A page's metadata as shipped: its share image drawn from its title and illustration.
 * @param {string} dir
 * @param {string} name
 * @param {PageMeta} meta
 * @param {string} siteName
 * @returns {Promise<BuiltPageMeta>}
 */
async function buildMeta(dir, name, meta, siteName) {
  const { illustration, alt } = meta.shareImage;
  const svg = fs.readFileSync(path.join(dir, illustration), 'utf8');
  const png = await renderShareImage({ title: meta.title, siteName, illustration: svg });
  const file = writeHashed(path.join(dir, 'dist'), name.replace(/\//g, '-'), png);
  return { ...meta, shareImage: { file, ...SHARE_IMAGE_SIZE, alt } };
}

/**
 * Inserts markup as the content of the element with this id (which the template leaves empty).
 * @param {string} html
 * @param {string} id
 * @param {string} content
 */
function fillElement(html, id, content, attributes = '') {
  const empty = `<div id="${id}"></div>`;
  if (!html.includes(empty)) throw new Error(`The shell's index.html has no empty ${empty}`);
  return html.replace(empty, () => `<div id="${id}"${attributes}>${content}</div>`);
}

class PrerenderPlugin {
  /**
   * @param {object} options
   * @param {string} options.dir The package's folder.
   * @param {'host' | 'remote'} options.role
   * @param {ClientAssetsPlugin} options.assets The browser build's plugin, which collected its files.
   * @param {string} options.bundle The Node bundle to render the routes with.
   * @param {readonly string[]} options.sharedKeys The modules the shell shares (webpack.base.cjs).
   */
  constructor({ dir, role, assets, bundle, sharedKeys }) {
    this.dir = dir;
    this.role = role;
    this.assets = assets;
    this.bundle = bundle;
    this.sharedKeys = sharedKeys;
  }

  /**
   * A remote's output: per route (and route pattern) the files its page needs, kept beside the
   * Node bundle for the remote's server (route-assets.json); per page of the seed its fragment,
   * assets, metadata and data in dist/ssr/, and the list of those pages (ssr/_pages.json); the
   * content model and the seed as JSON (dist/content-model.json, dist/content-seed.json).
   * @param {RemoteRendered} rendered
   * @param {ClientAssets} client
   * @param {string} out
   * @param {(file: string) => boolean} own
   */
  async writeRemote(rendered, client, out, own) {
    const spa = fromRoot(path.join(this.dir, 'src/spa.tsx'));
    const expose = client.onDemand[spa] ?? [];
    /** @type {Record<string, import('../src/page-contract.cjs').RouteFiles>} */
    const routeAssets = {};
    for (const [route, { modules }] of Object.entries(rendered.routes)) {
      // The page module of this route (loaded on demand, from this package's own source).
      const pageModules = modules.filter(own);
      const pageFiles = pageModules.flatMap((module) => client.onDemand[module] ?? []);
      const files = [...new Set([...expose, ...pageFiles])];
      // The shared modules the exposed module and the page import (the shell adds what they
      // import in turn). Not what rendering runs: that includes what the browser loads only
      // later (a pop-up's form, an inline form waiting to hydrate), which the edge must not
      // preload, and misses the re-exporting index of a shared module.
      const shared = [...new Set([spa, ...pageModules].flatMap((module) => client.onDemandShared[module] ?? []))]
        .filter((key) => this.sharedKeys.includes(key))
        .sort();
      routeAssets[route] = { css: files.filter(isCss), preload: files.filter(isJs), shared };
    }
    /** @type {RouteAssetsFile} */
    const assetsFile = { buildId: client.buildId, remoteEntry: 'remoteEntry.js', routes: routeAssets };
    writeFile(path.join(path.dirname(this.bundle), 'route-assets.json'), JSON.stringify(assetsFile, null, 2));

    /** @type {import('../src/page-contract.cjs').RenderedPage[]} */
    const index = [];
    for (const [routePath, { route, html, meta, data, siteName }] of Object.entries(rendered.pages)) {
      const files = routeAssets[route];
      if (!files) throw new Error(`No files are known for the route ${route}`);
      /** @type {RemoteRouteAssets} */
      const assets = {
        buildId: client.buildId,
        remoteEntry: assetsFile.remoteEntry,
        ...files,
        meta: await buildMeta(this.dir, routeFileName(routePath), meta, siteName),
      };
      const base = path.join(out, routeFileName(routePath));
      writeFile(`${base}.html`, fragmentFile(client.buildId, html));
      writeFile(`${base}.json`, json(assets));
      if (data !== undefined) writeFile(`${base}.data.json`, pageDataFile(client.buildId, meta.title, data));
      index.push({ path: routePath, lastModified: meta.lastModified, ...(meta.noindex ? { noindex: true } : {}) });
    }
    /** @type {import('../src/page-contract.cjs').RemotePageIndex} */
    const pageIndex = { buildId: client.buildId, revision: 'seed', pages: index };
    writeFile(path.join(out, PAGE_INDEX_FILE), json(pageIndex));
    const dist = path.join(this.dir, 'dist');
    writeFile(path.join(dist, 'content-model.json'), `${JSON.stringify(rendered.model, null, 2)}\n`);
    writeFile(path.join(dist, 'content-seed.json'), `${JSON.stringify(rendered.seed, null, 2)}\n`);
  }

  /** @param {Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('WpcPrerender', async () => {
      const client = this.assets.result;
      if (!client) throw new Error('Prerendering needs the browser build to finish first');
      const rendered = await renderRoutes(this.bundle);
      // Module ids are paths from the package ("./src/pages/AboutPage.tsx") or packages left
      // to Node ('external "react-router-dom"').
      const withPaths = (/** @type {{ modules: string[] }} */ route) => {
        route.modules = route.modules.map((id) => {
          if (id.startsWith('.')) return fromRoot(path.resolve(this.dir, id));
          return /^external "(.+)"$/.exec(id)?.[1] ?? id;
        });
      };
      if (this.role === 'remote') Object.values(/** @type {RemoteRendered} */ (rendered).routes).forEach(withPaths);
      else Object.values(/** @type {Record<string, ShellRendered>} */ (rendered)).forEach(withPaths);
      const out = path.join(this.dir, 'dist', 'ssr');
      fs.rmSync(out, { recursive: true, force: true });
      const own = (/** @type {string} */ file) => file.startsWith(`${fromRoot(this.dir)}/`);

      if (this.role === 'remote') {
        await this.writeRemote(/** @type {RemoteRendered} */ (/** @type {unknown} */ (rendered)), client, out, own);
        return;
      }

      // The files of each shared module the shell provides: a remote's page lists the shared
      // modules it uses, and the edge preloads them from here.
      /** @type {SharedModules} */
      const sharedModules = { buildId: client.buildId, files: client.sharedFiles };
      writeFile(path.join(out, 'shared-modules.json'), json(sharedModules));
      const template = fs.readFileSync(path.join(this.dir, 'dist', 'index.html'), 'utf8');
      const startup = client.onDemand[fromRoot(path.join(this.dir, 'src/bootstrap.tsx'))] ?? [];
      const cssLink = /<link href="\/([^"]+\.css)" rel="stylesheet">/g;
      const cssLinks = [...template.matchAll(cssLink)].map((match) => /** @type {string} */ (match[1]));
      // The edge links these itself (deferred behind the page's critical CSS): left in the
      // document too, they would load twice, the second time blocking the first paint. (The shell
      // bundles shared modules with stylesheets into main.js, so html-webpack-plugin links them.)
      const documentTemplate = template.replace(cssLink, '');
      const routes = /** @type {Record<string, ShellRendered>} */ (rendered);
      const [first] = Object.values(routes);
      if (!first) throw new Error('The shell rendered no route');
      const { siteMeta, siteName, siteShortName } = first;
      writeFile(path.join(out, 'site-meta.json'), json(await buildMeta(this.dir, 'site', siteMeta, siteName)));
      await writeSiteIcons({
        logo: path.join(this.dir, 'public', 'favicon.svg'),
        outDir: path.join(this.dir, 'dist'),
        name: siteName,
        shortName: siteShortName,
        description: siteMeta.description,
      });
      for (const [routePath, { parts, meta, modules }] of Object.entries(routes)) {
        const built = ` ${SERVER_BUILD_ATTRIBUTE}="${client.buildId}"`;
        let html = documentTemplate
          .replace(/<title>[^<]*<\/title>/, () => `<title>${parts.title}</title>`)
          .replace('</head>', `${HEAD_MARKER}</head>`)
          .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${parts.noscript}</noscript>`);
        html = fillElement(html, 'site-header', parts.header, built);
        html = fillElement(html, 'site-footer', parts.footer, built);
        html = fillElement(html, 'site-messages', parts.messages, built);
        if (parts.page !== undefined) html = fillElement(html, 'area-shell', parts.page, built);
        else html = html.replace(`<div id="area-${parts.area}"></div>`, OUTLET_MARKER);
        if (parts.page === undefined && !html.includes(OUTLET_MARKER))
          throw new Error(`The shell has no outlet for ${parts.area}`);
        const pageFiles = modules.filter(own).flatMap((module) => client.onDemand[module] ?? []);
        const files = [...new Set([...startup, ...pageFiles])];
        /** @type {ShellRouteAssets} */
        const assets = {
          buildId: client.buildId,
          css: [...new Set([...cssLinks, ...files.filter(isCss)])],
          preload: files.filter(isJs),
          ...(meta ? { meta: await buildMeta(this.dir, routeFileName(routePath), meta, siteName) } : {}),
        };
        const base = path.join(out, routeFileName(routePath));
        writeFile(`${base}.html`, html);
        writeFile(`${base}.json`, json(assets));
      }
    });
  }
}

/**
 * The Node build that renders a package's routes: its own source bundled, packages external.
 * @param {object} options
 * @param {string} options.name The package's name in the route table (shell, home, ...).
 * @param {string} options.dir
 * @param {'host' | 'remote'} options.role
 * @param {ClientAssetsPlugin} options.assets
 * @param {import('webpack').RuleSetRule[]} options.rules
 * @param {readonly string[]} options.sharedKeys
 * @returns {import('webpack').Configuration}
 */
function prerenderConfig({ name, dir, role, assets, rules, sharedKeys }) {
  // Every package keeps its Node bundle beside dist/, never served: a remote's server renders its
  // pages again with it when published content changes (shared/server/content-renderer.ts), and
  // the shell's edge renders the form pages with it on each request (shell/server/form-pages.ts).
  const bundleDir = path.join(dir, SERVER_BUNDLE_DIR);
  return {
    name: 'prerender',
    dependencies: ['browser'],
    mode: 'production',
    target: 'node24',
    context: dir,
    entry: { render: role === 'host' ? './src/server-render.tsx' : path.join(root, 'shared/src/area/server.tsx') },
    output: {
      path: bundleDir,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
      // Image URLs in the HTML must be the browser build's: same file names, under the path the
      // edge serves the package from, or hydration asks for files that do not exist.
      publicPath: role === 'host' ? '/' : `/mfe/${name}/`,
      assetModuleFilename: ASSET_FILENAME,
      // The same salt as the browser build, so both name every asset alike.
      hashSalt: process.env.WPC_HASH_SALT || undefined,
    },
    externalsPresets: { node: true },
    // React, the router and friends come from node_modules at run time, as one copy each.
    externals: [
      ({ request }, callback) =>
        /^[a-z@]/i.test(request) && !request.startsWith('@wpc/') && !request.endsWith('.css')
          ? callback(null, `commonjs ${request}`)
          : callback(),
    ],
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // A remote's pages, for the generic renderer in @wpc/shared/area.
      alias:
        role === 'remote'
          ? {
              '@wpc/area-pages$': path.join(dir, 'src/pages/index.ts'),
              '@wpc/area-page-meta$': path.join(dir, 'src/content/page-meta.ts'),
              '@wpc/area-model$': path.join(dir, 'src/content/model.ts'),
              '@wpc/area-page-data$': path.join(dir, 'src/content/page-data.ts'),
            }
          : {},
    },
    module: { rules },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.WPC_API_BASE': JSON.stringify(''),
        'process.env.WPC_AREA': JSON.stringify(name),
      }),
      // One file: React.lazy pages resolve from memory, and the module cache tells what rendered.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new PrerenderPlugin({ dir, role, assets, sharedKeys, bundle: path.join(bundleDir, 'render.cjs') }),
    ],
    // Readable module ids ("./src/pages/AboutPage.tsx") name the pages each route used.
    optimization: { minimize: false, moduleIds: 'named', chunkIds: 'named', concatenateModules: false },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

module.exports = { ASSET_FILENAME, ClientAssetsPlugin, prerenderConfig };
