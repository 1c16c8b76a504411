import type { EngineDriver } from './driver';

/**
 * Longer than any one command's own limit (a page load 30 s, a script 30 s, an element wait
 * 20 s), and short enough that a hang is named before the test's 60 s run out.
 */
export const COMMAND_DEADLINE_MS = 40_000;

/** An engine's driver whose every command has a deadline, and which says when one was missed. */
export interface GuardedDriver extends EngineDriver {
  /**
   * A command had no answer by its deadline, or ran into the browser's own limit (a page load or
   * a script that did not finish): this session may never answer again, or not in time.
   */
  readonly hung: boolean;
}

/** The errors of a browser's own limits (W3C WebDriver "timeout", "script timeout"), by selenium's names. */
const BROWSER_TIMEOUTS = new Set(['TimeoutError', 'ScriptTimeoutError']);

/**
 * WebKitGTK's WebDriver can stop answering altogether (WebKit's own WebDriver test runner restarts
 * the browser when a command hangs: WebKit/WebKit#73421); a CI run on a loaded machine had two
 * WebKit tests run into their 60 s timeout one after the other, with no command named. Here a
 * command that misses its deadline fails with its name, and the test file starts a new session.
 * So does a page load or script past the browser's own limit: on a loaded machine (28 November,
 * f10) the same two WebKit tests, the file's last, each timed out loading a page in both of its
 * attempts in one session, after some forty pages had loaded in it; a retry deserves a new one.
 */
export function guard(driver: EngineDriver, deadlineMs = COMMAND_DEADLINE_MS): GuardedDriver {
  let hung = false;
  const within = <T>(what: string, command: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        hung = true;
        reject(new Error(`${driver.engine}: ${what} had no answer within ${deadlineMs / 1000} s`));
      }, deadlineMs);
    });
    const watched = command.catch((error: unknown) => {
      if (error instanceof Error && BROWSER_TIMEOUTS.has(error.name)) hung = true;
      throw error;
    });
    return Promise.race([watched, deadline]).finally(() => clearTimeout(timer));
  };
  return {
    engine: driver.engine,
    get hung() {
      return hung;
    },
    goto: (path) => within(`opening ${path}`, driver.goto(path)),
    reload: () => within('the reload', driver.reload()),
    evaluate: (fn, ...args) => within(`the script ${fn.name || '(anonymous)'}`, driver.evaluate(fn, ...args)),
    click: (selector) => within(`the click on ${selector}`, driver.click(selector)),
    type: (selector, text) => within(`typing into ${selector}`, driver.type(selector, text)),
    press: (key) => within(`the key ${key}`, driver.press(key)),
    paste: () => within('the paste', driver.paste()),
    takeScriptErrors: () => within('reading the script errors', driver.takeScriptErrors()),
    close: () => driver.close(),
  };
}

/** Whether a promise settles within the time given (a close or quit of a session that may be hung). */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
