// Everything the map's look and limits depend on, in one place. No Leaflet import here: the
// page and the tests read these values without downloading the map library.

/** The dark basemap (CARTO "Dark Matter", OpenStreetMap data). Its terms ask for this attribution. */
export const TILE_LAYER = {
  url: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
  subdomains: 'abcd',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors ' +
    '&copy; <a href="https://carto.com/attributions">CARTO</a>',
} as const;

/** Credit for the country outlines drawn beneath the tiles (public domain, credited anyway). */
export const OUTLINES_ATTRIBUTION = 'Outlines: <a href="https://www.naturalearthdata.com/">Natural Earth</a>';

/** Spec §2: the initial zoom is 3, or 5 when the window is at least 2000px wide. */
export const INITIAL_ZOOM = 3;
export const WIDE_WINDOW_INITIAL_ZOOM = 5;
export const WIDE_WINDOW_MIN_WIDTH = 2000;
export const MAX_ZOOM = 18;

/** Roughly the centre of the contiguous United States (near Lebanon, Kansas). */
export const INITIAL_CENTRE: readonly [number, number] = [39.5, -98.35];

/** The whole world, once: the map cannot be dragged past it and tiles do not repeat. */
export const WORLD_BOUNDS: readonly [readonly [number, number], readonly [number, number]] = [
  [-90, -180],
  [90, 180],
];
/** 1 makes the world's edge solid: a drag past it stops there instead of springing back. */
export const MAX_BOUNDS_VISCOSITY = 1;

/** Spec §2: a logo is the marker once the zoom is 1 or more; every zoom this map allows is. */
export const LOGO_MIN_ZOOM = 1;

/** Zoom used when the list sends the map to one organisation: its city and the region around it. */
export const FOCUS_ZOOM = 7;

/** Minimum (and initial) zoom for a window this wide. */
export function initialZoomFor(windowWidth: number): number {
  return windowWidth >= WIDE_WINDOW_MIN_WIDTH ? WIDE_WINDOW_INITIAL_ZOOM : INITIAL_ZOOM;
}

/** Spec §2: a marker's logo is 1.5 + zoom/8 rem across. */
export function markerSizeRem(zoom: number): number {
  return 1.5 + zoom / 8;
}
