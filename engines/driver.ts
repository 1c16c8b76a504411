/**
 * The small browser interface the engine tests are written against, once, for every engine:
 * Firefox ESR over WebDriver BiDi (./firefox.ts) and WebKitGTK's MiniBrowser over W3C WebDriver
 * (./webkit.ts). Everything a test does goes through real input (pointer clicks, key presses),
 * as a visitor would; `evaluate` only reads the page.
 */
export type EngineName = 'firefox' | 'webkit';

export const ENGINE_NAMES: readonly EngineName[] = ['firefox', 'webkit'];

/** The window every engine gets: wide enough for the desktop header (no hamburger menu). */
export const VIEWPORT = { width: 1280, height: 800 } as const;

export interface EngineDriver {
  readonly engine: EngineName;
  /** Opens a path of the site and waits for the page's load event. */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /**
   * Runs a function in the page and answers its result. The function is sent as source text:
   * it must use nothing from its closure, only its arguments.
   */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  /** A real click in the middle of the element (CSS selector, or XPath starting with "/" or "("). */
  click(selector: string): Promise<void>;
  /** Real key presses into the element, after focusing it. */
  type(selector: string, text: string): Promise<void>;
  press(key: 'Escape' | 'Enter'): Promise<void>;
  /** Ctrl+V: the browser pastes its clipboard into the focused element. */
  paste(): Promise<void>;
  /**
   * Uncaught errors and unhandled promise rejections the page raised since the last call
   * (from the page's first script where WATCHES_PAGE_LOAD says so, else from its load event on).
   */
  takeScriptErrors(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Whether an engine's driver sees script errors raised while a page loads. Firefox: yes (BiDi
 * log events, and a preload script). WebKit: no. WebKitWebDriver 2.50 speaks classic WebDriver
 * only (it refuses `webSocketUrl`, so no BiDi), has no log endpoint, and MiniBrowser ignores its
 * console-to-stdout setting under --automation; classic WebDriver runs a script only after the
 * load event, so errors are recorded from then on (hydration, every interaction).
 */
export const WATCHES_PAGE_LOAD: Readonly<Record<EngineName, boolean>> = { firefox: true, webkit: false };

export function isXPath(selector: string): boolean {
  return selector.startsWith('/') || selector.startsWith('(');
}

/** What takeScriptErrors answers for a page where the recorder is missing. */
export const NO_RECORDER = 'The error recorder is not installed in this page, so its script errors cannot be read';

/**
 * Records uncaught errors and unhandled rejections in the page (window.__engineErrors), as
 * source text so each driver can install it its own way. A resource that fails to load (an image,
 * a map tile) raises no error on window, so only script errors are kept.
 */
export const ERROR_RECORDER = `(() => {
  if (window.__engineErrors) return;
  const errors = [];
  Object.defineProperty(window, '__engineErrors', { value: errors });
  window.addEventListener('error', (event) => {
    errors.push(event.message + (event.filename ? ' (' + event.filename + ':' + event.lineno + ')' : ''));
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    errors.push('Unhandled rejection: ' + String(reason && reason.message ? reason.message : reason));
  });
})();`;

/**
 * Reads and empties what ERROR_RECORDER kept. A page without the recorder reports that as an
 * error of its own: a recorder that never installed must not read as a page without errors.
 */
export const TAKE_RECORDED_ERRORS = `const errors = window.__engineErrors;
if (!Array.isArray(errors)) return ['${NO_RECORDER}'];
return errors.splice(0, errors.length);`;
