// How every deployable serves its build: the precompressed .br/.gz copy the build wrote when the
// browser takes it, and cache rules that let hashed assets live forever while entry files,
// manifests and HTML are revalidated on every load. Files are looked up on every request, so a
// rebuild is served correctly without a restart.
const fs = require('node:fs/promises');
const path = require('node:path');
const express = require('express');

// Content-hashed names, also as their precompressed .br/.gz variants.
const HASHED_ASSET = /\.[0-9a-f]{10}\.[a-z0-9]+(\.(br|gz))?$/i;
const SUFFIX = { br: '.br', gzip: '.gz' };

function cacheControlFor(filePath) {
  return HASHED_ASSET.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Brotli when the browser takes it (browsers list gzip first, so their order is not used). */
function preferredEncoding(req) {
  if (req.acceptsEncodings('br')) return 'br';
  if (req.acceptsEncodings('gzip')) return 'gzip';
  return undefined;
}

async function isFile(filePath) {
  try {
    return (await fs.stat(filePath)).isFile();
  } catch {
    return false;
  }
}

/**
 * @param {string} dir the build folder
 * @param {{ cors?: boolean }} [options] cors: let pages on other origins load these assets
 */
function staticAssets(dir, options = {}) {
  const root = path.resolve(dir);
  const serve = express.static(root, {
    index: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
      if (options.cors) res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });

  return async function precompressedStatic(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const encoding = preferredEncoding(req);
    const suffix = encoding && SUFFIX[encoding];
    const file = path.join(root, path.normalize(req.path));
    if (suffix && file.startsWith(root + path.sep) && (await isFile(file + suffix))) {
      // send() keeps a Content-Type that is already set, so the original file's type stands.
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', encoding);
      res.append('Vary', 'Accept-Encoding');
      const query = req.url.slice(req.path.length);
      req.url = `${req.path}${suffix}${query}`;
    } else if (await isFile(file + '.gz')) {
      res.append('Vary', 'Accept-Encoding');
    }
    serve(req, res, next);
  };
}

module.exports = { staticAssets, cacheControlFor, preferredEncoding };
