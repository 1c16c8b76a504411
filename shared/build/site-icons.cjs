// The site's icons and web app manifest, drawn at build time from the logo SVG with the design
// tokens' colours: /favicon.ico (16, 32 and 48 px), /apple-touch-icon.png (180 px),
// /icons/icon-<size>.png and /site.webmanifest. Their names are fixed (browsers and other clients
// ask for them by name), so they are revalidated rather than cached for good.
const fs = require('node:fs');
const path = require('node:path');
const { Resvg } = require('@resvg/resvg-js');
const { colourToken } = require('./tokens.cjs');

const png = (svg, size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

/** The logo on a square of the background colour, with room around it (a maskable icon's safe zone). */
function padded(svg, background) {
  const inner = Buffer.from(svg).toString('base64');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100"><rect width="100" height="100" fill="${background}"/><image x="15" y="15" width="70" height="70" xlink:href="data:image/svg+xml;base64,${inner}"/></svg>`;
}

async function writeSiteIcons({ logo, outDir, name, shortName, description }) {
  const { default: pngToIco } = await import('png-to-ico');
  const svg = fs.readFileSync(logo, 'utf8');
  const theme = colourToken('forest');
  const background = colourToken('forest-dark');
  fs.mkdirSync(path.join(outDir, 'icons'), { recursive: true });
  fs.writeFileSync(path.join(outDir, 'favicon.ico'), await pngToIco([16, 32, 48].map((size) => png(svg, size))));
  fs.writeFileSync(path.join(outDir, 'apple-touch-icon.png'), png(padded(svg, background), 180));
  const icons = [];
  for (const size of [192, 512]) {
    const file = `icons/icon-${size}.png`;
    fs.writeFileSync(path.join(outDir, file), png(svg, size));
    icons.push({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' });
  }
  fs.writeFileSync(path.join(outDir, 'icons/icon-maskable-512.png'), png(padded(svg, background), 512));
  icons.push({ src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' });
  const manifest = {
    name,
    short_name: shortName,
    description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    lang: 'en',
    theme_color: theme,
    background_color: colourToken('surface'),
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }, ...icons],
  };
  fs.writeFileSync(path.join(outDir, 'site.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);
}

module.exports = { writeSiteIcons };
