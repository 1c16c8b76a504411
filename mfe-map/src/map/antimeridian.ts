import type { Feature, Geometry, MultiPolygon, Position } from 'geojson';

// world-atlas stitches shapes across the 180° meridian, which suits a globe. On a flat map a
// ring that jumps from +180 to -180 would be drawn straight across the world, so such rings
// are made continuous, closed over the pole when they go round it (Antarctica), and repeated
// 360° over so the part past the edge shows at the other side (Chukotka, Fiji).

function unwrapRing(ring: readonly Position[]): { ring: Position[]; turns: number } {
  const unwrapped: Position[] = [];
  let offset = 0;
  let previous: number | undefined;
  for (const [long = 0, lat = 0] of ring) {
    if (previous !== undefined) {
      const step = long - previous;
      if (step > 180) offset -= 360;
      else if (step < -180) offset += 360;
    }
    previous = long;
    unwrapped.push([long + offset, lat]);
  }
  return { ring: unwrapped, turns: offset / 360 };
}

function closeOverPole(ring: Position[]): Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return ring;
  const meanLat = ring.reduce((sum, [, lat = 0]) => sum + lat, 0) / ring.length;
  const pole = meanLat < 0 ? -90 : 90;
  return [...ring, [last[0] ?? 0, pole], [first[0] ?? 0, pole], first];
}

function shifted(rings: readonly Position[][], by: number): Position[][] {
  return rings.map((ring) => ring.map(([long = 0, lat = 0]) => [long + by, lat]));
}

/** One polygon's rings, as one or more polygons that draw correctly on a flat map. */
export function planarPolygons(rings: readonly (readonly Position[])[]): Position[][][] {
  const unwrapped = rings.map((ring) => {
    const { ring: continuous, turns } = unwrapRing(ring);
    return turns === 0 ? continuous : closeOverPole(continuous);
  });
  const longs = unwrapped.flat().map(([long = 0]) => long);
  const copies: Position[][][] = [unwrapped];
  if (Math.max(...longs) > 180) copies.push(shifted(unwrapped, -360));
  if (Math.min(...longs) < -180) copies.push(shifted(unwrapped, 360));
  return copies;
}

function planarGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return toMultiPolygon([geometry.coordinates]);
  if (geometry.type === 'MultiPolygon') return toMultiPolygon(geometry.coordinates);
  return geometry;
}

function toMultiPolygon(polygons: readonly Position[][][]): MultiPolygon {
  return { type: 'MultiPolygon', coordinates: polygons.flatMap((rings) => planarPolygons(rings)) };
}

/** One feature, drawn correctly on a flat map (the map converts the countries one at a time). */
export function planarFeature<P>(item: Feature<Geometry, P>): Feature<Geometry, P> {
  return item.geometry ? { ...item, geometry: planarGeometry(item.geometry) } : item;
}
