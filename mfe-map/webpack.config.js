const { createWebpackConfig } = require('@wpc/shared/build/webpack.base.cjs');

module.exports = createWebpackConfig({ name: 'map', dir: __dirname, role: 'remote' });
