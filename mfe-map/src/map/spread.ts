// Markers of nearby organisations (Oakland and San Francisco at the initial zoom) would cover one
// another, leaving targets too small to hit (WCAG 2.5.8 asks for 24px). Close markers are spread
// on a small ring around the place they share instead, at every zoom, so each one stays whole,
// reachable by pointer and keyboard, and next to where it belongs. No Leaflet here: the map
// passes projected pixel positions in and moves each icon by the offset it gets back.

export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Markers are square targets (round only to the eye), so "apart" means their boxes do not
 * overlap: centres at least `spacing` apart across or down, whichever is larger.
 */
const boxesApart = (a: Point, b: Point, spacing: number) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) >= spacing - 1e-6;

/**
 * Where a group's members go: on a ring round their centre, neighbours `spacing` × √2 apart so
 * that even diagonal neighbours' boxes clear each other.
 */
function ring(points: readonly Point[], members: readonly number[], spacing: number): Map<number, Point> {
  const placed = new Map<number, Point>();
  if (members.length === 1) {
    const only = members[0] as number;
    placed.set(only, points[only] as Point);
    return placed;
  }
  const centre = members.reduce(
    (sum, index) => ({
      x: sum.x + (points[index] as Point).x / members.length,
      y: sum.y + (points[index] as Point).y / members.length,
    }),
    { x: 0, y: 0 },
  );
  // Members keep their compass order round the centre (ties, such as equal places, by list order),
  // so the ring looks like the real arrangement; the first sits at its own bearing.
  const bearing = (index: number) =>
    Math.atan2((points[index] as Point).y - centre.y, (points[index] as Point).x - centre.x);
  const ordered = [...members].sort((a, b) => bearing(a) - bearing(b) || a - b);
  const radius = (spacing * Math.SQRT2) / (2 * Math.sin(Math.PI / members.length));
  const start = bearing(ordered[0] as number);
  ordered.forEach((index, position) => {
    const angle = start + (2 * Math.PI * position) / ordered.length;
    placed.set(index, { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) });
  });
  return placed;
}

/**
 * For markers at `points` (pixels at one zoom), the offset that moves each so that no two
 * `spacing`-wide boxes round them overlap. Markers far enough from all others stay where they are (offset 0).
 * Groups grow until no two placed markers are too close: a ring that reaches another marker or
 * ring takes it in, and the larger ring is laid out again.
 */
export function spreadOffsets(points: readonly Point[], spacing: number): Point[] {
  const groupOf = points.map((_, index) => index);
  const members = (group: number) => groupOf.flatMap((owner, index) => (owner === group ? [index] : []));

  for (;;) {
    const placed = new Map<number, Point>();
    for (const group of new Set(groupOf))
      for (const [index, at] of ring(points, members(group), spacing)) placed.set(index, at);
    let merged = false;
    for (let a = 0; a < points.length && !merged; a += 1) {
      for (let b = a + 1; b < points.length && !merged; b += 1) {
        if (groupOf[a] !== groupOf[b] && !boxesApart(placed.get(a) as Point, placed.get(b) as Point, spacing)) {
          const from = groupOf[b];
          groupOf.forEach((owner, index) => owner === from && (groupOf[index] = groupOf[a] as number));
          merged = true;
        }
      }
    }
    if (!merged) {
      return points.map((point, index) => {
        const at = placed.get(index) as Point;
        return { x: at.x - point.x, y: at.y - point.y };
      });
    }
  }
}
