// How every deployable serves its build: precompressed files, and cache rules that let hashed
// assets live forever while entry files, manifests and HTML are revalidated on every load.
const path = require('node:path');
const expressStaticGzip = require('express-static-gzip');

// Content-hashed names, also as their precompressed .br/.gz variants.
const HASHED_ASSET = /\.[0-9a-f]{10}\.[a-z0-9]+(\.(br|gz))?$/i;

function cacheControlFor(filePath) {
  return HASHED_ASSET.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * @param {string} dir the build folder
 * @param {{ cors?: boolean }} [options] cors: let pages on other origins load these assets
 */
function staticAssets(dir, options = {}) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      fallthrough: true,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControlFor(filePath));
        if (options.cors) res.setHeader('Access-Control-Allow-Origin', '*');
      },
    },
  });
}

module.exports = { staticAssets, cacheControlFor };
