/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the webpack config is CommonJS, loaded as webpack loads it
const { sharedModules } = require('../build/webpack.base.cjs') as {
  sharedModules: (
    role?: 'host' | 'remote',
  ) => Record<string, { singleton: boolean; requiredVersion: string; strictVersion: boolean; eager?: boolean }>;
};

describe('shared modules', () => {
  const modules = sharedModules();

  it.each([
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-dom/client',
    'single-spa-react',
    '@wpc/shared/routes',
    '@wpc/shared/ui',
  ])('%s is one singleton for the whole page', (name) => {
    expect(modules[name]).toMatchObject({ singleton: true });
  });

  it('bundles react-router-dom into @wpc/shared/area, the one module allowed to import it', () => {
    // Not shared (a shared module keeps every export): the area singleton carries a tree-shaken
    // copy. Any other importer would bundle a second router whose hooks miss the area's context.
    expect(modules['react-router-dom']).toBeUndefined();
    expect(modules['@wpc/shared/area']).toMatchObject({ singleton: true });
    const root = path.resolve(__dirname, '../..');
    const importers = [
      'shared/src',
      'shell/src',
      'mfe-home/src',
      'mfe-scorecard/src',
      'mfe-showcase/src',
      'mfe-map/src',
    ]
      .flatMap((dir) =>
        fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)),
      )
      .filter(
        (file) =>
          /\.tsx?$/.test(file) &&
          /from 'react-router(-dom)?(\/[a-z]+)?'/.test(fs.readFileSync(path.join(root, file), 'utf8')),
      )
      .map((file) => file.split(path.sep).join('/'));
    // area-server.tsx renders pages in Node (StaticRouter), never in a browser bundle; page-data.tsx
    // is part of @wpc/shared/area (index.tsx imports it), so bundled into the same shared module.
    expect(importers.sort()).toEqual([
      'shared/src/area/area-server.tsx',
      'shared/src/area/index.tsx',
      'shared/src/area/page-data.tsx',
    ]);
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

  it('the shell bundles what every page starts with; the forms and remotes load on demand', () => {
    const host = sharedModules('host');
    const eager = Object.keys(host).filter((name) => host[name]!.eager);
    // One request for the runtime, React and the area runtime instead of one per module.
    expect(eager).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom/client',
        'single-spa-react',
        '@wpc/shared/area',
        '@wpc/shared/routes',
      ]),
    );
    for (const lazy of ['@wpc/shared/forms', '@wpc/shared/api-client', '@wpc/shared/form-definitions'])
      expect(eager).not.toContain(lazy);
    // A remote's fallback copies stay in their own files, fetched only when the shell lacks a module.
    expect(Object.values(sharedModules('remote')).filter((config) => config.eager)).toEqual([]);
    // Same singletons and version checks on both sides.
    for (const [name, config] of Object.entries(modules)) expect(host[name]).toMatchObject(config);
  });

  it('keeps the API-only schemas (with zod) out of the browser share scope', () => {
    expect(modules).not.toHaveProperty(['@wpc/shared/schemas']);
    expect(modules).not.toHaveProperty(['@wpc/shared/ports']);
  });
});
