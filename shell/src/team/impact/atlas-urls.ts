/**
 * Where the us-atlas shapes are served from: files of the build (assets/), fetched when the map
 * first shows a level. Files rather than chunks, so the shell's runtime on every public page
 * lists no chunk for them (the first-load budget), and JSON is parsed faster than a script.
 */
export const ATLAS_URLS = {
  state: new URL('us-atlas/states-albers-10m.json', import.meta.url).href,
  county: new URL('us-atlas/counties-albers-10m.json', import.meta.url).href,
} as const;
