// The design tokens (shared/src/tokens.css) for build steps that draw outside CSS: share images,
// icons and the web app manifest take their colours from the same file as the pages.
const fs = require('node:fs');
const path = require('node:path');

const TOKENS_FILE = path.join(__dirname, '..', 'src', 'tokens.css');

/** { 'color-forest': '#1f5134', ... }: every `--wpc-*` custom property of :root. */
function designTokens() {
  const css = fs.readFileSync(TOKENS_FILE, 'utf8');
  return Object.fromEntries(
    [...css.matchAll(/--wpc-([a-z0-9-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]),
  );
}

/** A colour token, which must be a plain #rrggbb value to be drawn. */
function colourToken(name) {
  const value = designTokens()[`color-${name}`];
  if (!/^#[0-9a-f]{6}$/i.test(value ?? '')) throw new Error(`tokens.css has no #rrggbb --wpc-color-${name}`);
  return value;
}

module.exports = { designTokens, colourToken };
