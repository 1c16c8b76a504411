// The flags the end-to-end tests and the first-load measurement start Chromium with: no sandbox
// (these machines run as root), no GPU, and none of Chromium's own background downloads, which
// would otherwise be counted with the site's. Plain CommonJS so playwright.config.ts and the .mjs
// scripts read one list.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

module.exports = { CHROMIUM_ARGS };
