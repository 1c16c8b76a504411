import { spreadOffsets, type Point } from '../src/map/spread';

const moved = (points: readonly Point[], spacing: number) =>
  spreadOffsets(points, spacing).map((offset, index) => ({
    x: (points[index] as Point).x + offset.x,
    y: (points[index] as Point).y + offset.y,
  }));
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
/** How far apart two square markers' centres are for box overlap: across or down, the larger. */
const boxDistance = (a: Point, b: Point) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
const closestPair = (points: readonly Point[]) => {
  let closest = Infinity;
  for (let a = 0; a < points.length; a += 1)
    for (let b = a + 1; b < points.length; b += 1) closest = Math.min(closest, boxDistance(points[a]!, points[b]!));
  return closest;
};

describe('spreadOffsets', () => {
  it('leaves markers that are far enough apart where they are', () => {
    expect(
      spreadOffsets(
        [
          { x: 0, y: 0 },
          { x: 40, y: 0 },
          { x: 0, y: 40 },
        ],
        34,
      ),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 0 },
      { x: 0, y: 0 },
    ]);
  });

  it('moves two close markers apart about their midpoint, keeping their sides', () => {
    const [a, b] = moved(
      [
        { x: 100, y: 100 },
        { x: 110, y: 104 },
      ],
      34,
    );
    expect(boxDistance(a!, b!)).toBeGreaterThanOrEqual(34 - 1e-6);
    expect((a!.x + b!.x) / 2).toBeCloseTo(105);
    expect((a!.y + b!.y) / 2).toBeCloseTo(102);
    expect(a!.x).toBeLessThan(b!.x);
  });

  it('spreads markers at the very same place, and whole clusters, so none are closer than the spacing', () => {
    const same = moved(
      [
        { x: 5, y: 5 },
        { x: 5, y: 5 },
        { x: 5, y: 5 },
      ],
      30,
    );
    expect(closestPair(same)).toBeGreaterThanOrEqual(30 - 1e-6);
    // A dense cluster and a lone neighbour that the cluster's ring reaches.
    const dense = [
      ...Array.from({ length: 8 }, (_, i) => ({ x: 200 + (i % 3) * 6, y: 200 + i * 4 })),
      { x: 250, y: 215 },
    ];
    const spread = moved(dense, 34);
    expect(closestPair(spread)).toBeGreaterThanOrEqual(34 - 1e-6);
    // Still near home: no marker leaves its cluster's neighbourhood.
    spread.forEach((point, index) => expect(distance(point, dense[index]!)).toBeLessThan(120));
  });

  it('gives the same answer for the same markers (a page render and the next agree)', () => {
    const points = [
      { x: 1, y: 2 },
      { x: 3, y: 1 },
      { x: 60, y: 60 },
      { x: 62, y: 58 },
    ];
    expect(spreadOffsets(points, 30)).toEqual(spreadOffsets(points, 30));
  });
});
