import { planarFeature, planarPolygons } from '../src/map/antimeridian';

describe('planarPolygons', () => {
  it('leaves a ring that does not cross 180° alone', () => {
    const ring = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(planarPolygons([ring])).toEqual([[ring]]);
  });

  it('makes a ring that crosses 180° continuous and repeats it on the other side', () => {
    const fiji = [
      [178, -17],
      [-179, -17],
      [-179, -16],
      [178, -16],
      [178, -17],
    ];
    expect(planarPolygons([fiji])).toEqual([
      [
        [
          [178, -17],
          [181, -17],
          [181, -16],
          [178, -16],
          [178, -17],
        ],
      ],
      [
        [
          [-182, -17],
          [-179, -17],
          [-179, -16],
          [-182, -16],
          [-182, -17],
        ],
      ],
    ]);
  });

  it('closes a ring that goes round the South Pole over the pole', () => {
    const antarctica = [
      [-180, -80],
      [-60, -70],
      [60, -70],
      [180, -80],
      [-180, -80],
    ];
    const [ring] = planarPolygons([antarctica])[0] ?? [];
    expect(ring).toEqual([
      [-180, -80],
      [-60, -70],
      [60, -70],
      [180, -80],
      [180, -80],
      [180, -90],
      [-180, -90],
      [-180, -80],
    ]);
  });
});

describe('planarFeature', () => {
  it('turns a polygon into a multipolygon and keeps its properties', () => {
    const planar = planarFeature({
      type: 'Feature',
      properties: { name: 'Square' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    });
    expect(planar.properties).toEqual({ name: 'Square' });
    expect(planar.geometry.type).toBe('MultiPolygon');
  });
});
