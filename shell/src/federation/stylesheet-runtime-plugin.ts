import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Leaves a remote's stylesheets to webpack's CSS loading (mini-css-extract-plugin), which finds
 * those the page already links and waits for the others before the remote's code runs. The
 * federation runtime would otherwise add the manifest's CSS a second time, without waiting.
 */
export default function stylesheetRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'wpc-stylesheets-by-webpack',
    beforePreloadRemote({ preloadOps }) {
      for (const options of preloadOps) {
        const keep = options.filter;
        options.filter = (url: string) => !url.endsWith('.css') && (keep ? keep(url) : true);
      }
    },
  };
}
