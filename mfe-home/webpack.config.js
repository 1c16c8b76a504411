const { createWebpackConfig } = require('@wpc/shared/build/webpack.base.cjs');

module.exports = createWebpackConfig({ name: 'home', dir: __dirname, role: 'remote' });
