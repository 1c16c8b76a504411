import atlas from 'us-atlas/package.json';

/**
 * Where the us-atlas shapes are served from: plain files the shell's build copies (its
 * webpack.config.js), fetched when the map first shows a level. Files rather than chunks, so the
 * runtime every public page loads lists nothing for them; the package's version in the path
 * stands in for a content hash when the atlas is updated.
 */
export const ATLAS_URLS = {
  state: `/assets/us-atlas/${atlas.version}/states-albers-10m.json`,
  county: `/assets/us-atlas/${atlas.version}/counties-albers-10m.json`,
} as const;
