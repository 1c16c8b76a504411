// The page's one inline script, and what the edge and the build agree on around it. Kept out of
// the page contract (shared/src/page-contract.cjs), which browser bundles import: only the build
// writes this into the shell's documents, and the edge allows it by its hash in the page's
// Content-Security-Policy.

const { EARLY_CONTROLS_SCRIPT } = require('./early-controls.cjs');
const { EARLY_POPUPS_SCRIPT } = require('./early-popups.cjs');

/** The shell's entry script: its file name is fixed (webpack.base.cjs, output.filename). */
const SHELL_ENTRY = '/main.js';

/** The <template> in which the edge keeps what the page needs only once scripts run. */
const AFTER_PAINT_ID = 'wpc-after-paint';

/**
 * Starts the shell once the server's HTML is on screen. A script that runs before the first frame
 * holds that frame back (the browser paints between tasks, and a deferred script is one), so the
 * page would show only after the whole start-up, hydration included. Here the page shows first:
 * once the document is parsed, its hero images (fetchpriority="high", the page's largest content)
 * have loaded and the browser has reported its first contentful paint (where it reports paints),
 * two more animation frames pass. Then the stylesheets and preloads kept in the template go into
 * the head and the shell's entry script is added. A hidden tab draws no frames, so there it
 * starts at once; and whatever happens, it starts within SAFETY_MS.
 * Runs in the page as written: plain ES2017, no dependencies, no comments inside.
 */
const SAFETY_MS = 3000;

function startAfterPaint(entry, templateId, safetyMs) {
  const doc = document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const template = doc.getElementById(templateId);
    if (template) doc.head.appendChild(template.content);
    const script = doc.createElement('script');
    script.src = entry;
    doc.head.appendChild(script);
  };
  const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
  const afterFirstPaint = () => {
    if (!(PerformanceObserver.supportedEntryTypes || []).includes('paint')) return afterTwoFrames();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterTwoFrames();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  const whenParsed = () => {
    if (doc.visibilityState === 'hidden') return start();
    setTimeout(start, safetyMs);
    const loading = [...doc.querySelectorAll('img[fetchpriority="high"]')].filter((image) => !image.complete);
    let waiting = loading.length;
    if (!waiting) return afterFirstPaint();
    const settled = () => {
      waiting -= 1;
      if (!waiting) afterFirstPaint();
    };
    for (const image of loading) {
      image.addEventListener('load', settled, { once: true });
      image.addEventListener('error', settled, { once: true });
    }
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
}

// The early pop-ups and controls first: they answer a tap from the moment the page is parsed.
const START_SCRIPT = `${EARLY_POPUPS_SCRIPT};${EARLY_CONTROLS_SCRIPT};(${startAfterPaint})(${JSON.stringify(SHELL_ENTRY)},${JSON.stringify(AFTER_PAINT_ID)},${SAFETY_MS})`;

module.exports = { SHELL_ENTRY, AFTER_PAINT_ID, START_SCRIPT };
