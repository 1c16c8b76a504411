const { createWebpackConfig } = require('@wpc/shared/build/webpack.base.cjs');

module.exports = createWebpackConfig({ name: 'shell', dir: __dirname, role: 'host' });
