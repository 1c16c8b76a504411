// @ts-check
// `npm run dev`: a remote's dev server answers its pages' data (ssr/<route>.data.json) from its
// seed, as its production build writes it, so pages that read published content work without a
// build. The area's TypeScript modules are loaded with tsx, afresh on each request (an edit to the
// seed shows on the next load); images they import are addressed under the remote, as in
// production, and served from the package by the same middleware.
const path = require('node:path');
const { createRequire } = require('node:module');

const root = path.resolve(__dirname, '../..');
const express = require('express');

const IMPORTED_FILES = ['.svg', '.png', '.jpg', '.jpeg', '.webp', '.pdf'];
/** Where the dev server serves the files the seed's modules import (by their path in the package). */
const DEV_FILES = '__dev-files';

/** @typedef {import('../src/area/area-content').AreaContentDefinition} AreaContentDefinition */

/**
 * @param {{ name: string, dir: string }} remote
 * @returns {(req: import('express').Request, res: import('express').Response, next: () => void) => void}
 */
function devPageData({ name, dir }) {
  const { pageDataFile } = require('../src/page-contract.cjs');
  let registered = false;
  const load = () => {
    if (!registered) {
      // TypeScript for the rest of this (development) process, then what a module imports that
      // Node cannot read: an image is its address under the remote, a stylesheet nothing.
      createRequire(__filename)('tsx/cjs/api').register();
      for (const extension of IMPORTED_FILES)
        require.extensions[extension] = (module, filename) => {
          module.exports = `/mfe/${name}/${DEV_FILES}/${path.relative(dir, filename).split(path.sep).join('/')}`;
        };
      require.extensions['.css'] = (module) => {
        module.exports = {};
      };
      registered = true;
    }
    for (const id of Object.keys(require.cache)) if (id.startsWith(path.join(dir, 'src'))) delete require.cache[id];
    const content = path.join(dir, 'src', 'content');
    /** @type {AreaContentDefinition} */
    const definition = {
      model: require(path.join(content, 'model.ts')).MODEL,
      pageData: require(path.join(content, 'page-data.ts')).PAGE_DATA,
      pageMeta: require(path.join(content, 'page-meta.ts')).PAGE_META,
    };
    const { createAreaContent } = require(path.join(root, 'shared/src/area/area-content.ts'));
    return createAreaContent(definition);
  };

  const files = express.static(dir, { index: false });
  return (req, res, next) => {
    if (req.path.startsWith(`/${DEV_FILES}/src/`) && IMPORTED_FILES.includes(path.extname(req.path))) {
      req.url = req.url.slice(DEV_FILES.length + 1);
      return files(req, res, next);
    }
    const match = /^\/ssr\/(.+)\.data\.json$/.exec(req.path);
    if (!match) return next();
    const pagePath = match[1] === 'index' ? '/' : `/${match[1]}`;
    try {
      const area = load();
      const page = area.pageFor(pagePath, area.seedContent());
      if (!page || page.data === undefined) {
        res.status(404).type('text/plain').send('No such page, or it reads no content');
        return;
      }
      res.type('application/json').send(pageDataFile('development', page.meta.title, page.data));
    } catch (error) {
      console.error(`The ${name} seed could not be read for ${pagePath}`, error);
      res.status(500).type('text/plain').send(String(error));
    }
  };
}

module.exports = { devPageData };
