// The one webpack configuration every front-end deployable derives from: loaders, sharing
// rules and output naming are decided here so the shell and the remotes cannot drift apart.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const zlib = require('node:zlib');
const { ports } = require('../ports.cjs');
const { ASSET_FILENAME, prerenderConfig, ClientAssetsPlugin } = require('./prerender.cjs');
const { StartAfterPaintPlugin } = require('./start-after-paint.cjs');
const { redirectLoopbackToLocalhost } = require('./dev-address.cjs');
const { devPageData } = require('./dev-page-data.cjs');

const root = path.resolve(__dirname, '../..');
const depVersion = (pkg) => require(path.join(root, 'node_modules', pkg, 'package.json')).version;
const sharedVersion = require('../package.json').version;

/**
 * Every browser subpath of @wpc/shared, shared once like React (schemas carry zod and serve the
 * API; area/prerender renders pages at build time in Node; page-meta is read by builds and the
 * edge; page-contract is a few names, cheaper bundled into each module that reads one than
 * fetched as a shared module of its own; the content-model kit, the content contract and the
 * reach line are read by the areas' servers and the API, and pages import only their types).
 */
const sharedEntries = Object.keys(require('../package.json').exports)
  .filter(
    (entry) =>
      !entry.includes('*') &&
      !entry.endsWith('.css') &&
      // Node code: the servers' (the remote's content renderer) and the builds'.
      !entry.startsWith('./server/') &&
      ![
        './ports',
        './schemas',
        './area/prerender',
        './area/content',
        './area/server',
        './page-meta',
        './page-contract',
        './content-model',
        './content-model/validate',
        './content-model/prepare',
        './content-contract',
        './reach-line',
      ].includes(entry),
  )
  .map((entry) => `@wpc/shared/${entry.slice(2)}`);

/**
 * One copy of each of these on the page: whichever was loaded first (shareStrategy
 * 'loaded-first'), normally the shell's. requiredVersion is checked but not enforced: when the
 * loaded singleton does not satisfy a remote's requiredVersion, the MF runtime
 * (runtime-core getRegisteredShare) logs a "does not satisfy the requirement" warning and hands
 * the remote the loaded singleton anyway. A singleton never falls back to the remote's own copy
 * (that would be two Reacts on one page). strictVersion: true would make the runtime throw
 * instead, which turns a version mismatch into a remote that cannot load; we keep it false so a
 * mismatch is a console warning, and a remote that really breaks still only shows its area's
 * "unavailable" panel.
 */
function sharedModules(role = 'remote') {
  // react-router-dom is not shared: only @wpc/shared/area uses it (BrowserRouter, Routes, Route)
  // and area is itself a singleton, so the router is bundled into it, tree-shaken to what it uses
  // (5 KB instead of the 23 KB a shared module costs, shared modules keeping every export).
  const singleton = (version) => ({ singleton: true, requiredVersion: `^${version}`, strictVersion: false });
  const modules = {
    react: singleton(depVersion('react')),
    'react/jsx-runtime': singleton(depVersion('react')),
    'react-dom': singleton(depVersion('react-dom')),
    'react-dom/client': singleton(depVersion('react-dom')),
    'single-spa-react': singleton(depVersion('single-spa-react')),
  };
  for (const entry of sharedEntries) modules[entry] = singleton(sharedVersion);
  if (role === 'host') Object.assign(modules, hostStartupModules(modules));
  return modules;
}

/**
 * What every page runs before its first hydration, and so what the shell bundles into main.js
 * instead of a file per shared module (each response carries ~1.1 KB of security headers, so
 * 12 small files cost more in headers than they weigh). Eager only in the shell: a remote keeps
 * its fallback copies loaded on demand, for a shell that does not provide a module or provides a
 * version outside the remote's range. @wpc/shared/area and single-spa-react, which only remotes
 * use, are among them (shell/src/bootstrap.tsx imports them so that the shell provides them):
 * otherwise the first remote's fallback copies were fetched (3 files). The other shared modules
 * (the UI kit, forms, API client) stay one file each, loaded when a page needs them.
 */
const HOST_STARTUP_MODULES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@wpc/shared/area',
  'single-spa-react',
  '@wpc/shared/area/hydration',
  '@wpc/shared/routes',
  '@wpc/shared/status',
  '@wpc/shared/navigation',
  '@wpc/shared/events',
];
function hostStartupModules(modules) {
  return Object.fromEntries(HOST_STARTUP_MODULES.map((key) => [key, { ...modules[key], eager: true }]));
}

/**
 * Keeps the federation runtime to one copy in the shell's main.js.
 * - provideExternalRuntime adds @module-federation/inject-external-runtime-core-plugin as a
 *   runtime plugin by require.resolve, which names its CommonJS build; that build requires the
 *   CommonJS runtime-core, so main.js carried a second, CommonJS copy of the whole runtime next
 *   to the ES module one the bundler runtime uses (our first try: 203 KiB against 167 KiB). Its
 *   ES module build imports the same runtime-core as everything else.
 * - @module-federation/retry-plugin 0.17 brings its own @module-federation/sdk 0.17 for one
 *   function (createLogger), which the sdk every other part uses has too.
 */
function federationAliases() {
  const injectPlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    [injectPlugin]: path.join(path.dirname(injectPlugin), 'index.js'),
    '@module-federation/sdk$': path.join(path.dirname(require.resolve('@module-federation/sdk')), 'index.js'),
  };
}

function swcLoader(dev) {
  return {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: dev, refresh: false } },
        target: 'es2020',
      },
    },
  };
}

const sharedSource = path.join(root, 'shared') + path.sep;

/**
 * CSS Module class names. Each area's own classes carry its prefix, so teams cannot clash; the
 * shared UI kit's carry "wpc" in every build, because a remote's prerendered HTML is hydrated
 * with the copy of @wpc/shared the shell provides, and both must name the same classes.
 */
function cssModuleOptions(name, dev) {
  return {
    namedExport: false,
    getLocalIdent(context, _localIdentName, localName) {
      const prefix = context.resourcePath.startsWith(sharedSource) ? 'wpc' : name;
      const relative = path.relative(root, context.resourcePath).split(path.sep).join('/');
      const hash = require('node:crypto')
        .createHash('md5')
        .update(`${relative}\0${localName}`)
        .digest('base64url')
        .slice(0, 6);
      return dev
        ? `${prefix}__${path.basename(relative, '.module.css').replace(/\W/g, '_')}__${localName}`
        : `${prefix}-${hash}`;
    },
  };
}

/** Loaders shared by the browser build and the build that prerenders pages in Node. */
function moduleRules({ name, dev, server }) {
  // In Node only the class names matter; the browser build writes the CSS files.
  const css = (modules) =>
    server
      ? [
          {
            loader: 'css-loader',
            options: { modules: modules ? { ...cssModuleOptions(name, dev), exportOnlyLocals: true } : false },
          },
        ]
      : // (a global stylesheet such as the tokens compiles to an unused string there)
        [
          // Relative url()s: a CSS file finds its images wherever the package is deployed.
          { loader: MiniCssExtractPlugin.loader, options: { publicPath: '' } },
          { loader: 'css-loader', options: { modules: modules ? cssModuleOptions(name, dev) : false } },
        ];
  return [
    { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: swcLoader(dev) },
    { test: /\.module\.css$/, use: css(true) },
    { test: /\.css$/, exclude: /\.module\.css$/, use: css(false) },
    {
      test: /\.(png|jpe?g|webp|avif|gif|svg|pdf|woff2?)$/i,
      type: 'asset/resource',
      // The Node bundle (in <package>/dist-server/) writes the files it names into dist/ too: a
      // remote's pages name files from its seed content (the map's logos) that no browser module
      // imports since the pages read their content as data (issue 28).
      ...(server ? { generator: { outputPath: '../dist/' } } : {}),
    },
  ];
}

/**
 * The dev server's port is not an option: it comes from shared/ports.cjs (EDGE_PORT for the
 * host, MFE_<AREA>_PORT for a remote), the same numbers the servers and tests use.
 * @param {object} options
 * @param {string} options.name     federation name: 'shell' or the remote's area
 * @param {string} options.dir      the package folder (__dirname of its webpack config)
 * @param {'host'|'remote'} options.role
 * @returns a webpack config function: the browser build, and in production also the build that
 *          prerenders every route the package owns into dist/ssr/ (see prerender.cjs)
 */
function createWebpackConfig({ name, dir, role }) {
  return (_env, argv) => {
    const dev = argv.mode !== 'production';
    const client = browserConfig({ name, dir, role, dev });
    if (dev) return client;
    const assets = new ClientAssetsPlugin({ name, dir, role });
    client.plugins.push(assets);
    const rules = moduleRules({ name, dev: false, server: true });
    return [client, prerenderConfig({ name, dir, role, assets, rules, sharedKeys: Object.keys(sharedModules()) })];
  };
}

function browserConfig({ name, dir, role, dev }) {
  const port = role === 'host' ? ports.edge : ports[name];
  const publicDir = path.join(dir, 'public');

  const plugins = [
    new webpack.DefinePlugin({
      // Same origin in production unless the API is deployed on an origin of its own.
      'process.env.WPC_API_BASE': JSON.stringify(
        dev ? `http://localhost:${ports.api}` : (process.env.WPC_API_BASE ?? ''),
      ),
    }),
    new ModuleFederationPlugin({
      name,
      ...(role === 'remote'
        ? { filename: 'remoteEntry.js', exposes: { './spa': './src/spa.tsx' } }
        : {
            remotes: {},
            runtimePlugins: [
              path.join(dir, 'src/federation/retry-runtime-plugin.ts'),
              path.join(dir, 'src/federation/stylesheet-runtime-plugin.ts'),
            ],
          }),
      shared: sharedModules(role),
      shareStrategy: 'loaded-first',
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
      // One federation runtime per page: the shell provides it, and each remoteEntry.js uses the
      // shell's instead of carrying a copy (8 KB instead of 24 KB compressed). See federationAliases.
      // target 'web' lets the runtime's Node-only loaders fall away from browser bundles.
      experiments: {
        ...(role === 'remote' ? { externalRuntime: true } : { provideExternalRuntime: true }),
        optimization: { target: 'web' },
      },
    }),
    // One stylesheet per package (see optimization.splitChunks): content-hashed, so cached for good.
    new MiniCssExtractPlugin({
      filename: dev ? '[name].css' : '[name].[contenthash:10].css',
      chunkFilename: dev ? '[name].css' : '[name].[contenthash:10].css',
      // Every rule sits in a CSS Module scoped to its area (or the tokens file, loaded first), so
      // the order in which modules meet in the one file does not change what applies.
      ignoreOrder: true,
    }),
  ];
  if (require('node:fs').existsSync(publicDir)) {
    // In development the shell's remotes.json comes from dev/, pointing at each dev server.
    const ignore = ['**/index.html', ...(dev ? ['**/remotes.json'] : [])];
    plugins.push(new CopyPlugin({ patterns: [{ from: publicDir, globOptions: { ignore } }] }));
  }
  if (role === 'host') {
    plugins.push(
      new HtmlWebpackPlugin({ template: path.join(publicDir, 'index.html'), scriptLoading: 'defer' }),
      new StartAfterPaintPlugin(),
    );
  }
  if (!dev) {
    const test = /\.(js|css|html|svg|json|txt)$/;
    plugins.push(
      new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', threshold: 512, minRatio: 0.9 }),
      new CompressionPlugin({
        test,
        algorithm: 'brotliCompress',
        filename: '[path][base].br',
        threshold: 512,
        minRatio: 0.9,
        compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      }),
    );
  }

  return {
    name: 'browser',
    mode: dev ? 'development' : 'production',
    context: dir,
    entry: role === 'host' ? { main: './src/index.ts' } : {},
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      // The shell's HTML is served for every path, so its scripts need absolute URLs; a remote
      // finds its chunks relative to its own manifest wherever it is deployed.
      publicPath: role === 'host' ? '/' : 'auto',
      uniqueName: `wpc_${name}`,
      // Entry files keep plain names (served with revalidation): webpack 5.111 cannot put a
      // hash in them next to the federation runtime (module-federation/core#5077).
      filename: '[name].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:10].js',
      assetModuleFilename: ASSET_FILENAME,
      // A deploy with new file names and build id from unchanged source (the redeploy test).
      hashSalt: process.env.WPC_HASH_SALT || undefined,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: federationAliases() },
    module: { rules: moduleRules({ name, dev, server: false }) },
    plugins,
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      minimizer: [
        new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false }),
        new CssMinimizerPlugin(),
      ],
      splitChunks: {
        cacheGroups: {
          // All of a package's own CSS in one file: a page links it, and client-side navigation
          // into the area loads it once. A remote leaves out @wpc/shared's CSS, which comes with
          // the shell (the provider of the shared modules); its fallback copies keep their own.
          styles: {
            type: 'css/mini-extract',
            name: `${name}-styles`,
            chunks: 'all',
            enforce: true,
            test: (module) => role === 'host' || !String(module.identifier()).includes(sharedSource),
          },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devServer: {
      port,
      hot: false,
      liveReload: true,
      historyApiFallback: role === 'host',
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: role === 'host' ? [{ directory: path.join(dir, 'dev'), publicPath: '/' }] : [],
      // As the edge does in production: the scorecard deployment owns the downloads, and each
      // remote's files are under /mfe/<name>/ (the addresses its published content uses).
      proxy:
        role === 'host'
          ? [
              { context: ['/assets/content'], target: `http://localhost:${ports.scorecard}` },
              ...['home', 'scorecard', 'showcase', 'map'].map((remote) => ({
                context: [`/mfe/${remote}/`],
                target: `http://localhost:${ports[remote]}`,
                pathRewrite: { [`^/mfe/${remote}`]: '' },
              })),
            ]
          : [],
      client: { overlay: { warnings: false, errors: true } },
      // The dev site has one address, so the remotes' scripts are same-site (dev-address.cjs). A
      // remote answers its pages' data from its seed, as its build would (dev-page-data.cjs).
      setupMiddlewares:
        role === 'host'
          ? (middlewares) => [{ name: 'localhost-only', middleware: redirectLoopbackToLocalhost }, ...middlewares]
          : (middlewares) => [{ name: 'seed-page-data', middleware: devPageData({ name, dir }) }, ...middlewares],
    },
  };
}

module.exports = { createWebpackConfig, sharedModules, moduleRules };
