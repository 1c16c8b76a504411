// The shell's documents start its code from the inline START_SCRIPT (start-script.cjs) instead
// of a <script defer>: a deferred script that arrives before the first frame runs before it, and
// the page's first paint then waits for its whole start-up (hydration included).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { SHELL_ENTRY, START_SCRIPT } = require('./start-script.cjs');

class StartAfterPaintPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartAfterPaintPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartAfterPaintPlugin', (groups) => {
        const isScript = (tag) => tag.tagName === 'script' && tag.attributes.src;
        const scripts = [...groups.headTags, ...groups.bodyTags].filter(isScript);
        const sources = scripts.map((tag) => tag.attributes.src);
        // START_SCRIPT names the one entry file; anything else would never run.
        if (sources.join() !== SHELL_ENTRY)
          throw new Error(`The shell's document must start exactly ${SHELL_ENTRY}, found: ${sources.join(', ')}`);
        const keep = (tags) => tags.filter((tag) => !isScript(tag));
        return {
          ...groups,
          // No preload of the entry: Chromium compiles a preloaded script on the main thread when it
          // runs (one long task, about 100 ms of Lighthouse's Total Blocking Time on every page,
          // issue 32), and streams a script it fetches for a <script> element. The start script
          // adds it once the page is painted.
          headTags: keep(groups.headTags),
          bodyTags: [
            ...keep(groups.bodyTags),
            {
              tagName: 'script',
              voidTag: false,
              innerHTML: START_SCRIPT,
              attributes: {},
              meta: { plugin: 'StartAfterPaintPlugin' },
            },
          ],
        };
      });
    });
  }
}

module.exports = { StartAfterPaintPlugin };
