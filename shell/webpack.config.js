const path = require('node:path');
const CopyPlugin = require('copy-webpack-plugin');
const { createWebpackConfig } = require('@wpc/shared/build/webpack.base.cjs');

const base = createWebpackConfig({ name: 'shell', dir: __dirname, role: 'host' });

/**
 * The console's Impact page (issue 40) may not add to the runtime every public page loads:
 * - d3 and Observable Plot export anonymous default functions, for which webpack adds a helper
 *   (__webpack_require__.dn) to the runtime that sets their name to "default"; nothing reads it.
 * - Plot and d3 stay in the page's own chunk instead of a vendors chunk of their own, one entry
 *   fewer in the runtime's chunk map (webpack's default vendors group, minus these modules);
 * - the us-atlas shapes are copied as plain files (fetched by the reach map), not chunks or
 *   new URL() assets, which would add to the runtime's chunk map or its baseURI helper.
 */
const IMPACT_MODULES = /[\\/]node_modules[\\/](?:@observablehq|d3|d3-[a-z-]+|topojson-client|isoformat)[\\/]/;
const ATLAS = path.dirname(require.resolve('us-atlas/package.json'));
const { version: ATLAS_VERSION } = require('us-atlas/package.json');

function forImpact(config) {
  config.module.rules.push({ test: IMPACT_MODULES, parser: { anonymousDefaultExportName: false } });
  if (config.name === 'browser') {
    config.optimization.splitChunks.cacheGroups.defaultVendors = {
      idHint: 'vendors',
      reuseExistingChunk: true,
      priority: -10,
      test: (module) =>
        /[\\/]node_modules[\\/]/i.test(module.resource ?? '') && !IMPACT_MODULES.test(module.resource ?? ''),
    };
    config.plugins.push(
      new CopyPlugin({
        patterns: ['states-albers-10m.json', 'counties-albers-10m.json'].map((file) => ({
          from: path.join(ATLAS, file),
          to: `assets/us-atlas/${ATLAS_VERSION}/${file}`,
        })),
      }),
    );
  }
  return config;
}

module.exports = (env, argv) => {
  const configs = base(env, argv);
  return Array.isArray(configs) ? configs.map(forImpact) : forImpact(configs);
};
