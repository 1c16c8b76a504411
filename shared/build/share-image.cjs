// Share images (Open Graph and Twitter cards): one 1200x630 PNG per route, drawn at build time from
// the page's title and an SVG illustration of its package. satori lays the card out and turns its
// text into paths with Noto Sans (shipped in @fontsource/noto-sans, so nothing is downloaded and
// no system font is involved), and resvg rasterises it: the same input gives the same bytes on
// any machine, so the hashed file name only changes when the picture does.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { Resvg } = require('@resvg/resvg-js');
const satori = require('satori').default;
const { colourToken } = require('./tokens.cjs');

const WIDTH = 1200;
const HEIGHT = 630;
const fontFile = (weight) =>
  fs.readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`));

let fonts;
const loadFonts = () =>
  (fonts ??= [
    { name: 'Noto Sans', data: fontFile(400), weight: 400, style: 'normal' },
    { name: 'Noto Sans', data: fontFile(700), weight: 700, style: 'normal' },
  ]);

const h = (type, style, children) => ({ type, props: { style, children } });

/** The card as satori's element tree: site name and title on the left, the illustration on the right. */
function card({ title, siteName, illustration }) {
  const forest = colourToken('forest-dark');
  const amber = colourToken('amber-light');
  const ember = colourToken('ember');
  const src = `data:image/svg+xml;base64,${Buffer.from(illustration).toString('base64')}`;
  const size = title.length > 40 ? 56 : 64;
  return h(
    'div',
    {
      width: WIDTH,
      height: HEIGHT,
      display: 'flex',
      alignItems: 'center',
      background: forest,
      padding: '64px 72px',
      fontFamily: 'Noto Sans',
    },
    [
      h('div', { display: 'flex', flexDirection: 'column', width: 600, marginRight: 36 }, [
        h('div', { color: amber, fontSize: 30, fontWeight: 700 }, siteName),
        h('div', { width: 120, height: 8, background: ember, margin: '24px 0 32px' }, []),
        h('div', { color: '#ffffff', fontSize: size, fontWeight: 700, lineHeight: 1.15 }, title),
      ]),
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          width: 420,
          height: 420,
          borderRadius: 24,
          background: '#ffffff',
        },
        [{ type: 'img', props: { src, width: 372, height: 372, style: { objectFit: 'contain' } } }],
      ),
    ],
  );
}

/** The PNG for one page. */
async function renderShareImage({ title, siteName, illustration }) {
  const svg = await satori(card({ title, siteName, illustration }), {
    width: WIDTH,
    height: HEIGHT,
    fonts: loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH }, font: { loadSystemFonts: false } }).render();
  return png.asPng();
}

/** "share/<name>.<hash>.png" under `outDir`, named by its content so it can be cached for good. */
function writeHashed(outDir, name, png) {
  const hash = crypto.createHash('sha256').update(png).digest('hex').slice(0, 10);
  const file = `share/${name}.${hash}.png`;
  fs.mkdirSync(path.join(outDir, 'share'), { recursive: true });
  fs.writeFileSync(path.join(outDir, file), png);
  return file;
}

module.exports = { renderShareImage, writeHashed, SHARE_IMAGE_SIZE: { width: WIDTH, height: HEIGHT } };
