/** @jest-environment node */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config is CommonJS, loaded as webpack loads it
const { sharedModules } = require('../build/webpack.base.cjs') as {
  sharedModules: () => Record<string, { singleton: boolean; requiredVersion: string; strictVersion: boolean }>;
};

describe('shared modules', () => {
  const modules = sharedModules();

  it.each([
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    'react-router-dom',
    'single-spa-react',
    '@wpc/shared/routes',
    '@wpc/shared/ui',
  ])('%s is one singleton for the whole page', (name) => {
    expect(modules[name]).toMatchObject({ singleton: true });
  });

  it('checks versions without ever refusing to load: a mismatch warns and uses the loaded singleton', () => {
    for (const [name, config] of Object.entries(modules)) {
      expect({ name, requiredVersion: config.requiredVersion }).toEqual({
        name,
        requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.\d+/),
      });
      // strictVersion: true makes the MF runtime throw on a mismatch, so the remote would not load.
      expect({ name, strictVersion: config.strictVersion }).toEqual({ name, strictVersion: false });
    }
  });

  it('keeps the API-only schemas (with zod) out of the browser share scope', () => {
    expect(modules).not.toHaveProperty(['@wpc/shared/schemas']);
    expect(modules).not.toHaveProperty(['@wpc/shared/ports']);
  });
});
