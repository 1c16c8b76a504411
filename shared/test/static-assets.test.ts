import { cacheControlFor } from '@wpc/shared/server/static-assets.cjs';

describe('cache rules for built files', () => {
  it('lets content-hashed files, and their compressed copies, be cached for good', () => {
    for (const file of ['/dist/923.48ed98c9b5.js', '/dist/__federation_expose_spa.d5605f977c.js.gz', '/dist/assets/logo.0123456789.svg.br']) {
      expect(cacheControlFor(file)).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates entry files, manifests, HTML and documents on every load', () => {
    for (const file of ['/dist/remoteEntry.js', '/dist/remoteEntry.js.br', '/dist/mf-manifest.json', '/dist/index.html.gz', '/dist/main.js', '/dist/assets/docs/policy.pdf']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });
});
