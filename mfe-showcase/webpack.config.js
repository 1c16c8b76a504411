const { createWebpackConfig } = require('@wpc/shared/build/webpack.base.cjs');

module.exports = createWebpackConfig({ name: 'showcase', dir: __dirname, role: 'remote' });
