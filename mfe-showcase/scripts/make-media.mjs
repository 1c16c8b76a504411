#!/usr/bin/env node
// Draws the showcase's imagery as SVG files under mfe-showcase/public/media/: organisation
// logos, clip previews and the two page heroes. The logos belong to SAMPLE organisations and
// are to be replaced with the real ones. Run: node mfe-showcase/scripts/make-media.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const media = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/media');

const MOTIFS = {
  flame:
    '<path d="M60 16c9 17 28 28 28 51a28 28 0 0 1-56 0c0-13 6-22 13-28 0 11 4 17 11 19-5-15 0-29 4-42z" fill="#fff"/>',
  eye: '<path d="M16 60c12-18 27-27 44-27s32 9 44 27c-12 18-27 27-44 27S28 78 16 60z" fill="#fff"/><circle cx="60" cy="60" r="15" fill="currentColor"/><circle cx="60" cy="60" r="6" fill="#fff"/>',
  leaf: '<path d="M28 92c0-40 28-64 66-64 0 38-26 64-66 64z" fill="#fff"/><path d="M34 86l44-44" stroke="currentColor" stroke-width="5" stroke-linecap="round"/>',
  drop: '<path d="M60 18c15 22 30 38 30 57a30 30 0 0 1-60 0c0-19 15-35 30-57z" fill="#fff"/>',
  mountain: '<path d="M12 94l32-46 16 23 13-17 35 40z" fill="#fff"/><circle cx="84" cy="34" r="9" fill="#fff"/>',
  mesh: '<g stroke="#fff" stroke-width="5" fill="none"><path d="M30 34l30 22 30-22M30 34l-2 48 32-26 32 26-2-48M28 82h64"/></g><g fill="#fff"><circle cx="30" cy="34" r="9"/><circle cx="90" cy="34" r="9"/><circle cx="60" cy="56" r="9"/><circle cx="28" cy="82" r="9"/><circle cx="92" cy="82" r="9"/></g>',
  shield:
    '<path d="M60 16l36 14v26c0 24-16 42-36 50-20-8-36-26-36-50V30z" fill="#fff"/><path d="M44 60l12 12 22-24" stroke="currentColor" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  house:
    '<path d="M20 62l40-34 40 34v34H20z" fill="#fff"/><rect x="50" y="70" width="20" height="26" fill="currentColor"/>',
  robot:
    '<rect x="26" y="34" width="68" height="46" rx="10" fill="#fff"/><circle cx="46" cy="56" r="7" fill="currentColor"/><circle cx="74" cy="56" r="7" fill="currentColor"/><rect x="22" y="84" width="76" height="12" rx="6" fill="#fff"/><path d="M60 34V20" stroke="#fff" stroke-width="5"/><circle cx="60" cy="18" r="5" fill="#fff"/>',
  pines:
    '<path d="M38 22l20 34H46l18 28H12l18-28H18zM82 34l18 30h-10l14 22H58l14-22H62z" fill="#fff"/><rect x="34" y="84" width="8" height="14" fill="#fff"/><rect x="78" y="86" width="8" height="12" fill="#fff"/>',
  signal:
    '<circle cx="60" cy="76" r="9" fill="#fff"/><g stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round"><path d="M42 58a26 26 0 0 1 36 0"/><path d="M28 44a46 46 0 0 1 64 0"/></g><path d="M60 85v17" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  bolt: '<path d="M66 14L30 66h24l-8 40 40-56H62z" fill="#fff"/>',
  air: '<g stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"><path d="M18 46h52a12 12 0 1 0-12-12"/><path d="M18 64h72a12 12 0 1 1-12 12"/><path d="M18 82h34"/></g>',
  grid: '<g fill="#fff"><rect x="22" y="64" width="16" height="32" rx="3"/><rect x="46" y="46" width="16" height="50" rx="3"/><rect x="70" y="30" width="16" height="66" rx="3"/></g><path d="M22 50l24-18 24 10 28-22" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>',
  people:
    '<g fill="#fff"><circle cx="42" cy="42" r="13"/><circle cx="78" cy="42" r="13"/><path d="M18 96c0-20 11-32 24-32s24 12 24 32zM54 96c0-20 11-32 24-32s24 12 24 32z"/></g>',
  sprout:
    '<path d="M60 98V58" stroke="#fff" stroke-width="7" stroke-linecap="round"/><path d="M60 62c-2-20-16-30-36-30 0 20 14 32 36 30zM60 54c2-22 16-34 38-34 0 22-14 36-38 34z" fill="#fff"/>',
  drone:
    '<g stroke="#fff" stroke-width="6"><path d="M36 36l48 48M84 36L36 84"/></g><rect x="48" y="48" width="24" height="24" rx="6" fill="#fff"/><g fill="none" stroke="#fff" stroke-width="5"><circle cx="32" cy="32" r="13"/><circle cx="88" cy="32" r="13"/><circle cx="32" cy="88" r="13"/><circle cx="88" cy="88" r="13"/></g>',
  bird: '<path d="M18 70c18-4 30-14 38-30 6-12 18-18 30-14l16 2-12 8c4 22-10 44-36 48-14 2-28-2-36-14z" fill="#fff"/><circle cx="84" cy="34" r="4" fill="currentColor"/>',
  flask:
    '<path d="M48 18h24M52 18v30L28 94h64L68 48V18" stroke="#fff" stroke-width="7" fill="none" stroke-linejoin="round"/><path d="M38 78h44l6 12H32z" fill="#fff"/>',
};

/** [file slug, organisation, background, accent, motif]. */
const LOGOS = [
  ['wildfire-prevention-consortium', 'Wildfire Prevention Consortium', '#1f5134', '#c2410c', 'pines'],
  ['resilience-ventures-collective', 'Resilience Ventures Collective', '#0f4c81', '#1f5134', 'sprout'],
  ['embersight-labs', 'EmberSight Labs', '#9a3412', '#c2410c', 'eye'],
  ['fuelscape-analytics', 'FuelScape Analytics', '#3f6212', '#365314', 'grid'],
  ['hearthguard-materials', 'HearthGuard Materials', '#7c2d12', '#9a3412', 'shield'],
  ['canopy-drone-cooperative', 'Canopy Drone Cooperative', '#155e75', '#164e63', 'drone'],
  ['backcountry-water-works', 'Backcountry Water Works', '#1e40af', '#1e3a8a', 'drop'],
  ['cinder-mesh-networks', 'Cinder Mesh Networks', '#b45309', '#92400e', 'mesh'],
  ['grazeworks', 'GrazeWorks', '#4d7c0f', '#3f6212', 'mountain'],
  ['releaf-recovery', 'ReLeaf Recovery', '#166534', '#14532d', 'leaf'],
  ['vireo-risk-data', 'Vireo Risk Data', '#5b21b6', '#4c1d95', 'bird'],
  ['firebreak-robotics', 'Firebreak Robotics', '#374151', '#1f2937', 'robot'],
  ['safehaven-alerts', 'SafeHaven Alerts', '#be123c', '#9f1239', 'signal'],
  ['tinderline-power', 'Tinderline Power', '#a16207', '#854d0e', 'bolt'],
  ['wildland-workforce-academy', 'Wildland Workforce Academy', '#115e59', '#134e4a', 'people'],
  ['clearsky-air', 'ClearSky Air', '#0369a1', '#075985', 'air'],
  ['rxburn-planner', 'RxBurn Planner', '#c2410c', '#9a3412', 'flame'],
  ['aquashield-systems', 'Aquashield Systems', '#0e7490', '#155e75', 'house'],
  ['pyrolytics', 'Pyrolytics', '#44403c', '#292524', 'flask'],
];

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function logo(name, background, accent, motif) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><title>${escapeXml(name)}</title><rect width="120" height="120" rx="24" fill="${background}"/><g color="${accent}">${MOTIFS[motif]}</g></svg>\n`;
}

/** A ridge line across a width-1600 scene: a smooth path through seeded heights. */
function ridge(baseY, amplitude, seed, width = 1600, height = 900) {
  let value = seed;
  const random = () => {
    value = (value * 9301 + 49297) % 233280;
    return value / 233280;
  };
  const points = [];
  for (let x = 0; x <= width; x += width / 10) points.push([x, baseY - random() * amplitude]);
  let d = `M0 ${height}L${points[0][0]} ${points[0][1].toFixed(0)}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    d += `C${(x0 + (x1 - x0) / 2).toFixed(0)} ${y0.toFixed(0)} ${(x0 + (x1 - x0) / 2).toFixed(0)} ${y1.toFixed(0)} ${x1.toFixed(0)} ${y1.toFixed(0)}`;
  }
  return `${d}L${width} ${height}Z`;
}

/** A row of pine silhouettes standing on a line. */
function pines(y, count, seed, scale, width = 1600) {
  let value = seed;
  const random = () => {
    value = (value * 9301 + 49297) % 233280;
    return value / 233280;
  };
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = (i + random() * 0.8) * (width / count);
    const h = (40 + random() * 50) * scale;
    const w = h * 0.36;
    d += `M${x.toFixed(0)} ${(y - h).toFixed(0)}l${(w / 2).toFixed(0)} ${(h * 0.55).toFixed(0)}h${(-w / 5).toFixed(0)}l${(w / 1.6).toFixed(0)} ${(h * 0.45).toFixed(0)}h${(-w * 1.55).toFixed(0)}l${(w / 1.6).toFixed(0)} ${(-h * 0.45).toFixed(0)}h${(-w / 5).toFixed(0)}z`;
  }
  return d;
}

/** The presentations page hero (and the background video's poster): a ridge at dusk. */
function presentationsHero() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900" preserveAspectRatio="xMidYMid slice">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#10251c"/><stop offset="0.55" stop-color="#3b2a22"/><stop offset="0.82" stop-color="#b4532a"/><stop offset="1" stop-color="#e8883a"/></linearGradient>
<radialGradient id="glow" cx="0.7" cy="0.78" r="0.5"><stop offset="0" stop-color="#f59e0b" stop-opacity="0.55"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1600" height="900" fill="url(#sky)"/>
<rect width="1600" height="900" fill="url(#glow)"/>
<path d="${ridge(640, 120, 7)}" fill="#4a2f24" opacity="0.75"/>
<path d="${ridge(720, 110, 19)}" fill="#2f2520"/>
<path d="${ridge(800, 90, 31)}" fill="#1b211d"/>
<path d="${pines(820, 44, 5, 1.1)}" fill="#141a16"/>
<rect y="820" width="1600" height="80" fill="#141a16"/>
<g fill="#fbbf24" opacity="0.8"><circle cx="1120" cy="520" r="3"/><circle cx="1180" cy="470" r="2"/><circle cx="1060" cy="430" r="2.5"/><circle cx="1240" cy="560" r="2"/><circle cx="990" cy="500" r="1.8"/></g>
</svg>
`;
}

/** The innovations page hero: first light over a regrowing slope, a network of ideas above it. */
function innovationsHero() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600" preserveAspectRatio="xMidYMid slice">
<defs>
<linearGradient id="dawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f3a2a"/><stop offset="0.6" stop-color="#1f5134"/><stop offset="1" stop-color="#d98a3a"/></linearGradient>
<radialGradient id="sun" cx="0.78" cy="0.86" r="0.35"><stop offset="0" stop-color="#fde68a" stop-opacity="0.9"/><stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1200" height="600" fill="url(#dawn)"/>
<rect width="1200" height="600" fill="url(#sun)"/>
<g stroke="#fde68a" stroke-opacity="0.35" stroke-width="2" fill="none"><path d="M120 120L300 80 480 150 660 90 840 140 1020 70M300 80l-20 130 200-60M660 90l40 120 140-70"/></g>
<g fill="#fde68a" fill-opacity="0.7"><circle cx="120" cy="120" r="6"/><circle cx="300" cy="80" r="8"/><circle cx="480" cy="150" r="6"/><circle cx="660" cy="90" r="9"/><circle cx="840" cy="140" r="6"/><circle cx="1020" cy="70" r="7"/><circle cx="280" cy="210" r="5"/><circle cx="700" cy="210" r="5"/></g>
<path d="${ridge(470, 80, 11, 1200, 600)}" fill="#24432f"/>
<path d="${ridge(530, 60, 23, 1200, 600)}" fill="#16301f"/>
<path d="${pines(560, 34, 13, 0.9, 1200)}" fill="#0f2418"/>
<rect y="558" width="1200" height="42" fill="#0f2418"/>
</svg>
`;
}

const PREVIEW_PALETTES = {
  ember: ['#3b1d12', '#c2410c', '#fbbf24'],
  forest: ['#10251c', '#1f5134', '#a3e635'],
  sky: ['#0b2540', '#0f4c81', '#7dd3fc'],
  dusk: ['#2a1f33', '#7c3a5a', '#f59e0b'],
  consortium: ['#133222', '#1f5134', '#f59e0b'],
};

/** A clip preview: a stage with the speaker and their slide, in one of five palettes. */
function preview(palette, caption) {
  const [dark, mid, light] = PREVIEW_PALETTES[palette];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#bg)"/>
<path d="${ridge(330, 50, palette.length * 7, 640, 360)}" fill="${dark}" opacity="0.6"/>
<rect x="250" y="54" width="330" height="190" rx="10" fill="#fff" opacity="0.94"/>
<rect x="276" y="82" width="170" height="16" rx="8" fill="${mid}"/>
<rect x="276" y="116" width="270" height="10" rx="5" fill="${dark}" opacity="0.35"/>
<rect x="276" y="138" width="240" height="10" rx="5" fill="${dark}" opacity="0.35"/>
<rect x="276" y="160" width="256" height="10" rx="5" fill="${dark}" opacity="0.35"/>
<path d="M480 222l30-40 20 26 14-16 22 30z" fill="${light}"/>
<circle cx="140" cy="150" r="42" fill="${light}"/>
<path d="M60 320c0-70 36-112 80-112s80 42 80 112z" fill="${light}"/>
<text x="24" y="40" font-family="system-ui, sans-serif" font-size="20" font-weight="700" fill="#fff">${escapeXml(caption)}</text>
</svg>
`;
}

function write(relative, text) {
  const file = path.join(media, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote public/media/${relative} (${Buffer.byteLength(text)} bytes)`);
}

for (const [slug, name, background, accent, motif] of LOGOS)
  write(`logos/${slug}.svg`, logo(name, background, accent, motif));
for (const palette of ['ember', 'forest', 'sky', 'dusk'])
  write(`previews/pitch-${palette}.svg`, preview(palette, 'Wildfire Innovation Showcase'));
write('previews/consortium-update.svg', preview('consortium', 'Consortium update'));
const EVENTS = [
  ['11172024', 'ember', 'Fall 2024 showcase: full recording'],
  ['02052025', 'sky', 'Winter 2025 showcase: full recording'],
  ['04232025', 'forest', 'Spring 2025 showcase: full recording'],
  ['07162025', 'dusk', 'Summer 2025 showcase: full recording'],
];
for (const [date, palette, caption] of EVENTS) write(`previews/event-${date}.svg`, preview(palette, caption));
write('hero/presentations-poster.svg', presentationsHero());
write('hero/innovations-hero.svg', innovationsHero());
