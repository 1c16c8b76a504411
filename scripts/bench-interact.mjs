// How fast each kind of control answers on a phone (issue 32). For every control: a fresh mobile
// context (390 px wide, touch), CPU slowed 4x and the network at 150 ms round trip and 1.6 Mbps
// (Lighthouse's mobile profile applied as DevTools throttling), the page loaded and hydrated, 1.5 s
// of reading, then a tap. It prints, as the median of BENCH_RUNS runs (default 5):
//  - visible: from the tap (its pointerdown) until the first frame showing the control's result has
//    been painted, and for dialogs also the frame showing the form complete (its fields), or the
//    share box's links;
//  - Event Timing: the longest event of the tap's interaction (duration = input to next paint, what
//    INP is made of; the API reports only events of 16 ms and more, so "< 16" means under that);
// and the same again for a tap 1 s after the load event, hydrated or not (issue 38 item 14; a tap that
// leaves the page is timed to the next page's first contentful paint);
// and next to them Lighthouse's Total Blocking Time of each route (median of LIGHTHOUSE_RUNS, 3).
// Figures only, nothing asserts; the machine's load average is printed, as TBT grows on a busy one.
// Usage: npm run bench:interact [-- <control name part> ...]   (the site must be running: npm start)
// env: SITE_URL (default http://localhost:$EDGE_PORT), BENCH_RUNS, LIGHTHOUSE_RUNS (0 skips it),
//      CHROMIUM_PATH
import os from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumPath, lighthouseRun, loadAverage, median, requireSite } from './lighthouse.mjs';

const site = process.env.SITE_URL ?? `http://localhost:${process.env.EDGE_PORT ?? 3000}`;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const READING_MS = 1500;
// "A tap 1 s after load" (issue 38 item 14): the time after the load event of the early tap.
const EARLY_MS = 1000;
const MODES = ['hydrated', 'early'];
// Lighthouse's mobile profile (its "slow 4G" figures), applied to the browser rather than simulated.
const PROFILE = { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, width: 390, height: 844 };
const TARGETS = { visibleMs: 200, eventMs: 100, tbtMs: 50 };

const dialogComplete = `(() => { const d = document.querySelector('[role="dialog"]'); return Boolean(d && d.checkVisibility() && d.querySelector('form input[name="email"]')); })()`;
const dialogOpen = `(() => { const d = document.querySelector('[role="dialog"]'); return Boolean(d && d.checkVisibility()); })()`;

/**
 * The controls: where each is, how to find it, and what on screen says it answered. `target` is
 * a CSS selector run in the page (the first match is tapped); `visible` and `complete` are page
 * expressions that become true once the result is on screen; `ready` waits for what must exist
 * before a visitor could use the control (the map's own code); `first` is tapped before the reading.
 */
const CONTROLS = [
  {
    name: 'header dropdown',
    route: '/',
    // At phone width the menus sit behind the hamburger button, opened before the reading time.
    first: 'header button[aria-expanded]:not([data-menu-toggle])',
    target: 'header button[data-menu-toggle]',
    // 1 s after load the menu button itself is tapped: its list shows.
    early: {
      target: 'header button[aria-expanded]:not([data-menu-toggle])',
      visible: `(() => { const b = document.querySelector('header button[aria-expanded]:not([data-menu-toggle])'); return b.getAttribute('aria-expanded') === 'true' && document.getElementById(b.getAttribute('aria-controls')).checkVisibility(); })()`,
    },
    visible: `(() => { const b = document.querySelector('header button[data-menu-toggle]'); const list = document.getElementById(b.getAttribute('aria-controls')); return !list.hidden && list.checkVisibility(); })()`,
  },
  {
    name: 'FAQ question',
    route: '/scorecard/faq',
    target: 'main button[aria-expanded][aria-controls]',
    visible: `(() => { const b = document.querySelector('main button[aria-expanded][aria-controls]'); const panel = document.getElementById(b.getAttribute('aria-controls')); return !panel.hidden && panel.checkVisibility(); })()`,
  },
  {
    name: 'presentations tab',
    route: '/showcase/presentations',
    target: 'main [role="tab"][aria-selected="false"]',
    // The tab chosen before the tap is remembered in a property the page does not use.
    prepare: `document.querySelector('main [role="tab"][aria-selected="false"]').dataset.benchTarget = ''`,
    // The tab shows as chosen; complete once the panel on screen shows that showcase (labelled by
    // its tab). Every showcase has a panel in the page, the others hidden; one waiting for the
    // stored choice is invisible (visibility), so it is not on screen either.
    visible: `document.querySelector('[data-bench-target]').getAttribute('aria-selected') === 'true'`,
    complete: `[...document.querySelectorAll('main [role="tabpanel"]')].find((panel) => panel.checkVisibility({ visibilityProperty: true }))?.getAttribute('aria-labelledby') === document.querySelector('[data-bench-target]').id`,
  },
  {
    name: 'Download Scorecard (form dialog)',
    route: '/scorecard',
    target: 'main section button[aria-haspopup="dialog"]',
    visible: dialogOpen,
    complete: dialogComplete,
  },
  {
    name: 'Become a Sponsor (form dialog)',
    route: '/sponsors',
    target: 'main button[aria-haspopup="dialog"]',
    visible: dialogOpen,
    complete: dialogComplete,
  },
  {
    name: 'home card button (form dialog)',
    route: '/',
    target: 'main section[data-variant] button[aria-haspopup="dialog"]',
    visible: dialogOpen,
    complete: dialogComplete,
  },
  {
    name: 'Share (share box)',
    route: '/',
    // The footer's one button.
    target: 'footer button',
    visible: dialogOpen,
    complete: `(() => { const d = document.querySelector('[role="dialog"]'); return Boolean(d && d.checkVisibility() && d.querySelector('a[href*="facebook.com"]')); })()`,
  },
  {
    name: 'map zoom button',
    route: '/map',
    target: '.leaflet-control-zoom-in',
    // Leaflet's own control, not React's.
    nativeTarget: true,
    ready: `Boolean(document.querySelector('.leaflet-marker-icon') && document.querySelector('.leaflet-control-zoom-in'))`,
    prepare: `document.querySelector('.leaflet-container').dataset.benchZoom = document.querySelector('.leaflet-container').dataset.zoom`,
    // The zoom animation has begun (Leaflet marks its map pane), or without animation the zoom has changed.
    visible: `(() => { const map = document.querySelector('.leaflet-container'); return Boolean(map.querySelector('.leaflet-map-pane.leaflet-zoom-anim')) || map.dataset.zoom !== map.dataset.benchZoom; })()`,
  },
  {
    name: 'self-assessment answer',
    route: '/scorecard/assess',
    target: 'main fieldset input[type="radio"]',
    // The answer is taken: its question now shows "Clear answer" (in the HTML from the start, hidden until then).
    visible: `(() => { const field = document.querySelector('main fieldset'); return Boolean(field.querySelector('input[type="radio"]:checked') && [...field.querySelectorAll('button')].some((b) => b.textContent.startsWith('Clear answer') && b.checkVisibility())); })()`,
  },
];

/** Runs in the page before its own scripts: records the tap and the Event Timing entries after it. */
function installProbe() {
  const probe = { tapAt: undefined, events: [] };
  window.__benchProbe = probe;
  addEventListener(
    'pointerdown',
    (event) => {
      if (probe.tapAt !== undefined) return;
      probe.tapAt = event.timeStamp;
      // A tap before hydration may follow a plain link or form to another page: the next page
      // reads when the tap was, on the clock both pages share.
      sessionStorage.setItem('benchTapEpoch', String(performance.timeOrigin + event.timeStamp));
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        probe.events.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** In the page: when the first frame in which each condition holds has been painted, in ms after the tap. */
function watchResult({ visible, complete }) {
  const probe = window.__benchProbe;
  // Armed now: a tap before this one (the hamburger's) is not the one measured.
  probe.tapAt = undefined;
  // Compiled once: the probe must cost the page next to nothing in each frame it checks.
  const predicate = (expression) => new Function(`return Boolean(${expression});`);
  const checks = { visible: predicate(visible), complete: complete && predicate(complete) };
  probe.result = new Promise((resolve) => {
    const seen = {};
    const pending = new Set();
    // A frame whose DOM shows the result is on screen once its rendering is done: a task posted
    // from its animation-frame callback runs after that frame's style, layout and paint.
    const afterPaint = (key) => {
      pending.add(key);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        seen[key] = performance.now() - probe.tapAt;
        pending.delete(key);
        if (seen.visible !== undefined && (!complete || seen.complete !== undefined)) resolve(seen);
      };
      channel.port2.postMessage(undefined);
    };
    const frame = () => {
      if (probe.tapAt !== undefined) {
        if (seen.visible === undefined && !pending.has('visible') && checks.visible()) afterPaint('visible');
        if (complete && seen.complete === undefined && !pending.has('complete') && checks.complete())
          afterPaint('complete');
      }
      if (seen.visible === undefined || (complete && seen.complete === undefined)) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** True once React owns the element (hydrated or rendered it). */
const reactOwns = (selector) =>
  `Object.keys(document.querySelector(${JSON.stringify(selector)}) ?? {}).some((key) => key.startsWith('__reactFiber$'))`;

/** In the next page, after a tap that navigated: its first contentful paint, in ms after the tap. */
function paintAfterTap() {
  const tapEpoch = Number(sessionStorage.getItem('benchTapEpoch'));
  return new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      const paint = list.getEntriesByName('first-contentful-paint')[0];
      if (!paint) return;
      observer.disconnect();
      const ms = performance.timeOrigin + paint.startTime - tapEpoch;
      // A form page carries no script: its form is complete in its first paint.
      resolve({ visible: ms, complete: document.querySelector('form input[name="email"]') ? ms : undefined });
    }).observe({ type: 'paint', buffered: true });
  });
}

/** The tap and its result; a tap that follows a link or a form to another page is timed to that page's first paint. */
async function tapAndWatch(page, control) {
  // Another page, not the same page's address changing (the FAQ's question goes into the hash).
  const navigated = page
    .waitForURL((url) => url.pathname !== control.route, { waitUntil: 'commit', timeout: 15_000 })
    .then(
      () => 'navigated',
      () => undefined,
    );
  await page.locator(control.target).first().tap({ timeout: 10_000 });
  const inPage = page
    .evaluate(() =>
      Promise.race([window.__benchProbe.result, new Promise((resolve) => setTimeout(() => resolve({}), 15_000))]),
    )
    .catch(() => 'navigated');
  const outcome = await Promise.race([inPage, navigated]);
  if (outcome !== 'navigated') return { ...outcome, events: await tapEvents(page) };
  await page.waitForURL((url) => url.pathname !== control.route, { waitUntil: 'load', timeout: 30_000 });
  return { ...(await page.evaluate(paintAfterTap)), navigated: true, events: [] };
}

async function tapEvents(page) {
  // Event Timing entries arrive after the frame that ends them.
  await page.waitForTimeout(500);
  return page.evaluate(() =>
    window.__benchProbe.events.filter((entry) => entry.startTime >= window.__benchProbe.tapAt - 1),
  );
}

/** After hydration: the page's own code is there, the visitor has read 1.5 s. */
async function afterHydration(page, control) {
  for (const selector of ['header', 'footer', 'main h1', ...(control.nativeTarget ? [] : [control.target])])
    await page.waitForFunction(reactOwns(selector), undefined, { timeout: 60_000 });
  if (control.ready) await page.waitForFunction(control.ready, undefined, { timeout: 60_000 });
  if (control.first) await page.locator(control.first).first().tap();
  await page.locator(control.target).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(READING_MS);
}

/**
 * 1 s after the load event, whatever has arrived by then (issue 38 item 14). The control's own
 * early form is tapped: for the header, the menu button itself (its dropdowns sit behind it).
 * A control not on the page yet (the map's, drawn by its script) is a result of its own.
 */
async function earlyTapPossible(page, control) {
  await page.waitForTimeout(EARLY_MS);
  return (await page.locator(control.target).count()) > 0;
}

async function measureOnce(browser, control, mode) {
  const context = await browser.newContext({
    viewport: { width: PROFILE.width, height: PROFILE.height },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    // The probes are page expressions, which the site's policy (no eval) would refuse.
    bypassCSP: true,
  });
  // The share box copies the address: a phone allows that on a tap.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
  // No tile host can be reached here; the map's tiles are not what is measured.
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (request) => request.abort(),
  );
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: (PROFILE.downloadKbps * 1024) / 8,
    uploadThroughput: (PROFILE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  try {
    await page.goto(`${site}${control.route}`, { waitUntil: 'load', timeout: 60_000 });
    const tapped = mode === 'early' ? { ...control, ...control.early } : control;
    if (mode === 'early') {
      if (!(await earlyTapPossible(page, tapped))) return { absent: true, eventMs: 0 };
    } else await afterHydration(page, control);
    if (tapped.prepare) await page.evaluate(tapped.prepare);
    await page.evaluate(watchResult, { visible: tapped.visible, complete: tapped.complete });
    control.label ??= await page
      .locator(control.target)
      .first()
      .evaluate((element) =>
        (
          element.textContent?.trim() ||
          element.closest('label')?.textContent?.trim() ||
          element.getAttribute('aria-label') ||
          ''
        ).slice(0, 40),
      );
    const result = await tapAndWatch(page, tapped);
    const longest = result.events.reduce((max, entry) => Math.max(max, entry.duration), 0);
    return { visible: result.visible, complete: result.complete, eventMs: longest, navigated: result.navigated };
  } finally {
    await context.close();
  }
}

const wanted = process.argv.slice(2).map((name) => name.toLowerCase());
const controls = wanted.length
  ? CONTROLS.filter((control) => wanted.some((name) => control.name.toLowerCase().includes(name)))
  : CONTROLS;
if (!controls.length) {
  console.error(`No control matches ${wanted.join(', ')}; the controls: ${CONTROLS.map((c) => c.name).join(', ')}`);
  process.exit(2);
}
await requireSite(site);
const loadAtStart = loadAverage();

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
/** The median of each figure over the runs of one control in one mode. */
function summarise(control, samples) {
  const values = (key) => samples.map((sample) => sample[key]).filter((value) => value !== undefined);
  return {
    visible: values('visible').length ? median(values('visible')) : undefined,
    complete: values('complete').length ? median(values('complete')) : undefined,
    eventMs: median(values('eventMs')),
    missed: samples.filter((sample) => sample.visible === undefined && !sample.absent).length,
    absent: samples.filter((sample) => sample.absent).length,
    navigated: samples.filter((sample) => sample.navigated).length,
  };
}

const rows = [];
try {
  for (const control of controls) {
    const row = { control };
    for (const mode of MODES) {
      const samples = [];
      for (let run = 0; run < runs; run++) {
        // A run that fails (a timeout on a busy machine) counts as one without a result.
        samples.push(
          await measureOnce(browser, control, mode).catch((error) => {
            console.error(`${control.name} (${mode}): run ${run + 1} failed: ${error.message.split('\n')[0]}`);
            return { eventMs: 0 };
          }),
        );
      }
      row[mode] = summarise(control, samples);
      console.error(
        `measured ${control.name} ("${control.label}"), ${mode}: ${samples.map((s) => (s.absent ? 'absent' : Math.round(s.complete ?? s.visible ?? -1) + (s.navigated ? ' (page)' : ''))).join(', ')} ms`,
      );
    }
    rows.push(row);
  }
} finally {
  await browser.close();
}

const tbt = new Map();
if (lighthouseRuns > 0) {
  for (const route of new Set(controls.map((control) => control.route))) {
    const samples = [];
    for (let run = 0; run < lighthouseRuns; run++) {
      // A run Lighthouse could not record (a busy machine) is left out, not the whole benchmark.
      const result = await lighthouseRun(site, route).catch((error) => console.error(error.message));
      if (result) samples.push(result.tbtMs);
    }
    if (samples.length) tbt.set(route, median(samples));
    console.error(`Lighthouse ${route}: TBT ${samples.map(Math.round).join(', ')} ms`);
  }
}

const ms = (value) => (value === undefined ? 'never' : `${Math.round(value)} ms`);
const event = (value) => (value < 16 ? '< 16 ms' : ms(value));
console.log(
  `\nInteractions on ${site}: ${PROFILE.width} px, touch, CPU ${PROFILE.cpuSlowdown}x slower, ${PROFILE.latencyMs} ms round trip, ${PROFILE.downloadKbps / 1024} Mbps down. After hydration: page loaded and hydrated, ${READING_MS / 1000} s of reading, then a tap. 1 s after load: a tap ${EARLY_MS / 1000} s after the load event, hydrated or not ("page": it followed a link or form, timed to that page's first paint). Median of ${runs} runs; TBT: Lighthouse mobile, median of ${lighthouseRuns}.`,
);
console.log(
  `Load average (1, 5, 15 min) at start: ${loadAtStart}; at end: ${loadAverage()} (${os.cpus().length} CPUs)\n`,
);

/** What in one mode's figures misses a target. */
function misses(figures, mode) {
  return [
    (figures.visible === undefined || figures.visible > TARGETS.visibleMs) && `${mode} visible`,
    figures.complete !== undefined && figures.complete > TARGETS.visibleMs && `${mode} complete`,
    figures.eventMs > TARGETS.eventMs && `${mode} event`,
    figures.missed && `${mode}: ${figures.missed} run(s) without a result`,
    figures.absent && `${mode}: not on the page in ${figures.absent} run(s)`,
  ];
}

console.log(
  '| Control | Route | Result visible | Complete (dialogs, tab panel) | Event Timing | Tap 1 s after load: visible | complete | Event Timing | Route TBT | Misses |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const routeTbt = tbt.get(row.control.route);
  const { hydrated, early } = row;
  const missed = [
    ...misses(hydrated, 'hydrated'),
    row.control.complete && hydrated.complete === undefined && 'never complete',
    ...misses(early, '1 s'),
    routeTbt !== undefined && routeTbt > TARGETS.tbtMs && 'TBT',
  ].filter(Boolean);
  const page = early.navigated ? ` (page ${early.navigated}/${runs})` : '';
  console.log(
    `| ${row.control.name} | \`${row.control.route}\` | ${ms(hydrated.visible)} | ${row.control.complete ? ms(hydrated.complete) : '-'} | ${event(hydrated.eventMs)} | ${early.absent === runs ? 'not there' : ms(early.visible) + page} | ${early.complete === undefined ? '-' : ms(early.complete)} | ${early.navigated === runs ? '-' : event(early.eventMs)} | ${routeTbt === undefined ? '-' : ms(routeTbt)} | ${missed.join(', ') || '-'} |`,
  );
}
console.log(
  `\nTargets (issue 32, issue 38 item 14): every result visible and every dialog complete within ${TARGETS.visibleMs} ms, Event Timing within ${TARGETS.eventMs} ms, after hydration and 1 s after load; TBT within ${TARGETS.tbtMs} ms.`,
);
