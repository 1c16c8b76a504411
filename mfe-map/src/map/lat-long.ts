export interface LatLong {
  readonly lat: number;
  readonly long: number;
}

// A plain decimal number: no exponents, hex, "Infinity" or empty parts, which Number() would accept.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads a 'lat,long' string such as '37.77,-122.42'. Anything else - another separator, a place
 * name, a missing part or a coordinate off the globe - gives null, and the entry is not plotted.
 */
export function parseLatLong(text: string): LatLong | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2) return null;
  const [latText = '', longText = ''] = parts;
  if (!DECIMAL.test(latText) || !DECIMAL.test(longText)) return null;
  const lat = Number(latText);
  const long = Number(longText);
  if (Math.abs(lat) > 90 || Math.abs(long) > 180) return null;
  return { lat, long };
}
