/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtAssetNames, seedImagesOfBuild } from '../server/seed-images';

/** A remote's dist/ after a build: its assets as the build named them. */
function distWith(files: readonly string[]): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-seed-images-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const file of files) fs.writeFileSync(path.join(dist, 'assets', file), '<svg/>');
  return dist;
}

// A map organisation as the API keeps it: published from the seed of an earlier build.
const organisation = {
  type: 'organisation',
  id: 'organisation-05',
  slug: 'boreal-fireguard',
  data: {
    name: 'Boreal Fireguard',
    website: 'https://boreal.example',
    logo: {
      src: '/mfe/map/assets/boreal-fireguard.07f5c44d26.svg',
      alt: 'Boreal Fireguard logo',
      width: 64,
      height: 64,
    },
  },
};

describe('seed images follow the build', () => {
  test('an address the new build lacks is its file of the same name, and nothing else changes', () => {
    const dist = distWith(['boreal-fireguard.9ce93bab47.svg', 'emberline-analytics.2805fcf71b.svg', 'remoteEntry.js']);
    const ofBuild = seedImagesOfBuild('map', builtAssetNames(dist));
    expect(ofBuild(organisation)).toEqual({
      ...organisation,
      data: {
        ...organisation.data,
        logo: { ...organisation.data.logo, src: '/mfe/map/assets/boreal-fireguard.9ce93bab47.svg' },
      },
    });
    // The published entry itself is not touched.
    expect(organisation.data.logo.src).toBe('/mfe/map/assets/boreal-fireguard.07f5c44d26.svg');
  });

  test('images in lists are found too (a showcase with its presenters)', () => {
    const dist = distWith(['ana-ruiz.1a2b3c4d5e.svg']);
    const ofBuild = seedImagesOfBuild('showcase', builtAssetNames(dist));
    const showcase = {
      data: {
        presenters: [
          {
            name: 'Ana Ruiz',
            photo: { src: '/mfe/showcase/assets/ana-ruiz.ffffffffff.svg', alt: 'Ana Ruiz', width: 96, height: 96 },
          },
          { name: 'No photo' },
        ],
      },
    };
    expect(ofBuild(showcase).data.presenters[0]!.photo!.src).toBe('/mfe/showcase/assets/ana-ruiz.1a2b3c4d5e.svg');
    expect(ofBuild(showcase).data.presenters[1]).toBe(showcase.data.presenters[1]);
  });

  test('an address the build has, an uploaded image, another area, a file the build does not have and text are left as published', () => {
    const dist = distWith(['boreal-fireguard.07f5c44d26.svg', 'emberline-analytics.2805fcf71b.svg']);
    const ofBuild = seedImagesOfBuild('map', builtAssetNames(dist));
    const entries = [
      organisation,
      { data: { logo: { id: 'img_0123456789abcdef', alt: 'An upload', width: 640, height: 480 } } },
      {
        data: {
          logo: { src: '/mfe/showcase/assets/emberline-analytics.0000000000.svg', alt: 'x', width: 1, height: 1 },
        },
      },
      { data: { logo: { src: '/mfe/map/assets/gone-for-good.07f5c44d26.svg', alt: 'x', width: 1, height: 1 } } },
      { data: { description: 'Our logo is at /mfe/map/assets/emberline-analytics.0000000000.svg', src: 42 } },
    ];
    for (const entry of entries) expect(ofBuild(entry)).toBe(entry);
  });

  test('a remote with no assets folder yet leaves every address as published', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wpc-seed-images-'));
    expect(builtAssetNames(empty).size).toBe(0);
    expect(seedImagesOfBuild('map', builtAssetNames(empty))(organisation)).toBe(organisation);
  });
});
