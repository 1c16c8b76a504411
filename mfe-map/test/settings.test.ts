import {
  INITIAL_CENTRE,
  LOGO_MIN_ZOOM,
  MAX_ZOOM,
  TILE_LAYER,
  WORLD_BOUNDS,
  initialZoomFor,
  markerSizeRem,
} from '../src/map/settings';
import { TILE_SOURCE } from '@wpc/shared/server/security-headers.cjs';

// Expected values are spec §2 "Map page".
describe('initialZoomFor', () => {
  it.each([
    [375, 3],
    [1280, 3],
    [1999, 3],
    [2000, 5],
    [2560, 5],
  ])('is %i px wide -> zoom %i', (width, zoom) => {
    expect(initialZoomFor(width)).toBe(zoom);
  });

  it('never starts below the zoom at which logos show, so every marker is a logo', () => {
    expect(Math.min(initialZoomFor(0), initialZoomFor(5000))).toBeGreaterThanOrEqual(LOGO_MIN_ZOOM);
  });
});

describe('markerSizeRem', () => {
  it.each([
    [1, 1.625],
    [3, 1.875],
    [4, 2],
    [5, 2.125],
    [18, 3.75],
  ])('at zoom %i is %f rem', (zoom, rem) => {
    expect(markerSizeRem(zoom)).toBeCloseTo(rem, 10);
  });
});

describe('map settings', () => {
  it('zooms in to 18 at most', () => {
    expect(MAX_ZOOM).toBe(18);
  });

  it('is bounded by the whole world', () => {
    expect(WORLD_BOUNDS).toEqual([
      [-90, -180],
      [90, 180],
    ]);
  });

  it('starts over the central United States', () => {
    const [lat, long] = INITIAL_CENTRE;
    expect(lat).toBeGreaterThan(35);
    expect(lat).toBeLessThan(42);
    expect(long).toBeGreaterThan(-102);
    expect(long).toBeLessThan(-94);
  });

  it('uses a dark tile layer and credits it', () => {
    expect(TILE_LAYER.url).toContain('dark');
    expect(TILE_LAYER.url).toMatch(/^https:\/\//);
    expect(TILE_LAYER.attribution).toContain('OpenStreetMap');
  });
});

describe('the tile host', () => {
  it('is one the pages’ Content-Security-Policy allows for images', () => {
    const host = new URL(TILE_LAYER.url.replace('{s}', TILE_LAYER.subdomains[0]!)).host;
    const [scheme, pattern] = TILE_SOURCE.split('://') as [string, string];
    expect(TILE_LAYER.url.startsWith(`${scheme}://`)).toBe(true);
    expect(host.endsWith(pattern.replace(/^\*/, ''))).toBe(true);
  });
});
