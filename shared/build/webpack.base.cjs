// The one webpack configuration every front-end deployable derives from: loaders, sharing
// rules and output naming are decided here so the shell and the remotes cannot drift apart.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const zlib = require('node:zlib');
const { ports } = require('../ports.cjs');

const root = path.resolve(__dirname, '../..');
const depVersion = (pkg) => require(path.join(root, 'node_modules', pkg, 'package.json')).version;
const sharedVersion = require('../package.json').version;

/** Every browser subpath of @wpc/shared, shared once like React (schemas carry zod and serve the API). */
const sharedEntries = Object.keys(require('../package.json').exports)
  .filter((entry) => !entry.includes('*') && !entry.endsWith('.css') && !['./ports', './schemas'].includes(entry))
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
function sharedModules() {
  const singleton = (version) => ({ singleton: true, requiredVersion: `^${version}`, strictVersion: false });
  const modules = {
    react: singleton(depVersion('react')),
    'react/jsx-runtime': singleton(depVersion('react')),
    'react-dom': singleton(depVersion('react-dom')),
    'react-dom/client': singleton(depVersion('react-dom')),
    'react-router-dom': singleton(depVersion('react-router-dom')),
    'single-spa-react': singleton(depVersion('single-spa-react')),
  };
  for (const entry of sharedEntries) modules[entry] = singleton(sharedVersion);
  return modules;
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

/**
 * The dev server's port is not an option: it comes from shared/ports.cjs (EDGE_PORT for the
 * host, MFE_<AREA>_PORT for a remote), the same numbers the servers and tests use.
 * @param {object} options
 * @param {string} options.name     federation name: 'shell' or the remote's area
 * @param {string} options.dir      the package folder (__dirname of its webpack config)
 * @param {'host'|'remote'} options.role
 */
function createWebpackConfig({ name, dir, role }) {
  return (_env, argv) => {
    const dev = argv.mode !== 'production';
    const port = role === 'host' ? ports.edge : ports[name];
    const publicDir = path.join(dir, 'public');

    const plugins = [
      new webpack.DefinePlugin({
        'process.env.WPC_API_BASE': JSON.stringify(dev ? `http://localhost:${ports.api}` : ''),
      }),
      new ModuleFederationPlugin({
        name,
        ...(role === 'remote'
          ? { filename: 'remoteEntry.js', exposes: { './spa': './src/spa.tsx' } }
          : { remotes: {}, runtimePlugins: [path.join(dir, 'src/federation/retry-runtime-plugin.ts')] }),
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
    ];
    if (require('node:fs').existsSync(publicDir)) {
      // In development the shell's remotes.json comes from dev/, pointing at each dev server.
      const ignore = ['**/index.html', ...(dev ? ['**/remotes.json'] : [])];
      plugins.push(new CopyPlugin({ patterns: [{ from: publicDir, globOptions: { ignore } }] }));
    }
    if (role === 'host') {
      plugins.push(new HtmlWebpackPlugin({ template: path.join(publicDir, 'index.html'), scriptLoading: 'defer' }));
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
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: swcLoader(dev) },
          {
            test: /\.module\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  // The area prefix keeps every team's class names apart in the one document.
                  modules: { localIdentName: dev ? `${name}__[name]__[local]` : `${name}-[hash:base64:6]`, namedExport: false },
                },
              },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|webp|avif|gif|svg|pdf|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins,
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
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
        // As the edge does in production: the scorecard deployment owns the downloads.
        proxy: role === 'host' ? [{ context: ['/assets/content'], target: `http://localhost:${ports.scorecard}` }] : [],
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
}

module.exports = { createWebpackConfig, sharedModules };
