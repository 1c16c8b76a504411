const { createWebpackConfig } = require('@wpc/shared/build/webpack.base.cjs');

module.exports = createWebpackConfig({ name: 'scorecard', dir: __dirname, role: 'remote' });
